import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import { headerLayout, type ExportColumn } from './excel-headers';

export type { ExportColumn } from './excel-headers';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
 * Builds the .xlsx: a title row merged across every column, the header rows (grouped headers
 * merged by their colspan/rowspan), then one row per record. Values are written as text or
 * numbers, never formulas, so a cell starting with '=' stays inert.
 */
export async function buildWorkbook(input: WorkbookInput): Promise<Buffer> {
  const layout = headerLayout(input.columns);
  const width = layout.leaves.length;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(safeSheetName(input.sheetName));

  const title = sheet.getRow(1);
  title.getCell(1).value = input.titleName;
  title.getCell(1).font = { bold: true, size: 14 };
  title.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
  title.height = 28;
  if (width > 1) sheet.mergeCells(1, 1, 1, width);

  const headerTop = 2;
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

  const firstData = headerTop + layout.depth;
  const widths = layout.leaves.map((leaf) => textWidth(leaf.label));
  input.rows.forEach((record, index) => {
    const row = sheet.getRow(firstData + index);
    layout.leaves.forEach((leaf, c) => {
      const value = cellValue(leaf, record);
      const cell = row.getCell(c + 1);
      cell.value = value;
      cell.border = BORDER;
      widths[c] = Math.max(widths[c] ?? 0, textWidth(String(value)));
    });
  });
  if (input.note) {
    const noteRow = firstData + input.rows.length;
    sheet.getCell(noteRow, 1).value = input.note;
    sheet.getCell(noteRow, 1).font = { italic: true, color: { argb: 'FF888888' } };
    if (width > 1) sheet.mergeCells(noteRow, 1, noteRow, width);
  }

  widths.forEach((w, c) => {
    sheet.getColumn(c + 1).width = Math.min(60, Math.max(10, Math.ceil(w) + 2));
  });
  sheet.views = [{ state: 'frozen', ySplit: firstData - 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}
