// The comparison form in plain @formily/core (no React): one field per document field and one field
// reaction per calc, display, required and disabled rule — what x-reactions compile to. A reaction
// reads its dependencies with field.query(dep), as @formily/json-schema's $deps does, so Formily's
// reactive tracking decides what re-runs after a change. Check rules have no reaction counterpart
// (Formily runs validators on input, not on value changes) and are left out.
import { createForm, type Field, type Form } from '@formily/core';
import type { FieldValue, FormValues } from '../src/engine';
import { runFormula } from './formulas';
import type { Plan, PlanRule } from './generate-document';

export const FORMILY_KINDS: ReadonlySet<string> = new Set(['calc', 'display', 'required', 'disabled']);

const emptyToNull = (v: unknown): FieldValue => (v === undefined || v === '' ? null : (v as FieldValue));

function reaction(rule: PlanRule): (field: Field) => void {
  const { formula } = rule;
  const read = (field: Field): FieldValue[] => formula.deps.map((d) => emptyToNull(field.query(d).value()));
  switch (rule.kind) {
    case 'calc':
      return (field) => {
        field.value = runFormula(formula, read(field));
      };
    case 'display':
      // 'hidden' keeps the value, as the engine keeps values of hidden fields ('none' would drop it).
      return (field) => {
        field.display = runFormula(formula, read(field)) === true ? 'visible' : 'hidden';
      };
    case 'required':
      return (field) => {
        field.required = runFormula(formula, read(field)) === true;
      };
    case 'disabled':
      return (field) => {
        field.pattern = runFormula(formula, read(field)) === true ? 'disabled' : 'editable';
      };
    default:
      throw new Error(`no Formily reaction for ${rule.kind}`);
  }
}

export function buildFormilyForm(plan: Plan, initial: FormValues): Form {
  const form = createForm({ values: { ...initial } });
  const byField = new Map<string, PlanRule[]>();
  for (const r of plan.rules) if (FORMILY_KINDS.has(r.kind)) byField.set(r.field, [...(byField.get(r.field) ?? []), r]);
  for (const f of plan.fields) {
    form.createField({ name: f.prop, reactions: (byField.get(f.prop) ?? []).map(reaction) });
  }
  return form;
}

export function formilyValue(form: Form, prop: string): FieldValue {
  return emptyToNull(form.getValuesIn(prop));
}
