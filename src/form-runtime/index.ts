// Public API of the form runtime: what features and pages use. Code outside src/form-runtime may
// import only this file; eslint.config.js enforces it.
export { SchemaForm, type SchemaFormProps, type SchemaFormMode } from './schema-form/schema-form';
export { useFormDocument, type FormSource, type LoadedDocument } from './schema-form/use-form-document';
export type { HostFormRuntime as FormRuntime, RuntimeStatus } from './schema-form/engine-runtime';
export { useUnsavedGuard, confirmDiscard, CLOSE_TITLE, CLOSE_WARNING, type UnsavedGuard } from './drafts/use-unsaved-guard';
export { bundledForm, bundledFormCodes } from './bundled/bundled-forms';
export { WIDGET_COMPONENTS, type WidgetName, type ClinicalWidget } from './widgets/registry';
export { FormPreviewPage, type FormPreviewPageProps } from './preview/form-preview-page';
// Labels of codes outside the form (history, 上次记录, record lists): the engine's one lookup.
export { useFormLabels, type FormLabels, type DictionaryLabels } from './dictionaries/use-form-dictionaries';
export { useCodeLabel } from './dictionaries/use-dictionary';
export { refreshFormDictionaries } from './dictionaries/dictionary-revision';
// The WHO growth tables the child health exams' rules read (registered with the engine on load).
export { BUNDLED_GROWTH_STANDARDS } from './bundled/bundled-growth';
export { BUNDLED_CODEMAPS, codemap, codeLabel, codeLabels, codemapOptions, bandOf, fieldText } from './bundled/bundled-codemaps';
// The admin half of the same system: <CrudPage> (spec 002 §2), its dialogs and the app's other
// dialogs as form documents (placement kind dialog), run by the engine like follow-ups.
export { CrudPage, type CrudPageProps } from './crud/crud-page';
export type {
  CrudColumn,
  CrudDataSource,
  CrudDateRange,
  CrudFormField,
  CrudFormInput,
  CrudOption,
  CrudSchema,
  FormRow,
  PageSizeVariant,
  SearchCondition,
  SearchInput,
  SearchWay,
} from './crud/crud-types';
export { FormDialog, type FormDialogProps } from './crud/form-dialog';
// CRUD documents (schemas/crud/*.crud.json): an administration screen as data, rendered by one page.
export { CrudDocumentPage, type CrudDocumentPageProps } from './crud/crud-document-page';
export { crudDocumentNamed, crudDocumentOf, crudDocuments } from './crud/crud-documents';
export type { CrudDocument } from './crud/crud-document-types';
export { DocumentForm, type DocumentFormProps } from './crud/document-form';
