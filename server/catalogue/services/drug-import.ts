// drugs/import-drugs and drugs/import-drugs-logs (spec 002 §7 line 184): the drug catalogue from an
// .xlsx read as every resource document's import reads one (resource-documents: the header names
// the columns by the labels of schemas/crud/drugs.crud.json's block, 状态 by its name, each row
// submitted as the dialog submits it; a refused row listed with its line and message). What drugs
// add: the cover switch (a row whose code is a live drug's updates it) and a log row per import.
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/errors';
import { dateTime, type DialogCheck } from '../../forms/index';
import { readSheetRows, sheetRowBody, submitResource, type ResourceDocument } from '../../resource-documents/index';
import { insertDrugImportLog, listDrugImportLogs } from '../repositories/drug-imports';
import { findDrugByCode } from '../repositories/drugs';

/** Rows one file may hold (each is a submit with the dialog's rules). */
export const MAX_DRUG_IMPORT_ROWS = 2000;

export interface DrugImportOutcome {
  id: string;
  fileName: string;
  total: number;
  /** Rows added or, with the cover switch, written over a drug of the same code. */
  imported: number;
  refused: number;
  problems: { line: number; msg: string }[];
}

/**
 * Imports the sheet's drugs into the caller's tenant; the refused rows are listed, the log kept.
 * `cover`: a row whose code is a live drug's updates it (over the version just read) instead of
 * being refused as a taken code.
 */
export async function importDrugs(
  ctx: DialogCheck,
  document: ResourceDocument,
  fileName: string,
  content: Buffer,
  cover: boolean,
  actor: Actor,
): Promise<DrugImportOutcome> {
  const rows = await readSheetRows(document.block, content, MAX_DRUG_IMPORT_ROWS);
  const problems: { line: number; msg: string }[] = [];
  let imported = 0;
  for (const { line, values } of rows) {
    try {
      const body = sheetRowBody(document.block, values);
      const existing = cover && values.ypbm ? await findDrugByCode(ctx.db, ctx.tenantId, values.ypbm) : undefined;
      const sent = existing ? { ...body, id: existing.id, rowVersion: existing.row_version } : body;
      await submitResource(ctx, document.block, sent, actor);
      imported += 1;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      problems.push({ line, msg: e.message });
    }
  }
  const log = { fileName, total: rows.length, imported, problems };
  const id = await insertDrugImportLog(ctx.db, ctx.tenantId, log, actor.userId, ctx.now);
  return { id, ...log, refused: problems.length };
}

/** drugs/import-drugs-logs: one page of the tenant's imports, newest first. */
export async function drugImportLogs(ctx: Pick<DialogCheck, 'db' | 'tenantId'>, current: number, size: number) {
  const { rows, total } = await listDrugImportLogs(ctx.db, ctx.tenantId, current, size);
  const records = rows.map((r) => ({
    id: r.id,
    fileName: r.file_name,
    total: r.total_rows,
    imported: r.imported_rows,
    refused: r.refused_rows,
    problems: JSON.parse(r.problems) as { line: number; msg: string }[],
    problemText: (JSON.parse(r.problems) as { line: number; msg: string }[]).map((p) => `第${p.line}行：${p.msg}`).join('；'),
    createUser: r.create_user ?? '',
    createUserName: r.create_user_name ?? '',
    createTime: dateTime(new Date(r.create_time)),
  }));
  return { records, total };
}
