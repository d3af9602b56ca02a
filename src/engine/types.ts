// The form document: one format for bundled files, server rows, the designer and form/detail payloads.
// Wire names (fieldProp, fieldLabel, fieldType, required, bizCode, fieldUrl, regExp, reckons) are the
// spec's own (002 §3) so documents and the server's formfield rows round-trip without loss.

import type { EvaluationBudget } from './runtime/budget';

/** 1 select, 2 radio, 3 text, 4 number, 5 date, 6 textarea, 7 checkbox group, 8 multi-select. */
export type FieldType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export type RuleKind = 'calc' | 'check' | 'error' | 'required' | 'display' | 'disabled' | 'options';

/**
 * A reckon as the spec names it: scontent is the condition (when the rule applies), tcontent the
 * rule's expression (the value of a calc, the allowed codes of an options rule), errMsg the message.
 * `id` and `kind` are ours: the spec's rows have no kind, so absent kind means a calc.
 */
export interface Reckon {
  id: string;
  kind?: RuleKind;
  scontent?: string;
  tcontent?: string;
  errMsg?: string;
  /** Free text for analysts; never shown to staff. */
  note?: string;
}

export interface FieldDef {
  fieldProp: string;
  fieldLabel: string;
  fieldType: FieldType;
  /** 1 required, 0 optional (the wire form); booleans are accepted and normalised on load. */
  required?: 0 | 1;
  /** Dictionary code for types 1, 2, 7, 8. */
  bizCode?: string;
  /** Endpoint that serves the dictionary when there is no bizCode. */
  fieldUrl?: string;
  /** Checked for types 3 and 4 (a JavaScript regular expression source, no slashes). */
  regExp?: string;
  reckons?: Reckon[];
  section?: string;
  group?: string;
  /** Grid columns this field spans, out of the section's columns. */
  span?: number;
  unit?: string;
  min?: number;
  max?: number;
  /** Decimal places kept for type 4. */
  precision?: number;
  default?: string | number | string[];
  placeholder?: string;
  help?: string;
  printLabel?: string;
  /** Statically hidden (still computed, never validated). */
  hidden?: boolean;
  /** Statically read-only; calc targets are read-only by default in the runtime. */
  disabled?: boolean;
  /** Overrides '{label}数值异常' for an invalid non-empty value. */
  invalidMessage?: string;
  /** Date fields: may not be after today (validation/date-bounds.ts). */
  notFuture?: boolean;
  /** Date fields: may not be before the resident's birth date (validation/date-bounds.ts). */
  notBeforeBirth?: boolean;
  /**
   * Types 3 and 6: the most characters the box takes, in place of the widget's default
   * (src/shared/policies/value-limits.ts); a JSON recipe edited as text needs more than 2,000.
   */
  maxLength?: number;
}

export interface SectionDef {
  id: string;
  title: string;
  columns?: number;
  groups?: { id: string; title: string }[];
}

export interface FormDocument {
  $schema?: string;
  formCode: string;
  formName: string;
  version: number;
  description?: string;
  /** Where the content comes from (a standard, a circular). */
  source?: string;
  /** Where the form lives (archive menu, tabs, due lists): see FormPlacement. */
  placement?: FormPlacement;
  /** Option lists published with the form; a field's bizCode may name one before any server dictionary. */
  options?: Record<string, FormOptionList>;
  sections?: SectionDef[];
  fields: FieldDef[];
}

/**
 * `dialog`: a form the app's own dialogs host (cancel archive, archive editor, profile, CRUD
 * dialogs). It never appears in a resident's archive menu, tabs or due lists, so its placement
 * may state nothing else.
 */
export type FormKind =
  'followup' | 'evaluation' | 'education' | 'exam' | 'screening' | 'registration' | 'maternal' | 'child' | 'admin' | 'dialog' | 'other';

/**
 * Where a form appears, read by the archive menu, the follow-up pages, the due lists, the task
 * centre and the server from the registry (docs/architecture.md §2), so a published form needs no code.
 */
export interface FormPlacement {
  kind: FormKind;
  /** The residents it is for; absent: every resident. All stated conditions must hold. */
  appliesTo?: {
    /** Any one of these crowd labels (dictionary crowd_label codes, e.g. hypertension). */
    crowdLabels?: string[];
    /** '1' male, '2' female (GB/T 2261.1). */
    sex?: '1' | '2';
    minAge?: number;
    maxAge?: number;
  };
  /** Its entry in the archive's left menu; absent: reached only as a tab of another form's page. */
  menu?: { title: string; order?: number };
  /** Top tabs it joins on other forms' pages (host = that page's formCode). */
  tabs?: { host: string; title: string; order?: number }[];
  /** For visit forms: the visit date field (default visitDate) and how the next visit falls due. */
  due?: {
    visitField?: string;
    field?: string;
    intervalDays?: number;
    period?: 'month' | 'quarter' | 'year';
    /**
     * Maternal forms only: the visits fall due by gestational week of the open pregnancy (its LMP),
     * one visit per window of completed weeks `[first, last]` — e.g. the national specification's
     * 第2~5次产前随访 at 16–20, 21–24, 28–36 and 37–40 weeks. See gestationWindowOn.
     */
    gestationWeeks?: [number, number][];
  };
}

export interface FormOptionList {
  name: string;
  items: { value: string; label: string }[];
}

/** A rule flattened out of its field's reckons: `field` is the owner (target) field. */
export interface RuleDef {
  id: string;
  kind: RuleKind;
  field: string;
  when?: string;
  expr?: string;
  message?: string;
}

/** Form values as the runtime holds them: numbers, dictionary codes as strings, ISO date strings, code lists. */
export type FieldValue = string | number | boolean | string[] | null;
export type FormValues = Record<string, FieldValue | undefined>;

export interface DictOption {
  value: string;
  label: string;
}

export interface EvalContext {
  /** The clock, passed in: the engine never reads the ambient time. */
  now: Date;
  /** Options of a dictionary (bizCode) or a fieldUrl; undefined when not known (membership is then not checked). */
  lookupDictionary?: (code: string, field: FieldDef) => DictOption[] | undefined;
  /** The host's limit on this evaluation (runtime/budget.ts): none in the browser, one per submit on the server. */
  budget?: EvaluationBudget;
  /** The resident's birth date (yyyy-MM-dd) for `notBeforeBirth`; submit fills it from the form's birthDate when absent. */
  birthDate?: string;
}
