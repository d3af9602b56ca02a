// The topic editor's working copy (decision 0042) as plain data: rows with keys for the tables, the
// cases' values as JSON text while they are typed, and the body topic/check and topic/submit take.
// The rule expressions are compiled here too, as the user types, with the engine the server uses —
// the same messages the server's 校验 answers, only sooner; the server's check stays the one that counts.
import { compileDocument, FIELD_EXPR_TYPES, FUNCTION_NAMES, FUNCTIONS, type FieldType, type FormDocument } from '../../engine';
import type { CompletionItem, ExpressionDiagnostic } from '../../components/expression-editor';
import type { TopicDocument, TopicField, TopicSubmitBody } from '../../api/quality';

export interface RuleRow {
  key: string;
  id: string;
  when: string;
  message: string;
}

export interface CaseRow {
  key: string;
  name: string;
  /** The record's values as JSON text (an object). */
  values: string;
  fails: string[];
  today: string;
}

export interface TopicDraft {
  code: string;
  name: string;
  qualityType: string;
  queryType: string;
  form: string;
  source: string;
  rules: RuleRow[];
  cases: CaseRow[];
}

let nextKey = 0;
export const newKey = () => `k${++nextKey}`;

export const emptyRule = (): RuleRow => ({ key: newKey(), id: '', when: '', message: '' });
export const emptyCase = (): CaseRow => ({ key: newKey(), name: '', values: '{}', fails: [], today: '' });

export const emptyDraft = (): TopicDraft => ({
  code: '',
  name: '',
  qualityType: '',
  queryType: 'completeness',
  form: '',
  source: '',
  rules: [emptyRule()],
  cases: [],
});

export function draftOf(doc: TopicDocument): TopicDraft {
  return {
    code: doc.code,
    name: doc.name,
    qualityType: doc.qualityType,
    queryType: doc.queryType,
    form: doc.form,
    source: doc.source ?? '',
    rules: doc.rules.map((r) => ({ key: newKey(), id: r.id, when: r.when, message: r.message })),
    cases: (doc.cases ?? []).map((c) => ({
      key: newKey(),
      name: c.name,
      values: JSON.stringify(c.values, null, 1).replace(/\n\s*/g, ' '),
      fails: c.fails,
      today: c.today ?? '',
    })),
  };
}

/** The cases whose values are not a JSON object, by index, with the message the editor shows. */
export function caseValueErrors(draft: TopicDraft, message: string): Map<number, string> {
  const out = new Map<number, string>();
  draft.cases.forEach((c, i) => {
    try {
      const v: unknown = JSON.parse(c.values || '{}');
      if (typeof v !== 'object' || v === null || Array.isArray(v)) out.set(i, message);
    } catch {
      out.set(i, message);
    }
  });
  return out;
}

/** What topic/check and topic/submit take (call after caseValueErrors found none). */
export function bodyOf(draft: TopicDraft, version: number | null): TopicSubmitBody {
  return {
    code: draft.code.trim(),
    name: draft.name.trim(),
    qualityType: draft.qualityType,
    queryType: draft.queryType,
    form: draft.form,
    ...(draft.source.trim() && { source: draft.source.trim() }),
    rules: draft.rules.map((r) => ({ id: r.id.trim(), when: r.when, message: r.message.trim() })),
    cases: draft.cases.map((c) => ({
      name: c.name.trim(),
      values: JSON.parse(c.values || '{}') as Record<string, unknown>,
      fails: c.fails,
      ...(c.today.trim() && { today: c.today.trim() }),
    })),
    version,
  };
}

/** The form's fields as an engine document, with one field carrying the rule as a check (as the server compiles a topic). */
function documentWithRule(fields: TopicField[], rule: Pick<RuleRow, 'id' | 'when' | 'message'>): FormDocument {
  return {
    formCode: 'quality_topic_editor',
    formName: '质控专题',
    version: 1,
    fields: [
      ...fields.map((f) => ({ fieldProp: f.fieldProp, fieldLabel: f.fieldLabel, fieldType: f.fieldType as FieldType })),
      {
        fieldProp: 'qualityRecordCheck',
        fieldLabel: '质控结果',
        fieldType: 3 as FieldType,
        reckons: [{ id: rule.id || 'rule', kind: 'check' as const, tcontent: rule.when, errMsg: rule.message || '—' }],
      },
    ],
  };
}

/** The characters a message is about: `[line:column]` when it says, else the whole text. */
function placeOf(text: string, message: string): { from: number; to: number } {
  const at = /\[(\d+):(\d+)\]/.exec(message);
  if (!at) return { from: 0, to: text.length };
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < Number(at[1]) - 1 && i < lines.length; i++) offset += (lines[i]?.length ?? 0) + 1;
  const from = Math.min(text.length, offset + Math.max(0, Number(at[2]) - 1));
  return from >= text.length ? { from: Math.max(0, text.length - 1), to: text.length } : { from, to: from + 1 };
}

/** The engine's compile messages about one rule's condition over these fields ([] when it compiles, or is empty). */
export function ruleDiagnostics(fields: TopicField[], rule: Pick<RuleRow, 'id' | 'when' | 'message'>): ExpressionDiagnostic[] {
  if (!rule.when.trim()) return [];
  const id = rule.id || 'rule';
  let errors;
  try {
    errors = compileDocument(documentWithRule(fields, { ...rule, id })).errors;
  } catch (e) {
    return [{ from: 0, to: rule.when.length, severity: 'error', message: e instanceof Error ? e.message : String(e) }];
  }
  return errors.filter((e) => e.ruleId === id).map((e) => ({ ...placeOf(rule.when, e.message), severity: e.severity, message: e.message }));
}

const KEYWORDS = ['and', 'or', 'not', 'in', 'true', 'false'];

/** What the condition editor offers: the form's fields with their labels, the engine's functions, the keywords. */
export function completionsOf(fields: TopicField[]) {
  const items: CompletionItem[] = [
    ...fields.map((f) => ({
      label: f.fieldProp,
      detail: f.fieldLabel,
      info: `${f.fieldLabel} (${FIELD_EXPR_TYPES[f.fieldType as FieldType] ?? 'any'})`,
      type: 'variable' as const,
      boost: 2,
    })),
    ...FUNCTION_NAMES.map((name) => ({
      label: name,
      detail: `(${FUNCTIONS[name]?.params.join(', ') ?? ''})`,
      ...(FUNCTIONS[name]?.doc !== undefined && { info: FUNCTIONS[name]?.doc }),
      type: 'function' as const,
      apply: `${name}(`,
      boost: 1,
    })),
    ...KEYWORDS.map((k) => ({ label: k, type: 'keyword' as const })),
  ];
  return (before: string) => {
    // Inside a string no field or function fits (the codes are the dictionaries', not offered here).
    let inString = false;
    for (const ch of before) if (ch === '"') inString = !inString;
    return { items: inString ? [] : items, inString };
  };
}
