// What the rule editor offers while typing, as plain data (the CodeMirror adapter turns it into
// completions): the form's fields with their labels, the engine's functions with their doc, and
// inside a string the dictionary codes of the form (its own lists and the dictionaries its fields
// name by bizCode).
import {
  FIELD_EXPR_TYPES,
  FUNCTIONS,
  FUNCTION_NAMES,
  formDictionaryLookup,
  type DictOption,
  type FieldDef,
  type FormDocument,
  type FormWorld,
} from '../../engine';
import type { CompletionItem } from '../../components/expression-editor';

export type { CompletionItem };

/** Options of a dictionary field (the form's own list, the bundled code maps…); undefined when unknown. */
export type OptionsOf = (field: FieldDef) => DictOption[] | undefined;

/**
 * A dictionary field's options as the rule editor offers them, in the engine's order: the form's own
 * list, then the tenant's world (its dictionaries with the carried ones laid over; undefined while
 * loading), then the bundled code maps.
 */
export function worldOptionsOf(
  doc: FormDocument,
  world: FormWorld | undefined,
  codemaps?: Parameters<typeof formDictionaryLookup>[2],
): OptionsOf {
  const fromWorld = world ? (code: string) => (world.dictionary(code) ? [...(world.dictionary(code) ?? [])] : undefined) : undefined;
  const lookup = formDictionaryLookup(doc, fromWorld, codemaps);
  return (f) => {
    const code = f.bizCode ?? f.fieldUrl;
    return code ? lookup(code, f) : undefined;
  };
}

const KEYWORDS = ['and', 'or', 'not', 'in', 'true', 'false'];

export function fieldItems(doc: FormDocument): CompletionItem[] {
  return doc.fields.map((f) => ({
    label: f.fieldProp,
    detail: f.fieldLabel,
    info: `${f.fieldLabel} (${FIELD_EXPR_TYPES[f.fieldType] ?? 'any'})`,
    type: 'variable',
    boost: 2,
  }));
}

export function functionItems(): CompletionItem[] {
  return FUNCTION_NAMES.map((name) => {
    const spec = FUNCTIONS[name];
    const params = spec ? spec.params.map((p, i) => (i >= spec.params.length - (spec.optional ?? 0) ? `${p}?` : p)).join(', ') : '';
    const returns = spec ? (spec.returns === 'arg0' ? (spec.params[0] ?? 'any') : spec.returns) : 'any';
    return { label: name, detail: `(${params}) → ${returns}`, info: spec?.doc, type: 'function', apply: `${name}(`, boost: 1 };
  });
}

export const keywordItems = (): CompletionItem[] => KEYWORDS.map((k) => ({ label: k, type: 'keyword' }));

/**
 * The field a string literal is compared with, from the text before the cursor:
 * `outcome == "` / `outcome != "` / `contains(topics, "` → outcome / topics.
 */
export function comparedField(before: string): string | undefined {
  const open = before.lastIndexOf('"');
  if (open < 0) return undefined;
  const head = before.slice(0, open);
  return /([A-Za-z_][A-Za-z0-9_]*)\s*(?:==|!=)\s*$/.exec(head)?.[1] ?? /contains\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,\s*$/.exec(head)?.[1];
}

/** True when the cursor is inside an open double-quoted string. */
export function insideString(before: string): boolean {
  let inside = false;
  for (const ch of before) if (ch === '"') inside = !inside;
  return inside;
}

/**
 * Codes for a string literal: those of the compared field's dictionary when one is known, else the
 * codes of every dictionary the form uses (labelled with the dictionary).
 */
export function codeItems(doc: FormDocument, optionsOf: OptionsOf, before: string): CompletionItem[] {
  const fieldName = comparedField(before);
  const field = fieldName ? doc.fields.find((f) => f.fieldProp === fieldName) : undefined;
  const withDictionary = field ? [field] : doc.fields.filter((f) => f.bizCode !== undefined || f.fieldUrl !== undefined);
  const seen = new Set<string>();
  const out: CompletionItem[] = [];
  for (const f of withDictionary) {
    const dictionary = f.bizCode ?? f.fieldUrl ?? '';
    if (!field && seen.has(dictionary)) continue;
    seen.add(dictionary);
    for (const o of optionsOf(f) ?? []) out.push({ label: o.value, detail: o.label, info: `${dictionary} · ${o.label}`, type: 'constant' });
  }
  // The form's own lists no field names yet are still dictionaries of the form.
  if (!field) {
    for (const [code, list] of Object.entries(doc.options ?? {})) {
      if (seen.has(code)) continue;
      for (const item of list.items)
        out.push({ label: item.value, detail: item.label, info: `${code} (${list.name}) · ${item.label}`, type: 'constant' });
    }
  }
  return out;
}

/** Every dictionary code the form names: its fields' bizCodes and its own lists' keys. */
export function dictionaryCodes(doc: FormDocument): string[] {
  const codes = new Set<string>(Object.keys(doc.options ?? {}));
  for (const f of doc.fields) if (f.bizCode) codes.add(f.bizCode);
  return [...codes].sort();
}
