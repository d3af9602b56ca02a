import type { FieldDef, FormDocument, Reckon, RuleDef, RuleKind } from '../types';

/** Reckons of every field, flattened in document order; a reckon without kind is a calc. */
export function documentRules(doc: FormDocument): RuleDef[] {
  const out: RuleDef[] = [];
  for (const f of doc.fields) {
    for (const r of f.reckons ?? []) out.push(reckonToRule(f.fieldProp, r));
  }
  return out;
}

export function reckonToRule(field: string, r: Reckon): RuleDef {
  const rule: RuleDef = { id: r.id, kind: r.kind ?? 'calc', field };
  if (r.scontent !== undefined && r.scontent.trim() !== '') rule.when = r.scontent;
  if (r.tcontent !== undefined && r.tcontent.trim() !== '') rule.expr = r.tcontent;
  if (r.errMsg !== undefined && r.errMsg !== '') rule.message = r.errMsg;
  return rule;
}

/** A rules file keeps rules apart from the layout for review; it is merged into the fields' reckons. */
export interface RulesFile {
  $schema?: string;
  formCode: string;
  rules: (Reckon & { field: string; kind: RuleKind })[];
}

export function mergeRules(doc: FormDocument, file: RulesFile): FormDocument {
  const byField = new Map<string, Reckon[]>();
  for (const r of file.rules) {
    const { field, ...reckon } = r;
    const list = byField.get(field) ?? [];
    list.push(reckon);
    byField.set(field, list);
  }
  const known = new Set(doc.fields.map((f) => f.fieldProp));
  const unknown = [...byField.keys()].filter((k) => !known.has(k));
  if (unknown.length) throw new Error(`rules for unknown fields: ${unknown.join(', ')}`);
  const fields: FieldDef[] = doc.fields.map((f) => {
    const extra = byField.get(f.fieldProp);
    return extra ? { ...f, reckons: [...(f.reckons ?? []), ...extra] } : f;
  });
  return { ...doc, fields };
}
