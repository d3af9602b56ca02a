// Public API of the form runtime: what features and pages use. Code outside src/form-runtime may
// import only this file (or crud/index.ts for <CrudPage>); eslint.config.js enforces it.
export { SchemaForm, type SchemaFormProps, type SchemaFormMode } from './schema-form/schema-form';
export { useFormDocument, type FormSource, type LoadedDocument } from './schema-form/use-form-document';
export type { FormRuntime, RuntimeStatus } from './schema-form/engine-runtime';
export { useUnsavedGuard, confirmDiscard, CLOSE_TITLE, CLOSE_WARNING, type UnsavedGuard } from './drafts/use-unsaved-guard';
export { bundledForm, bundledFormCodes } from './bundled/bundled-forms';
export { WIDGET_COMPONENTS, type WidgetName, type ClinicalWidget } from './widgets/registry';
export { FormPreviewPage } from './preview/form-preview-page';
export { BUNDLED_CODEMAPS, codemap, codeLabel, codeLabels, codemapOptions, bandOf, fieldText } from './bundled/bundled-codemaps';
