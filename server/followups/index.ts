// What other domains may use of followups/ (lint: a domain imports another only through its index.ts).
// A follow-up record as stored (the report generator of followup-reports reads one).
export { findRecord, type RecordDb } from './repositories/records';
export type { FormPath } from './services/form-path';
export { recordView } from './services/record-views';
export { localDate } from './services/followup-queries';
// Saving and removing records of a form by another domain's calls (健康教育's userpromotion/*, server/education).
export { submitRecord, type RecordContext } from './services/record-submit';
export { removeRecords } from './services/record-changes';
export { submitRecordInTransaction } from './services/record-submit';
