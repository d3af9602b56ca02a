// Reading an uploaded .xlsx cell as the text the sheet shows: the user import (users/) and the drug
// import (catalogue/) both read their rows through it.
import type ExcelJS from 'exceljs';

/** A cell's text: rich text, hyperlinks, formulas' results and numbers all read as what the cell shows. */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return String(value.result ?? '').trim();
    if (value instanceof Date) return value.toISOString().slice(0, 10);
  }
  return String(value).trim();
}
