// What other domains may use of forms/ (lint: a domain imports another only through its index.ts).
export { findVersion, latestVersionNumber } from './repositories/form-versions';
export { allForms } from './repositories/forms';
export { SERVER_CODEMAPS } from './services/codemaps';
export { DIALOG_FORMS, type DialogCheck, type DialogFormCode, checkDialog, dialogValues } from './services/dialog-forms';
export { actorOf, idList, isFormAdministrator } from './services/form-access';
export { type FormCompiledCache } from './services/form-compiled-cache';
export {
  type PlacedForm,
  followupForm,
  followupFormCodes,
  followupFormForLabel,
  formsOfKind,
  healthMenuRoutes,
  publishedForms,
} from './services/form-registry';
export { dateTime } from './services/form-views';
export { defaultFormsRoot } from './services/form-bundle';
export { dictionaryLookup } from './services/record-dictionaries';
export { RULE_BUDGET, withinBudget } from './services/rule-budget';
export { latestVersion } from './repositories/form-versions';
