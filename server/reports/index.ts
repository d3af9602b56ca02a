// What other domains may use of reports/ (lint: a domain imports another only through its index.ts).
export { XLSX_TYPE } from './services/excel-workbook';
// The asynchronous export (server/jobs) builds the same workbook from the same list reader.
export { buildWorkbook, exportFileName } from './services/excel-workbook';
