// What other domains may use of maternal-care/ (lint: a domain imports another only through its index.ts).
// The maternal forms' codes and the save calls' rows (the maternal shell and app.ts name them).
export { MATERNAL_FORMS, MATERNAL_FORM_PATHS, CLOSE_REASON_42 } from './services/maternal-forms';
