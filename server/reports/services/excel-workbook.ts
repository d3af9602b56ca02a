import { PassThrough } from 'node:stream';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import { Refusal } from '../../domain/errors';
import { headerLayout, type ExportColumn } from './excel-headers';

export type { ExportColumn } from './excel-headers';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file name every operating system accepts. */
export const exportFileName = (title: string) =>
  `${
    title
      .replace(/[\\/:*?"<>|\r\n]/g, '')
      .trim()
      .slice(0, 100) || '导出数据'
  }.xlsx`;

export interface WorkbookInput {
  sheetName: string;
  titleName: string;
  columns: ExportColumn[];
  rows: Record<string, unknown>[];
  /** A line written under the data, e.g. that the export stopped at the row cap. */
  note?: string;
}

const DATE_TYPES: Record<string, string> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm:ss',
  month: 'YYYY-MM',
  year: 'YYYY',
};
const THIN = { style: 'thin' } as const;
const BORDER = { top: THIN, left: THIN, bottom: THIN, right: THIN };

/** Excel refuses sheet names with []:*?/\ or longer than 31 characters. */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, '')
    .trim()
    .slice(0, 31);
  return cleaned || 'Sheet1';
}

/** Reads `a.b` style props as well as plain ones (list views sometimes nest, e.g. dept.name). */
function valueAt(row: Record<string, unknown>, prop: string): unknown {
  if (prop in row) return row[prop];
  return prop.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), row);
}

/** Java-style patterns (yyyy-MM-dd) are common in BladeX column definitions; dayjs wants YYYY/DD. */
const dayjsPattern = (format: string) => format.replace(/y/g, 'Y').replace(/d/g, 'D');

function formatDate(value: unknown, pattern: string): string {
  const parsed = typeof value === 'number' || value instanceof Date ? dayjs(value) : dayjs(String(value));
  return parsed.isValid() ? parsed.format(pattern) : String(value);
}

/** The text (or number) one cell shows: dictionary labels, formatted dates, joined lists. */
export function cellValue(column: ExportColumn, row: Record<string, unknown>): string | number | boolean {
  const value = valueAt(row, column.prop);
  if (value === null || value === undefined || value === '') return '';
  if (column.dicData && column.dicData.length > 0) {
    const labels = new Map(column.dicData.map((d) => [String(d.value), d.label]));
    const keys = Array.isArray(value) ? value.map(String) : column.multiple ? String(value).split(',') : [String(value)];
    return keys
      .map((k) => k.trim())
      .filter((k) => k !== '')
      .map((k) => labels.get(k) ?? k)
      .join(',');
  }
  // A date column formats whatever it holds; another column with a format only formats values that
  // look like dates (its format may be meant for something else, e.g. a number pattern).
  const dateType = column.type ? DATE_TYPES[column.type] : undefined;
  const looksLikeDate = value instanceof Date || (typeof value === 'string' && /^\d{4}-\d{1,2}-\d{1,2}/.test(value));
  if (dateType || (column.format && looksLikeDate))
    return formatDate(value, column.format ? dayjsPattern(column.format) : (dateType ?? DATE_TYPES.datetime!));
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** Display width in Excel character units: a CJK character takes about two. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 2.1 : 1.1;
  return width;
}

/**
 * The most cells one export writes (rows × data columns). Past it the request is refused with the
 * numbers, so the user narrows the list or the columns (issue 35 §1: 10,000 rows × 300 columns, a
 * 39 KB body, used to hold the server for over a minute).
 */
export const EXPORT_CELL_CAP = 600_000;

/** Work between two yields to the event loop: another user's call waits at most about this long. */
const SLICE_MS = 15;

/** Yields to the event loop when the current slice is spent (other requests run in between). */
function timeSlicer() {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}

/** A column's cell text function with its dictionary labels looked up once, not per cell. */
function columnReader(column: ExportColumn): (row: Record<string, unknown>) => string | number | boolean {
  if (!column.dicData || column.dicData.length === 0) return (row) => cellValue(column, row);
  const labels = new Map(column.dicData.map((d) => [String(d.value), d.label]));
  return (row) => {
    const value = valueAt(row, column.prop);
    if (value === null || value === undefined || value === '') return '';
    const keys = Array.isArray(value) ? value.map(String) : column.multiple ? String(value).split(',') : [String(value)];
    return keys
      .map((k) => k.trim())
      .filter((k) => k !== '')
      .map((k) => labels.get(k) ?? k)
      .join(',');
  };
}

/**
 * Builds the .xlsx: a title row merged across every column, the header rows (grouped headers
 * merged by their colspan/rowspan), then one row per record. Values are written as text or
 * numbers, never formulas, so a cell starting with '=' stays inert.
 *
 * Written as a stream (ExcelJS's WorkbookWriter: each row committed, compressed as it goes) and in
 * slices of SLICE_MS that yield to the event loop, so a large export never holds up other users'
 * calls; the cell values are read once, for the column widths and then for the rows.
 */
export async function buildWorkbook(input: WorkbookInput): Promise<Buffer> {
  const layout = headerLayout(input.columns);
  const width = layout.leaves.length;
  const cells = input.rows.length * width;
  if (cells > EXPORT_CELL_CAP)
    throw new Refusal(
      `导出数据过多：${input.rows.length}行×${width}列共${cells}个单元格，超过${EXPORT_CELL_CAP}个，请减少列或缩小查询范围后分批导出`,
    );
  const yieldIfDue = timeSlicer();

  // The values first (one pass), which also gives each column its width.
  const readers = layout.leaves.map(columnReader);
  const widths = layout.leaves.map((leaf) => textWidth(leaf.label));
  const values: (string | number | boolean)[][] = [];
  for (const record of input.rows) {
    const line = readers.map((read, c) => {
      const value = read(record);
      widths[c] = Math.max(widths[c] ?? 0, textWidth(String(value)));
      return value;
    });
    values.push(line);
    await yieldIfDue();
  }

  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const headerTop = 2;
  const firstData = headerTop + layout.depth;
  const sheet = workbook.addWorksheet(safeSheetName(input.sheetName), { views: [{ state: 'frozen', ySplit: firstData - 1 }] });
  sheet.columns = widths.map((w) => ({ width: Math.min(60, Math.max(10, Math.ceil(w) + 2)) }));

  const title = sheet.getRow(1);
  title.getCell(1).value = input.titleName;
  title.getCell(1).font = { bold: true, size: 14 };
  title.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
  title.height = 28;
  if (width > 1) sheet.mergeCells(1, 1, 1, width);

  for (const cell of layout.cells) {
    const top = headerTop + cell.row;
    const left = cell.col + 1;
    const bottom = top + cell.rowspan - 1;
    const right = left + cell.colspan - 1;
    for (let r = top; r <= bottom; r++) {
      for (let c = left; c <= right; c++) {
        const target = sheet.getCell(r, c);
        target.font = { bold: true };
        target.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
        target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
        target.border = BORDER;
      }
    }
    sheet.getCell(top, left).value = cell.label;
    if (bottom > top || right > left) sheet.mergeCells(top, left, bottom, right);
  }

  for (let index = 0; index < values.length; index++) {
    const row = sheet.getRow(firstData + index);
    values[index]!.forEach((value, c) => {
      const cell = row.getCell(c + 1);
      cell.value = value;
      cell.border = BORDER;
    });
    row.commit();
    await yieldIfDue();
  }
  if (input.note) {
    const noteRow = firstData + values.length;
    sheet.getCell(noteRow, 1).value = input.note;
    sheet.getCell(noteRow, 1).font = { italic: true, color: { argb: 'FF888888' } };
    if (width > 1) sheet.mergeCells(noteRow, 1, noteRow, width);
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
