// Public API of the rule engine. Pure TypeScript: imports nothing but src/engine and src/shared.
export type { FieldType, RuleKind, Reckon, FieldDef, SectionDef, FormDocument, FormPlacement, FormKind, FormOptionList, RuleDef, FieldValue, FormValues, DictOption, EvalContext } from './types';

export { validateDocument, validateRulesFile, validateCasesFile, validateCodemapFile, type SchemaIssue, type ValidationOutcome } from './document/validate-document';
export { documentToWireRows, wireRowsToDocument, type WireRows, type FormRow, type FormFieldRow, type FormFieldReckonRow } from './document/wire';
export { diffDocuments, type DocumentChange } from './document/diff';
export { canonicalJson } from './document/canonical';
export { renameFieldReferences, renameFieldInCases, renameInExpression, canRenameField, isFieldName } from './document/rename-field';
export { readFormFileTexts, formCodeOfFileName, type FormFileText, type FormFileProblem, type FormFilesOutcome } from './document/import-files';
export { canonicalFileText, formFileTexts, splitRules, FORM_DOCUMENT_SCHEMA_REF, RULES_FILE_SCHEMA_REF, CASES_FILE_SCHEMA_REF } from './document/form-files';
export { parseJsonText, type JsonText, type JsonPosition } from './document/json-text';
export { schemaIssueText, schemaIssueMessage } from './document/schema-messages';

export { compileDocument, compileDocumentOrThrow, FIELD_EXPR_TYPES, DICTIONARY_TYPES, type CompileOptions, type CompileResult } from './compile/compile';
export type { CompiledForm, CompiledRule } from './compile/compiled-form';
export { FormCompileError, formatCompileError, type CompileError } from './compile/errors';
export { documentRules, reckonToRule, mergeRules, type RulesFile } from './compile/rules';

export { evaluate, createSession, type FormSession, type EvaluateOptions } from './runtime/evaluate';
export type { Evaluation, ChangeSet, FieldState, RuleMessage, RuleRef, ValueEffect } from './runtime/results';
export { DEFAULT_MESSAGE } from './runtime/results';
export { isEmptyValue, normaliseValue } from './runtime/values';

export { validateForSubmit, validateEvaluation, ANOMALY_PROMPT, type SubmitContext, type SubmitResult, type Acknowledgement } from './validation/submit';
export { validateField, isValidValue, fieldPrompt, emptyMessage, invalidMessage } from './validation/field';
export { computeProgress } from './validation/progress';
export { matchesFieldPattern, patternProblem, toRe2Syntax } from './validation/pattern';
export { stepAndTimeBudget, EvaluationBudgetExceeded, BUDGET_MESSAGE, type EvaluationBudget } from './runtime/budget';
export { widgetFor, type WidgetKind } from './document/widgets';
export { placementProblems, appliesToResident, crowdLabelList, visitDateOf, nextDueDateOf, byOrderThenTitle, type PlacementProblem, type ResidentFacts } from './document/placement';

export { FUNCTIONS, FUNCTION_NAMES, type FunctionSpec } from './expr/functions';
export type { ExprType } from './expr/types';

export * from './helpers/id-card';
export * from './helpers/patterns';
export * from './helpers/blood-pressure';
export * from './helpers/body';
export * from './helpers/dates';
export * from './helpers/upload';
export * from './helpers/lab';
export {
  buildCodemaps,
  loadCodemaps,
  isCodemapFileName,
  type Codemaps,
  type CodemapFile,
  type CodemapProblem,
  type CodemapQuestion,
  type CodeMap,
  type CodeItem,
} from './codemaps/codemaps';
export { formOptionList, usesFormOptions, formDictionaryLookup, dictionaryText, optionListProblems, type DictionaryLookup } from './document/option-lists';

export { runCase, runCases, DEFAULT_CASE_NOW, type CasesFile, type RuleCase, type CaseExpectation, type CaseFailure, type CaseResult } from './cases/run-case';
export { jsonEqual } from './cases/json-equal';
