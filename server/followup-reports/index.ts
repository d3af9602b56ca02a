// What other domains may use of followup-reports/ (lint: a domain imports another only through its index.ts).
export { REPORT_APPROVED, REPORT_PENDING, REPORT_SENT_BACK } from './repositories/reports';
// A report as stored, and its state's text: printing/ prints a report (print-report, print-easy-report).
export { findReport, type ReportRow } from './repositories/reports';
export { STATE_TEXT } from './services/reports';
