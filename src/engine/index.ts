// Public API of the rule engine: everything its hosts (the browser's form runtime and designer, the
// server, the form scripts, the benchmarks) use, by name, and nothing more. Lint makes every import
// from outside src/engine come through this file, so the rest of the folder can change freely.
// Pure TypeScript: imports nothing but src/engine and src/shared.

// The form document.
export type {
  FieldType,
  RuleKind,
  Reckon,
  FieldDef,
  SectionDef,
  FormDocument,
  FormPlacement,
  FormKind,
  FormOptionList,
  FieldValue,
  FormValues,
  DictOption,
  EvalContext,
} from './types';
export { DICTIONARY_TYPES, FIELD_EXPR_TYPES } from './document/field-types';
export { widgetFor, type WidgetKind } from './document/widgets';
export {
  validateDocument,
  validateRulesFile,
  validateCasesFile,
  validateCodemapFile,
  validateDictsFile,
  type SchemaIssue,
  type ValidationOutcome,
} from './document/validate-document';
export { schemaIssueText } from './document/schema-messages';
export { schemaIssueMessage } from './document/schema-messages';
export { documentToWireRows, wireRowsToDocument, type WireRows } from './document/wire';
export { diffDocuments, type DocumentChange } from './document/diff';
export { canonicalJson } from './document/canonical';
export { renameFieldReferences, renameFieldInCases, canRenameField } from './document/rename-field';
export { readFormFileTexts, type FormFileText } from './document/import-files';
export {
  CROWD_LABEL_DICTIONARY,
  withCarriedDictionaries,
  worldDictionaryCodes,
  worldProblems,
  type DictsFile,
  type FormWorld,
  type WorldProblem,
} from './document/form-world';
export { canonicalFileText, formFileTexts, splitRules } from './document/form-files';
export { parseJsonText } from './document/json-text';
export {
  appliesToResident,
  crowdLabelList,
  visitDateOf,
  nextDueDateOf,
  byOrderThenTitle,
  gestationWindowOn,
  type GestationWindow,
  type ResidentFacts,
} from './document/placement';
export { formOptionList, usesFormOptions, formDictionaryLookup, dictionaryText, type DictionaryLookup } from './document/option-lists';

// Compiling.
export { compileDocument, compileDocumentOrThrow } from './compile/compile';
export type { CompiledForm } from './compile/compiled-form';
export { formatCompileError, type CompileError } from './compile/errors';
export { documentRules, mergeRules, type RulesFile } from './compile/rules';
export { FUNCTIONS, FUNCTION_NAMES } from './expr/functions';

// Evaluating and validating.
export { evaluate, createSession, type FormSession } from './runtime/evaluate';
export type { Evaluation, ChangeSet, FieldState, RuleMessage, RuleRef, ValueEffect } from './runtime/results';
export { isEmptyValue, normaliseValue } from './runtime/values';
export { stepAndTimeBudget, EvaluationBudgetExceeded } from './runtime/budget';
export { validateForSubmit, ANOMALY_PROMPT, type SubmitResult, type Acknowledgement } from './validation/submit';
export { fieldPrompt } from './validation/field';

// Rule cases and code maps.
export { runCases, DEFAULT_CASE_NOW, type CasesFile, type RuleCase, type CaseFailure, type CaseResult } from './cases/run-case';
export { caseProblems, type CaseProblem } from './cases/case-problems';
export { loadCodemaps, isCodemapFileName, type Codemaps } from './codemaps/codemaps';

// The clinical helpers behind the expression functions that widgets and the server use too.
export { checkIdCard, idCardCheckDigit } from './helpers/id-card';
export { bpControlled, bpGuidelineGrade, type BpGuidelineGrade } from './helpers/blood-pressure';
export { bmi, roundTo } from './helpers/body';
export { ageYears, daysBetween, formatDate, fromClock, parseDate, normaliseDateRange } from './helpers/dates';
// anchor maternal engine
export { dueDateFromLmp, gestationAt, gestationText, lmpProblem, LMP_MESSAGES, type Gestation } from './helpers/pregnancy';
// anchor child engine
export { monthAge } from './helpers/dates';
export {
  GROWTH_INDICATORS,
  growthBmi,
  growthCurveValue,
  growthEvaluation,
  growthRange,
  growthSex,
  growthStandards,
  growthStandardsFromFiles,
  growthZ,
  isGrowthTable,
  lmsAt,
  percentileOf,
  registerGrowthStandards,
  whoLengthHeight,
  type GrowthIndicator,
  type GrowthSex,
  type GrowthStandards,
  type GrowthTable,
  type LmsRow,
} from './helpers/growth';
// The spec's child-age display (001 §9), for the child screens' lists.
export { childAgeDisplay } from './helpers/dates';
// The spec's age stages (001 §9: 儿童/少年/青年/中年/老年), for the headers' life-stage label.
export { ageStage, type AgeStage } from './helpers/body';
export { fieldUrlParams, resolveFieldUrl } from './document/field-url';
