// What other domains may use of followup-reports/ (lint: a domain imports another only through its index.ts).
export { REPORT_APPROVED, REPORT_PENDING, REPORT_SENT_BACK } from './repositories/reports';
