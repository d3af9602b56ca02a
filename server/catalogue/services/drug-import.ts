// drugs/import-drugs and drugs/import-drugs-logs (spec 002 §7 line 184): the drug catalogue from an
// .xlsx whose header row names the catalogue's columns (the labels of schemas/crud/drugs.crud.json's
// resource block). Each row is submitted as the dialog submits it (the resource module's
// submitResource: the dialog form's rules, uniqueness, defaults); a row refused is listed with its
// sheet line and message and the others are added. Every import leaves a log row, read newest first.
import ExcelJS from 'exceljs';
import type { Actor } from '../../domain/actor';
import { DomainError, Refusal } from '../../domain/errors';
import { dateTime, type DialogCheck } from '../../forms/index';
import { submitResource, type ResourceDocument } from '../../resource-documents/index';
import { insertDrugImportLog, listDrugImportLogs } from '../repositories/drug-imports';
import { findDrugByCode } from '../repositories/drugs';
import { cellText } from '../../platform/services/excel-cell-text';

/** Rows one file may hold (each is a submit with the dialog's rules). */
export const MAX_DRUG_IMPORT_ROWS = 2000;

export const DRUG_IMPORT_MESSAGES = {
  unreadable: '无法读取Excel文件，请使用xlsx格式',
  noSheet: 'Excel文件中没有工作表',
  missing: (cols: string[]) => `导入文件缺少列：${cols.join('、')}`,
  empty: '导入文件中没有药品数据',
  tooMany: `一次最多导入${MAX_DRUG_IMPORT_ROWS}条药品`,
  badStatus: '状态只能填写启用或停用',
  tooLong: (label: string, n: number) => `${label}不能超过 ${n} 个字`,
} as const;

const STATUS: Readonly<Record<string, number>> = { 启用: 1, 停用: 0, 1: 1, 0: 0 };

/** The sheet's rows as property → text, with their line numbers; the header row names the columns by label. */
async function readDrugRows(document: ResourceDocument, content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new Refusal(DRUG_IMPORT_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Refusal(DRUG_IMPORT_MESSAGES.noSheet);
  const columns = Object.entries(document.block.columns);
  const columnOf = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, n) => {
    const title = cellText(cell).replace(/\*/g, '');
    const found = columns.find(([prop, c]) => c.label === title || prop === title);
    if (found) columnOf.set(found[0], n);
  });
  const missing = columns.filter(([prop, c]) => c.required && !columnOf.has(prop)).map(([, c]) => c.label);
  if (missing.length > 0) throw new Refusal(DRUG_IMPORT_MESSAGES.missing(missing));
  const rows: { line: number; values: Record<string, string> }[] = [];
  for (let line = 2; line <= sheet.rowCount; line++) {
    const sheetRow = sheet.getRow(line);
    const values = Object.fromEntries([...columnOf].map(([prop, n]) => [prop, cellText(sheetRow.getCell(n))]));
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ line, values });
    if (rows.length > MAX_DRUG_IMPORT_ROWS) throw new Refusal(DRUG_IMPORT_MESSAGES.tooMany);
  }
  if (rows.length === 0) throw new Refusal(DRUG_IMPORT_MESSAGES.empty);
  return rows;
}

/** A sheet row as a submit body: text within the document's limits, the status as its number. */
function submitBody(document: ResourceDocument, values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [prop, text] of Object.entries(values)) {
    const c = document.block.columns[prop]!;
    if (text === '') continue;
    if (prop === 'status') {
      const status = STATUS[text];
      if (status === undefined) throw new Refusal(DRUG_IMPORT_MESSAGES.badStatus);
      body[prop] = status;
      continue;
    }
    const limit = c.maxLength ?? 200;
    if (c.type === 'text' && text.length > limit) throw new Refusal(DRUG_IMPORT_MESSAGES.tooLong(c.label, limit));
    body[prop] = text;
  }
  return body;
}

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
  const rows = await readDrugRows(document, content);
  const problems: { line: number; msg: string }[] = [];
  let imported = 0;
  for (const { line, values } of rows) {
    try {
      const body = submitBody(document, values);
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
