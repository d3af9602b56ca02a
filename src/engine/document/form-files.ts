// The analysts' files written back from a document: the inverse of readFormFileTexts/mergeRules.
// One canonical formatting (2-space JSON, the document's own key order, a final newline), so a pull
// after a push gives the same bytes and git diffs show only real changes. Pure.
import type { CasesFile } from '../cases/run-case';
import type { RulesFile } from '../compile/rules';
import type { FieldDef, FormDocument } from '../types';
import casesSchema from './cases-file.schema.json';
import dictsSchema from './dicts-file.schema.json';
import documentSchema from './form-document.schema.json';
import type { DictsFile } from './form-world';
import type { FormFileText } from './import-files';
import rulesSchema from './rules-file.schema.json';

export const FORM_DOCUMENT_SCHEMA_REF = '../src/engine/document/form-document.schema.json';
export const RULES_FILE_SCHEMA_REF = '../src/engine/document/rules-file.schema.json';
export const CASES_FILE_SCHEMA_REF = '../src/engine/document/cases-file.schema.json';
export const DICTS_FILE_SCHEMA_REF = '../src/engine/document/dicts-file.schema.json';

/** The one formatting of every analyst file: keys in their own order (not sorted), 2 spaces, final newline. */
export function canonicalFileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: boolean | SchemaNode;
  definitions?: Record<string, SchemaNode>;
}

/**
 * Keys in the order the meta-schema lists them, at every level (a server's JSONB store reorders
 * them). Keys of a free map (given values, …) follow `freeOrder` (the form's fields), the rest
 * sorted; keys the schema does not list come last, sorted.
 */
function orderBySchema(value: unknown, node: SchemaNode | undefined, root: SchemaNode, freeOrder: readonly string[]): unknown {
  while (node?.$ref) node = root.definitions?.[node.$ref.replace('#/definitions/', '')];
  if (Array.isArray(value)) return value.map((v) => orderBySchema(v, node?.items, root, freeOrder));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const listed = Object.keys(node?.properties ?? {});
  const rank = (k: string) => {
    const i = listed.indexOf(k);
    if (i >= 0) return i;
    const j = listed.length ? -1 : freeOrder.indexOf(k);
    return j >= 0 ? j : Number.MAX_SAFE_INTEGER;
  };
  const keys = Object.keys(obj).sort(
    (a, b) => rank(a) - rank(b) || (rank(a) === Number.MAX_SAFE_INTEGER ? (a < b ? -1 : a > b ? 1 : 0) : 0),
  );
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const child = node?.properties?.[k] ?? (typeof node?.additionalProperties === 'object' ? node.additionalProperties : undefined);
    out[k] = orderBySchema(obj[k], child, root, freeOrder);
  }
  return out;
}

/** A document with its rules merged in → the layout without reckons and the rules file (mergeRules' inverse). */
export function splitRules(doc: FormDocument): { document: FormDocument; rules: RulesFile } {
  const rules: RulesFile['rules'] = [];
  const fields = doc.fields.map((f): FieldDef => {
    const { reckons, ...layout } = f;
    for (const r of reckons ?? []) {
      const { id, kind, ...rest } = r;
      rules.push({ id, kind: kind ?? 'calc', field: f.fieldProp, ...rest });
    }
    return layout;
  });
  return {
    document: { $schema: FORM_DOCUMENT_SCHEMA_REF, ...doc, fields },
    rules: { $schema: RULES_FILE_SCHEMA_REF, formCode: doc.formCode, rules },
  };
}

/** The files of one form, canonically formatted: schemas/<code>.json, rules/<code>.rules.json (when it
 * has rules), rules/<code>.cases.json (when it has cases), rules/<code>.dicts.json (when it names
 * dictionaries). */
export function formFileTexts(
  doc: FormDocument,
  cases?: CasesFile | null,
  dictionaries?: DictsFile['dictionaries'] | null,
): FormFileText[] {
  const { document, rules } = splitRules(doc);
  const code = doc.formCode;
  const props = doc.fields.map((f) => f.fieldProp);
  const text = (value: unknown, schema: unknown) =>
    canonicalFileText(orderBySchema(value, schema as SchemaNode, schema as SchemaNode, props));
  const out: FormFileText[] = [{ name: `schemas/${code}.json`, text: text(document, documentSchema) }];
  if (rules.rules.length) out.push({ name: `rules/${code}.rules.json`, text: text(rules, rulesSchema) });
  if (cases) out.push({ name: `rules/${code}.cases.json`, text: text({ $schema: CASES_FILE_SCHEMA_REF, ...cases }, casesSchema) });
  if (dictionaries && Object.keys(dictionaries).length) {
    const sorted = Object.fromEntries(
      Object.keys(dictionaries)
        .sort()
        .map((k) => [k, dictionaries[k]]),
    );
    out.push({
      name: `rules/${code}.dicts.json`,
      text: text({ $schema: DICTS_FILE_SCHEMA_REF, formCode: code, dictionaries: sorted }, dictsSchema),
    });
  }
  return out;
}
