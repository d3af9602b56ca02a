// An Excel import of a resource document (the block's `import`; issue 31): the sheet's header row
// names the columns by their labels (or property names; a trailing * of a required column's title is
// ignored), each row becomes a submit body — text within the column's limit, a `labels` column by
// its name or its code — and is submitted as the dialog submits it (submitResource: the dialog
// form's rules, uniqueness, references). A refused row is answered with its sheet line and message;
// the others are imported. Families with more to do around it (drugs' cover switch and log) reuse
// the reading and the row bodies.
import ExcelJS from 'exceljs';
import type { Actor } from '../../domain/actor';
import { DomainError, Refusal } from '../../domain/errors';
import type { DialogCheck } from '../../forms/index';
import { cellText } from '../../platform/services/excel-cell-text';
import type { ResourceBlock } from '../../../src/shared/resource/resource-block';
import { submitResource } from './resource-rows';
import { WHOLE_TENANT, type CallerScope } from './resource-scope';

/** Rows one file may hold when the block says nothing (each is a submit with the dialog's rules). */
export const DEFAULT_IMPORT_ROWS = 2000;

export const IMPORT_MESSAGES = {
  unreadable: '无法读取Excel文件，请使用xlsx格式',
  noSheet: 'Excel文件中没有工作表',
  missing: (cols: string[]) => `导入文件缺少列：${cols.join('、')}`,
  empty: (label: string) => `导入文件中没有${label}数据`,
  tooMany: (label: string, n: number) => `一次最多导入${n}条${label}`,
  tooLong: (label: string, n: number) => `${label}不能超过 ${n} 个字`,
  notListed: (label: string, names: string[]) => `${label}只能填写${names.join('或')}`,
} as const;

export interface SheetRow {
  /** The row's line in the sheet (the header is line 1). */
  line: number;
  /** Property → the cell's text, for the columns the header named. */
  values: Record<string, string>;
}

/** The sheet's filled rows; refuses an unreadable file, missing required columns, none or too many rows. */
export async function readSheetRows(block: ResourceBlock, content: Buffer, maxRows = DEFAULT_IMPORT_ROWS): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new Refusal(IMPORT_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Refusal(IMPORT_MESSAGES.noSheet);
  const columns = Object.entries(block.columns);
  const columnOf = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, n) => {
    const title = cellText(cell).replace(/\*/g, '');
    const found = columns.find(([prop, c]) => c.label === title || prop === title);
    if (found) columnOf.set(found[0], n);
  });
  const missing = columns.filter(([prop, c]) => c.required && !columnOf.has(prop)).map(([, c]) => c.label);
  if (missing.length > 0) throw new Refusal(IMPORT_MESSAGES.missing(missing));
  const rows: SheetRow[] = [];
  for (let line = 2; line <= sheet.rowCount; line++) {
    const sheetRow = sheet.getRow(line);
    const values = Object.fromEntries([...columnOf].map(([prop, n]) => [prop, cellText(sheetRow.getCell(n))]));
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ line, values });
    if (rows.length > maxRows) throw new Refusal(IMPORT_MESSAGES.tooMany(block.label, maxRows));
  }
  if (rows.length === 0) throw new Refusal(IMPORT_MESSAGES.empty(block.label));
  return rows;
}

/** A sheet row as a submit body: text within the column's limit, a listed column's name as its code. */
export function sheetRowBody(block: ResourceBlock, values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [prop, text] of Object.entries(values)) {
    const c = block.columns[prop]!;
    if (text === '') continue;
    if (c.labels) {
      const item = c.labels.items.find((i) => i.label === text || i.value === text);
      if (!item)
        throw new Refusal(
          IMPORT_MESSAGES.notListed(
            c.label,
            c.labels.items.map((i) => i.label),
          ),
        );
      body[prop] = item.value;
      continue;
    }
    const limit = c.maxLength ?? 200;
    if (c.type === 'text' && text.length > limit) throw new Refusal(IMPORT_MESSAGES.tooLong(c.label, limit));
    body[prop] = text;
  }
  return body;
}

export interface ImportOutcome {
  total: number;
  imported: number;
  refused: number;
  problems: { line: number; msg: string }[];
}

/** Submits each row as a new row of the caller's; refused rows are listed with their line. */
export async function importSheetRows(
  ctx: DialogCheck,
  block: ResourceBlock,
  rows: readonly SheetRow[],
  actor: Actor,
  scope: CallerScope = WHOLE_TENANT,
): Promise<ImportOutcome> {
  const problems: { line: number; msg: string }[] = [];
  let imported = 0;
  for (const { line, values } of rows) {
    try {
      await submitResource(ctx, block, sheetRowBody(block, values), actor, scope);
      imported += 1;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      problems.push({ line, msg: e.message });
    }
  }
  return { total: rows.length, imported, refused: problems.length, problems };
}
