// What other domains may use of reports/ (lint: a domain imports another only through its index.ts).
export { XLSX_TYPE } from './services/excel-workbook';
