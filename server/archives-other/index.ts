// What other domains may use of archives-other/ (lint: a domain imports another only through its index.ts).
export { CASE_MESSAGES, MATERNAL_AGE, MATERNAL_CLOSE_REASONS, CHILD_CLOSE_REASONS } from './services/cases';
