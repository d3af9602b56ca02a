// Option lists a form carries itself (the document's `options`: name → {name, items}), and the one
// order in which a dictionary field (fieldType 1, 2, 7, 8) finds its options, for every host:
//
//   1. the form's own list, when the field's bizCode names a key of doc.options;
//   2. the host's dictionaries (the tenant's business dictionary, else the platform's; a fieldUrl's list);
//   3. the code maps (codemaps/*.json).
//
// The runner and the submit validation apply step 1 themselves (a host cannot forget it); hosts build
// their lookups with `formDictionaryLookup`, so the browser, the server's re-validation, the
// analysts' case runner and the labels of lists and print all accept and show the same codes.
import type { Codemaps } from '../codemaps/codemaps';
import type { CompileError } from '../compile/errors';
import type { DictOption, EvalContext, FieldDef, FieldValue, FormDocument } from '../types';

export type DictionaryLookup = (code: string, field: FieldDef) => DictOption[] | undefined;

const DICTIONARY_FIELD_TYPES: ReadonlySet<number> = new Set([1, 2, 7, 8]);

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

type WithOptions = Pick<FormDocument, 'options'> | undefined;

/** The form's own list of that name as dictionary options (fresh objects), or undefined. */
export function formOptionList(doc: WithOptions, code: string | undefined): DictOption[] | undefined {
  const lists = doc?.options;
  if (!lists || code === undefined || !hasOwn(lists, code)) return undefined;
  return lists[code]?.items.map((i) => ({ value: i.value, label: i.label }));
}

/** Whether a dictionary field takes its options from the form itself (no host dictionary is asked). */
export function usesFormOptions(doc: WithOptions, field: FieldDef): boolean {
  return DICTIONARY_FIELD_TYPES.has(field.fieldType) && field.bizCode !== undefined && !!doc?.options && hasOwn(doc.options, field.bizCode);
}

/**
 * The lookup a host gives the engine: the form's own lists, then `dictionaries` (the host's), then
 * `codemaps`. A local list answers only for the field whose bizCode names it (not for a fieldUrl).
 */
export function formDictionaryLookup(
  doc: WithOptions,
  dictionaries?: EvalContext['lookupDictionary'],
  codemaps?: Pick<Codemaps, 'withFallback'>,
): DictionaryLookup {
  const rest: DictionaryLookup | undefined = codemaps ? codemaps.withFallback(dictionaries) : dictionaries;
  if (!doc?.options || Object.keys(doc.options).length === 0) return rest ?? (() => undefined);
  return (code, field) => (field.bizCode === code ? formOptionList(doc, code) : undefined) ?? rest?.(code, field);
}

/**
 * What a reader sees for a dictionary field's value (history, record lists, print): the labels of
 * its codes joined with '，', a code without a label as it is. Other fields: undefined.
 */
export function dictionaryText(field: FieldDef, value: FieldValue | undefined, lookup: DictionaryLookup, sep = '，'): string | undefined {
  if (!DICTIONARY_FIELD_TYPES.has(field.fieldType)) return undefined;
  const code = field.bizCode ?? field.fieldUrl;
  if (value === null || value === undefined) return '';
  const codes = Array.isArray(value) ? value.map(String) : typeof value === 'string' && value !== '' ? value.split(',') : [String(value)];
  const options = code ? lookup(code, field) : undefined;
  return codes.map((c) => options?.find((o) => o.value === c)?.label ?? c).join(sep);
}

/**
 * What the compiler says about the lists (002 §5: a dictionary field's codes are checked against
 * its dictionary, so a list must be usable as one): a value twice in a list is an error, a default
 * outside its field's list is an error, a list no dictionary field names is a warning.
 */
export function optionListProblems(doc: FormDocument): Omit<CompileError, 'file'>[] {
  const lists = doc.options ?? {};
  const out: Omit<CompileError, 'file'>[] = [];
  for (const [name, list] of Object.entries(lists)) {
    const seen = new Set<string>();
    for (const item of list.items) {
      if (seen.has(item.value)) out.push({ severity: 'error', message: `选项列表 ${name} 的值 ${item.value} 重复` });
      seen.add(item.value);
    }
    if (!doc.fields.some((f) => usesFormOptions(doc, f) && f.bizCode === name)) {
      out.push({ severity: 'warning', message: `选项列表 ${name} 没有字典字段使用 (字段的 bizCode 写列表名)` });
    }
  }
  for (const f of doc.fields) {
    if (!usesFormOptions(doc, f) || f.default === undefined) continue;
    const values = new Set((lists[f.bizCode as string]?.items ?? []).map((i) => i.value));
    const defaults = Array.isArray(f.default) ? f.default : [f.default];
    for (const d of defaults) {
      if (!values.has(String(d)))
        out.push({ severity: 'error', field: f.fieldProp, message: `默认值 ${String(d)} 不在选项列表 ${f.bizCode as string} 中` });
    }
  }
  return out;
}
