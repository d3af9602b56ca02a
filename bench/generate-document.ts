// Deterministic generator of large form documents for the benchmark. It builds a plan (fields and
// rules, each rule with an engine expression and an equivalent closure) and turns it into a
// FormDocument; the plan also builds the Formily comparison form and the change scripts.
import type { FieldDef, FormDocument, Reckon, RuleKind } from '../src/engine';
import { CALC_TEMPLATES, CHECK_TEMPLATES, CONDITION_TEMPLATES, formulaOf, type ArgKind, type Formula, type Template } from './formulas';
import { createRandom, shuffled, type Random } from './random';

export type InputKind = 'number' | 'code' | 'date' | 'text';

export interface PlanField {
  prop: string;
  kind: InputKind | 'calc';
  /** Longest chain of calculations ending here (0 for inputs). */
  depth: number;
}

export interface PlanRule {
  id: string;
  kind: RuleKind;
  field: string;
  /** calc: the value; check: the anomaly test; display/required/disabled: the condition. */
  formula: Formula;
  /** A check's condition (scontent), when it has one. */
  when?: Formula;
  message?: string;
}

export interface Plan {
  spec: DocSpec;
  fields: PlanField[];
  rules: PlanRule[];
}

export interface DocSpec {
  formCode: string;
  fields: number;
  rules: { calc: number; check: number; required: number; display: number; disabled: number };
  seed: number;
  /** Longest allowed chain of calculations. */
  maxDepth: number;
  /** Chance that a calculation's number input is an earlier calculation (chains). */
  chainBias: number;
  /** Number inputs that many calculations read (fan-out, like weight or visit date). */
  hubs: number;
  /** Yes/no fields that gate display, required and disabled rules. */
  gates: number;
}

export const YES_NO = 'yes_no';

/** A large follow-up form: 300 fields, 500 rules of every kind (bench:engine's 300/500, bench:designer's form). */
export const FORM_300: DocSpec = {
  formCode: 'bench300',
  fields: 300,
  rules: { calc: 120, check: 130, required: 110, display: 80, disabled: 60 },
  seed: 300,
  maxDepth: 4,
  chainBias: 0.25,
  hubs: 6,
  gates: 12,
};
const INPUT_MIX: readonly InputKind[] = ['number', 'number', 'number', 'number', 'number', 'number', 'code', 'code', 'date', 'text'];
// The first inputs are fixed so every template finds an argument of each kind.
const FIRST_INPUTS: readonly InputKind[] = ['number', 'number', 'number', 'code', 'date', 'date', 'code', 'number'];

export function generatePlan(spec: DocSpec): Plan {
  const rnd = createRandom(spec.seed);
  const fields = layoutFields(spec, rnd);
  const byKind = (k: PlanField['kind']): PlanField[] => fields.filter((f) => f.kind === k);
  const rules: PlanRule[] = [];
  const count = new Map<string, number>();
  const add = (rule: Omit<PlanRule, 'id'>): void => {
    const n = (count.get(rule.field) ?? 0) + 1;
    count.set(rule.field, n);
    rules.push({ id: `${rule.field}.${rule.kind}${n}`, ...rule });
  };

  // Calculations: each calc field gets one, reading only fields declared before it.
  const seen: PlanField[] = [];
  for (const f of fields) {
    if (f.kind === 'calc') {
      const formula = calcFormula(f, seen, spec, rnd);
      add({ kind: 'calc', field: f.prop, formula });
    }
    seen.push(f);
  }

  // Anomaly checks on numbers and calculated values.
  const numbers = [...byKind('number'), ...byKind('calc')];
  const gates = byKind('code').slice(0, spec.gates);
  for (let i = 0; i < spec.rules.check; i++) {
    const t = CHECK_TEMPLATES[i % CHECK_TEMPLATES.length] as Template;
    const owner = rnd.pick(numbers);
    const names = [owner.prop, ...t.args.slice(1).map(() => otherThan(numbers, owner, rnd).prop)];
    const rule: Omit<PlanRule, 'id'> = {
      kind: 'check',
      field: owner.prop,
      formula: formulaOf(t, names),
      message: `${owner.prop} 数值可疑`,
    };
    // Every third check applies only behind a gate, as "if symptomatic, ..." checks do.
    if (i % 3 === 2 && gates.length > 0) rule.when = formulaOf(CONDITION_TEMPLATES[0] as Template, [rnd.pick(gates).prop]);
    add(rule);
  }

  // State rules: at most one of each kind per field, on inputs, conditioned on gates and numbers.
  const inputs = fields.filter((f) => f.kind !== 'calc');
  for (const kind of ['display', 'required', 'disabled'] as const) {
    const targets = shuffled(inputs, rnd).slice(0, spec.rules[kind]);
    if (targets.length < spec.rules[kind]) throw new Error(`not enough inputs for ${spec.rules[kind]} ${kind} rules`);
    for (const target of targets) {
      const t = rnd.pick(CONDITION_TEMPLATES);
      const names = t.args.map((k) => pickArg(k, seenExcept(fields, target), gates, rnd).prop);
      add({ kind, field: target.prop, formula: formulaOf(t, names) });
    }
  }
  return { spec, fields, rules };
}

function layoutFields(spec: DocSpec, rnd: Random): PlanField[] {
  const calcs = spec.rules.calc;
  if (calcs >= spec.fields - FIRST_INPUTS.length) throw new Error('too many calculations for the fields');
  const out: PlanField[] = [];
  let inputsMade = 0;
  // Calc fields are spread evenly after the first inputs, so chains run through the whole form.
  const tail = spec.fields - FIRST_INPUTS.length;
  for (let i = 0; i < spec.fields; i++) {
    const j = i - FIRST_INPUTS.length;
    const isCalc = j >= 0 && Math.floor(((j + 1) * calcs) / tail) > Math.floor((j * calcs) / tail);
    if (isCalc) {
      out.push({ prop: `calc${i}`, kind: 'calc', depth: 0 });
    } else {
      const kind = FIRST_INPUTS[inputsMade] ?? rnd.pick(INPUT_MIX);
      inputsMade += 1;
      out.push({ prop: `${kind === 'number' ? 'num' : kind}${i}`, kind, depth: 0 });
    }
  }
  return out;
}

function calcFormula(target: PlanField, before: PlanField[], spec: DocSpec, rnd: Random): Formula {
  const numberInputs = before.filter((f) => f.kind === 'number');
  const hubs = numberInputs.slice(0, spec.hubs);
  const chainable = before.filter((f) => f.kind === 'calc' && f.depth < spec.maxDepth);
  const pickNumber = (): PlanField => {
    // Prefer recent calculations: a form's derived values build on the section just above.
    if (chainable.length > 0 && rnd.chance(spec.chainBias)) return rnd.pick(chainable.slice(-12));
    return rnd.chance(0.3) && hubs.length > 0 ? rnd.pick(hubs) : rnd.pick(numberInputs);
  };
  const t = rnd.pick(CALC_TEMPLATES);
  const chosen: PlanField[] = [];
  for (const k of t.args) {
    let f = k === 'n' ? pickNumber() : pickArg(k, before, [], rnd);
    // Two distinct arguments, or "a - a" style rules that no form would have.
    for (let tries = 0; tries < 8 && chosen.includes(f); tries++) f = k === 'n' ? pickNumber() : pickArg(k, before, [], rnd);
    chosen.push(f);
  }
  target.depth = 1 + Math.max(0, ...chosen.map((f) => f.depth));
  return formulaOf(
    t,
    chosen.map((f) => f.prop),
  );
}

function pickArg(kind: ArgKind, pool: PlanField[], gates: PlanField[], rnd: Random): PlanField {
  if (kind === 'c') {
    const usable = gates.filter((g) => pool.includes(g));
    return usable.length > 0 ? rnd.pick(usable) : rnd.pick(pool.filter((f) => f.kind === 'code'));
  }
  return rnd.pick(pool.filter((f) => f.kind === (kind === 'n' ? 'number' : 'date')));
}

const seenExcept = (fields: PlanField[], f: PlanField): PlanField[] => fields.filter((x) => x !== f);

function otherThan(pool: PlanField[], f: PlanField, rnd: Random): PlanField {
  for (;;) {
    const x = rnd.pick(pool);
    if (x !== f) return x;
  }
}

const FIELD_TYPES = { number: 4, calc: 4, code: 2, date: 5, text: 3 } as const;

export function planToDocument(plan: Plan, keep: (r: PlanRule) => boolean = () => true): FormDocument {
  const reckons = new Map<string, Reckon[]>();
  for (const r of plan.rules.filter(keep)) {
    const reckon: Reckon = { id: r.id, kind: r.kind };
    if (r.kind === 'calc' || r.kind === 'check') reckon.tcontent = r.formula.expr;
    else reckon.scontent = r.formula.expr;
    if (r.when) reckon.scontent = r.when.expr;
    if (r.message !== undefined) reckon.errMsg = r.message;
    reckons.set(r.field, [...(reckons.get(r.field) ?? []), reckon]);
  }
  const sectionSize = 20;
  const fields: FieldDef[] = plan.fields.map((f, i) => {
    const def: FieldDef = {
      fieldProp: f.prop,
      fieldLabel: `指标${i + 1}`,
      fieldType: FIELD_TYPES[f.kind],
      section: `s${Math.floor(i / sectionSize)}`,
    };
    if (f.kind === 'number') Object.assign(def, { min: 0, max: 500, unit: 'mmHg' });
    if (f.kind === 'code') def.bizCode = YES_NO;
    if (f.kind === 'text') def.regExp = '^[A-Za-z0-9]{0,20}$';
    if (f.kind === 'calc') def.disabled = true;
    const own = reckons.get(f.prop);
    if (own) def.reckons = own;
    return def;
  });
  const sections = Array.from({ length: Math.ceil(fields.length / sectionSize) }, (_, i) => ({
    id: `s${i}`,
    title: `第${i + 1}部分`,
    columns: 2,
  }));
  return { formCode: plan.spec.formCode, formName: `基准表单 ${plan.spec.formCode}`, version: 1, sections, fields };
}
