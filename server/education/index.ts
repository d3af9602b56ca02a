// What other domains may use of education/ (lint: a domain imports another only through its index.ts).
// The education forms and the crowd labels a 健康教育处方 is for.
export { EDUCATION_FORMS, PRESCRIPTION_LABELS } from './services/education';
