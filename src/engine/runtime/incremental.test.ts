// Incremental evaluation (DESIGN §3): whatever sequence of edits a session receives, it must end
// where one full evaluate() of the final values ends, and each edit may re-run only the rules
// downstream of what changed, each at most once, in dependency order. The session reports the rules
// it ran in ChangeSet.rulesRun; "downstream" is worked out here from the document's own expressions,
// independently of the compiler's dependency graph.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocumentOrThrow } from '../compile/compile';
import type { CompiledForm } from '../compile/compiled-form';
import { chainDoc, ctx } from '../test/fixtures';
import type { EvalContext, FieldDef, FieldValue, FormDocument, FormValues, RuleKind } from '../types';
import { createSession, evaluate, type FormSession } from './evaluate';
import type { ChangeSet, Evaluation, FieldState } from './results';

// ---------------------------------------------------------------------------------------------
// Downstream, from the document alone.

interface RuleInfo {
  id: string;
  kind: RuleKind;
  field: string;
  reads: Set<string>;
}

/** Field names an expression mentions: identifiers outside string literals that are not calls. */
function fieldsIn(source: string | undefined, fields: ReadonlySet<string>): string[] {
  if (source === undefined) return [];
  const code = source.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const out: string[] = [];
  for (const m of code.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    const after = code.slice((m.index ?? 0) + m[0].length).trimStart();
    if (!after.startsWith('(') && fields.has(m[0])) out.push(m[0]);
  }
  return out;
}

function ruleInfos(doc: FormDocument): RuleInfo[] {
  const names = new Set(doc.fields.map((f) => f.fieldProp));
  return doc.fields.flatMap((f) =>
    (f.reckons ?? []).map((r) => ({
      id: r.id,
      kind: r.kind ?? 'calc',
      field: f.fieldProp,
      reads: new Set([...fieldsIn(r.scontent, names), ...fieldsIn(r.tcontent, names)]),
    })),
  );
}

const meets = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => [...a].some((x) => b.has(x));

/** What the calcs of a field read together: its value is the first of them that fires. */
function calcGroupReads(rules: RuleInfo[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of rules) {
    if (r.kind !== 'calc') continue;
    const s = out.get(r.field) ?? new Set<string>();
    for (const f of r.reads) s.add(f);
    out.set(r.field, s);
  }
  return out;
}

/**
 * Rules an edit of `changed` may reach: a calc group reading a reached field (or whose own field's
 * input was edited) reaches its field; a rule is downstream when it reads a reached field or belongs
 * to a calc group that does.
 */
function downstreamRules(rules: RuleInfo[], changed: ReadonlySet<string>): Set<string> {
  const groups = calcGroupReads(rules);
  const reached = new Set(changed);
  for (let grew = true; grew;) {
    grew = false;
    for (const [field, reads] of groups) {
      if (!reached.has(field) && meets(reads, reached)) {
        reached.add(field);
        grew = true;
      }
    }
  }
  const out = new Set<string>();
  for (const r of rules) {
    const group = r.kind === 'calc' ? groups.get(r.field) : undefined;
    if (group ? meets(group, reached) || changed.has(r.field) : meets(r.reads, reached)) out.add(r.id);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The checks made after every step.

type Step =
  | { kind: 'set'; field: string; value: FieldValue | undefined }
  | { kind: 'many'; values: FormValues }
  | { kind: 'context'; ctx: EvalContext };

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** What a widget shows of a field's state (the explanation in `because` may change without a report). */
const stateKey = (s: FieldState | undefined): string =>
  JSON.stringify(s && [s.visible, s.required, s.disabled, s.allowedCodes ?? null, s.requiredMessage ?? null]);

function checkEdit(
  doc: FormDocument,
  rules: RuleInfo[],
  before: Evaluation,
  inputsBefore: Record<string, FieldValue>,
  session: FormSession,
  change: ChangeSet,
  touched: string[],
): void {
  const after = session.snapshot();
  const inputsAfter = session.inputs();
  const edited = new Set(touched.filter((f) => !sameJson(inputsBefore[f] ?? null, inputsAfter[f] ?? null)));
  const ran = change.rulesRun;

  // Each rule at most once.
  expect(new Set(ran).size, `rulesRun ${ran.join(', ')}`).toBe(ran.length);

  // Only rules downstream of what was edited (nothing at all when no input changed).
  const allowed = downstreamRules(rules, edited);
  for (const id of ran) expect(allowed.has(id), `${id} ran for an edit of ${[...edited].join(', ') || 'nothing'}`).toBe(true);

  // Every rule that reads an edited plain input runs; a calc group that reads one (or whose own field
  // was typed into) is tried from its first rule.
  const groups = calcGroupReads(rules);
  const byField = new Map<string, RuleInfo[]>();
  for (const r of rules) if (r.kind === 'calc') byField.set(r.field, [...(byField.get(r.field) ?? []), r]);
  for (const c of edited) {
    if (groups.has(c)) {
      expect(ran, `calc of ${c}`).toContain(byField.get(c)?.[0]?.id);
      continue;
    }
    for (const r of rules) {
      if (r.kind !== 'calc' && r.reads.has(c)) expect(ran, `${r.id} reads ${c}`).toContain(r.id);
    }
    for (const [field, reads] of groups)
      if (reads.has(c)) expect(ran, `calc of ${field} reads ${c}`).toContain(byField.get(field)?.[0]?.id);
  }

  // In dependency order: a rule that reads a calc's field runs after that calc.
  const calcOf = new Map(rules.filter((r) => r.kind === 'calc').map((r) => [r.id, r.field]));
  const readsOf = (id: string): Set<string> => {
    const r = rules.find((x) => x.id === id) as RuleInfo;
    return r.kind === 'calc' ? (groups.get(r.field) ?? new Set()) : r.reads;
  };
  ran.forEach((id, i) => {
    const target = calcOf.get(id);
    if (target === undefined) return;
    for (const earlier of ran.slice(0, i)) expect(readsOf(earlier).has(target), `${earlier} ran before ${id}, which it reads`).toBe(false);
  });

  // The change set reports every value and state that changed.
  for (const f of doc.fields) {
    const p = f.fieldProp;
    if (!sameJson(before.values[p], after.values[p])) {
      const effects = change.values.filter((v) => v.field === p);
      expect(effects.at(-1)?.value, `value of ${p}`).toStrictEqual(after.values[p]);
    }
    if (stateKey(before.fields[p]) !== stateKey(after.fields[p])) {
      expect(change.states.find((s) => s.field === p)?.state, `state of ${p}`).toStrictEqual(after.fields[p]);
    }
  }
  // … and every message that came or went on a field visible before and after.
  const steady = (e: Evaluation): Set<string> =>
    new Set(e.messages.filter((m) => before.fields[m.field]?.visible && after.fields[m.field]?.visible).map((m) => m.ruleId));
  const [was, is] = [steady(before), steady(after)];
  const onSteady = (ids: string[]): string[] =>
    ids.filter((id) => rules.some((r) => r.id === id && before.fields[r.field]?.visible && after.fields[r.field]?.visible));
  expect(onSteady(change.messagesAdded.map((m) => m.ruleId)).sort()).toEqual([...is].filter((id) => !was.has(id)).sort());
  expect(onSteady(change.messagesRemoved.map((m) => m.ruleId)).sort()).toEqual([...was].filter((id) => !is.has(id)).sort());
}

/** Runs the steps through a session from `initial`, checking every edit and every resulting snapshot. */
function replay(doc: FormDocument, form: CompiledForm, initial: FormValues, steps: Step[], context: EvalContext): void {
  const rules = ruleInfos(doc);
  const session = createSession(form, initial, context, { applyDefaults: true });
  // The final values as the user left them: clearing a field (undefined) leaves it empty, not defaulted.
  const values: FormValues = { ...initial };
  let current = context;
  expect(session.snapshot()).toStrictEqual(evaluate(form, values, current, { applyDefaults: true }));
  for (const step of steps) {
    const before = session.snapshot();
    const inputsBefore = session.inputs();
    if (step.kind === 'context') {
      current = step.ctx;
      session.setContext(current);
    } else {
      const edit = step.kind === 'set' ? { [step.field]: step.value } : step.values;
      const change = step.kind === 'set' ? session.set(step.field, step.value) : session.setMany(step.values);
      for (const [k, v] of Object.entries(edit)) values[k] = v === undefined ? null : v;
      checkEdit(doc, rules, before, inputsBefore, session, change, Object.keys(edit));
    }
    // Same values, explanations, field states, messages and progress as a full evaluation.
    expect(session.snapshot()).toStrictEqual(evaluate(form, values, current, { applyDefaults: true }));
  }
}

const stepsArb = (
  valueOf: (field: string) => fc.Arbitrary<FieldValue | undefined>,
  fields: string[],
  contexts: EvalContext[],
): fc.Arbitrary<Step[]> => {
  const one = fc.constantFrom(...fields).chain((field) => valueOf(field).map((value) => ({ field, value })));
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 6, arbitrary: one.map((s): Step => ({ kind: 'set', ...s })) },
    {
      weight: 2,
      arbitrary: fc
        .array(one, { minLength: 1, maxLength: 4 })
        .map((list): Step => ({ kind: 'many', values: Object.fromEntries(list.map((s) => [s.field, s.value])) })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...contexts).map((c): Step => ({ kind: 'context', ctx: c })) },
  );
  return fc.array(step, { maxLength: 14 });
};

const initialArb = (valueOf: (field: string) => fc.Arbitrary<FieldValue | undefined>, fields: string[]): fc.Arbitrary<FormValues> =>
  fc.record(Object.fromEntries(fields.map((f) => [f, valueOf(f)])) as Record<string, fc.Arbitrary<FieldValue | undefined>>, {
    requiredKeys: [],
    noNullPrototype: true,
  });

// ---------------------------------------------------------------------------------------------
// 1. The chain fixture, with values a user could really enter (and a few wire forms and bad ones).

const CHAIN_VALUES: Record<string, (FieldValue | undefined)[]> = {
  visitDate: [undefined, null, '', '2024-06-01', '2023-01-15', '2024-02-30'],
  birthDate: [undefined, null, '1950-07-01', '1959-06-15', '1959-06-01', '1990-02-28', '2030-01-01', 'x'],
  age: [undefined, null, 30, '70', 64],
  elderly: [null, '1', '2'],
  sbp: [undefined, null, '', 80, 120, 139, 150, '160', 185],
  dbp: [undefined, null, 60, 85, 90, '95', 115],
  bpLevel: [null, 3],
  weight: [undefined, null, 50, 70, 90, '82.5'],
  height: [undefined, null, 0, 150, 170, '165'],
  bmi: [null, 22],
  bmiClass: [null, '1', '3'],
  advice: [null, '少油少盐'],
  symptoms: [undefined, null, [], ['1'], ['1', '2'], '2,3', ['3']],
  symptomCount: [null, 5],
  outcome: [undefined, null, '1', '2', '3'],
  endReason: [undefined, null, '1', '2', '4'],
  endDate: [null, '2024-05-01', '2024-06-10'],
  remark: [undefined, null, '', '好转'],
  mobile: [null, '13800138000', '123'],
  internalScore: [null, 9],
};
/** The properties take about a second each; room for a busy machine. */
const PROPERTY_TIMEOUT = 30_000;

const CONTEXTS = [ctx('2024-06-15T10:00:00'), ctx('2009-06-14T10:00:00'), { now: new Date('2025-03-01T08:00:00') }];

describe('incremental evaluation of the chain fixture', () => {
  const doc = chainDoc();
  const form = compileDocumentOrThrow(doc);
  const fields = doc.fields.map((f) => f.fieldProp);
  const valueOf = (f: string): fc.Arbitrary<FieldValue | undefined> => fc.constantFrom(...(CHAIN_VALUES[f] ?? [null]));

  it('has sample values for every field', () => {
    expect(Object.keys(CHAIN_VALUES).sort()).toEqual([...fields].sort());
  });

  it(
    'property: any sequence of edits ends where one full evaluation of the final values does, re-running only what is downstream',
    () => {
      fc.assert(
        fc.property(
          initialArb(valueOf, fields),
          stepsArb(valueOf, fields, CONTEXTS),
          fc.constantFrom(...CONTEXTS),
          (initial, steps, context) => {
            replay(doc, form, initial, steps, context);
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it('runs a three-deep chain in order, once each, and stops where a result does not change', () => {
    const s = createSession(form, { visitDate: '2024-06-01', sbp: 145, dbp: 80, weight: 90, height: 170, outcome: '1' }, ctx(), {
      applyDefaults: false,
    });
    expect(s.value('bpLevel')).toBe(4);
    const ch = s.set('birthDate', '1950-07-01');
    // birthDate → age (its first calc fires, the second is not tried) → elderly and bpLevel (145 is
    // below 150 at 73: level 2) → internalScore; then the state and message rules reading them.
    expect(ch.rulesRun).toEqual([
      'age.atVisit',
      'elderly.calc',
      'bp.level',
      'score.calc',
      'bp.severe',
      'advice.req',
      'sym.options',
      'score.high',
    ]);
    expect([s.value('age'), s.value('elderly'), s.value('bpLevel'), s.value('internalScore')]).toEqual([73, '2', 2, 2]);
    expect(s.state('advice')).toMatchObject({ visible: true, required: true, requiredMessage: '老年肥胖者须填写减重建议' });
    // 73 → 74 at the visit: age changes but elderly does not, so nothing reading elderly re-runs.
    expect(s.set('birthDate', '1949-07-01').rulesRun).toEqual(['age.atVisit', 'elderly.calc', 'bp.level']);
  });

  it('falls back to the next calc of a group and to what the user typed', () => {
    const s = createSession(form, { birthDate: '1950-07-01' }, ctx(), { applyDefaults: false });
    expect(s.snapshot().explain.age).toMatchObject({ value: 73, ruleId: 'age.today' });
    s.set('visitDate', '2020-01-01');
    expect(s.snapshot().explain.age).toMatchObject({ value: 69, ruleId: 'age.atVisit' });
    s.set('remark', '好转');
    s.setMany({ outcome: '3', endReason: '1' });
    expect(s.value('remark')).toBe('死亡结案');
    s.set('endReason', '2');
    expect(s.snapshot().explain.remark).toEqual({ field: 'remark', value: '好转', ruleId: null, inputs: {} });
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Generated documents: random calc graphs (fields declared in a different order from their
// dependency order) with state, check and error rules.

interface RuleSpec {
  kind: RuleKind;
  target: number;
  a: number;
  b: number;
  c: number;
  shape: number;
  when: number;
}

const ruleSpecArb: fc.Arbitrary<RuleSpec> = fc.record(
  {
    kind: fc.constantFrom<RuleKind>('calc', 'calc', 'calc', 'check', 'error', 'required', 'display', 'disabled'),
    target: fc.nat(20),
    a: fc.nat(20),
    b: fc.nat(20),
    c: fc.integer({ min: -2, max: 10 }),
    shape: fc.nat(4),
    when: fc.nat(3),
  },
  { noNullPrototype: true },
);

const dagDocArb: fc.Arbitrary<FormDocument> = fc.integer({ min: 2, max: 8 }).chain((k) =>
  fc
    .tuple(
      fc.shuffledSubarray([...Array(k).keys()], { minLength: k, maxLength: k }),
      fc.array(fc.record({ required: fc.boolean(), hidden: fc.boolean() }, { noNullPrototype: true }), { minLength: k, maxLength: k }),
      fc.array(ruleSpecArb, { maxLength: 14 }),
    )
    .map(([rank, flags, specs]) => {
      const name = (i: number): string => `n${i}`;
      const fields: FieldDef[] = rank.map((_, i) => {
        const f: FieldDef = { fieldProp: name(i), fieldLabel: `字段${i}`, fieldType: 4 };
        if (flags[i]?.hidden) f.hidden = true;
        else if (flags[i]?.required) f.required = 1;
        return f;
      });
      const rankOf = (i: number): number => rank[i] ?? 0;
      specs.forEach((s, j) => {
        const t = s.target % k;
        const target = fields[t] as FieldDef;
        const any = (n: number): string => name(n % k);
        let scontent: string | undefined;
        let tcontent: string;
        if (s.kind === 'calc') {
          // A calc reads only fields below its own in the dependency order.
          const below = [...Array(k).keys()].filter((i) => rankOf(i) < rankOf(t));
          const pick = (n: number): string | undefined => (below.length ? name(below[n % below.length] as number) : undefined);
          const a = pick(s.a);
          const b = pick(s.b);
          if (a === undefined || b === undefined) tcontent = String(s.c);
          else tcontent = [`${a} + ${b}`, `min(${a}, ${s.c})`, `ifEmpty(${a}, 0) * 2`, `round(${a} / 3, 1)`, `${s.c}`][s.shape] ?? `${s.c}`;
          if (a !== undefined && s.when === 1) scontent = `${a} > ${s.c}`;
          if (b !== undefined && s.when === 2) scontent = `hasValue(${b})`;
        } else {
          tcontent =
            [
              `${any(s.a)} >= ${any(s.b)}`,
              `${any(s.a)} > ${s.c}`,
              `isEmpty(${any(s.a)})`,
              `${any(s.a)} + ${any(s.b)} > ${s.c}`,
              `${any(s.b)} == ${s.c}`,
            ][s.shape] ?? 'true';
          if (s.when === 1) scontent = `hasValue(${any(s.b)})`;
        }
        const reckon = {
          id: `r${j}`,
          kind: s.kind,
          tcontent,
          ...(scontent !== undefined ? { scontent } : {}),
          ...(s.kind === 'check' || s.kind === 'error' || s.kind === 'required' ? { errMsg: `规则${j}` } : {}),
        };
        target.reckons = [...(target.reckons ?? []), reckon];
      });
      return { formCode: 'gen', formName: '生成的表单', version: 1, fields };
    }),
);

const smallValue: fc.Arbitrary<FieldValue | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer({ min: -3, max: 12 }),
  fc.constantFrom('', '7', 'x'),
);

describe('incremental evaluation of generated documents', () => {
  it(
    'property: any sequence of edits ends where one full evaluation of the final values does, re-running only what is downstream',
    () => {
      fc.assert(
        fc.property(
          dagDocArb.chain((doc) => {
            const fields = doc.fields.map((f) => f.fieldProp);
            const valueOf = (): fc.Arbitrary<FieldValue | undefined> => smallValue;
            return fc.tuple(fc.constant(doc), initialArb(valueOf, fields), stepsArb(valueOf, fields, CONTEXTS));
          }),
          ([doc, initial, steps]) => {
            replay(doc, compileDocumentOrThrow(doc), initial, steps, ctx());
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe('reported state changes', () => {
  it('reports a field whose required message changes while it stays required (found by the property above)', () => {
    const doc: FormDocument = {
      formCode: 'req',
      formName: '必填提示',
      version: 1,
      fields: [
        { fieldProp: 'a', fieldLabel: 'A', fieldType: 4 },
        {
          fieldProp: 'b',
          fieldLabel: 'B',
          fieldType: 4,
          reckons: [
            { id: 'b.req1', kind: 'required', scontent: 'isEmpty(a)', errMsg: '请先填写 A 或 B' },
            { id: 'b.req2', kind: 'required', scontent: 'hasValue(a)', errMsg: '填写了 A 时 B 必填' },
          ],
        },
      ],
    };
    const s = createSession(compileDocumentOrThrow(doc), {}, ctx());
    expect(s.state('b')?.requiredMessage).toBe('请先填写 A 或 B');
    const ch = s.set('a', 1);
    expect(ch.states).toEqual([{ field: 'b', state: expect.objectContaining({ required: true, requiredMessage: '填写了 A 时 B 必填' }) }]);
  });
});

// ---------------------------------------------------------------------------------------------
// The reference used above, checked against a hand-worked case so that it can be trusted.

describe('downstreamRules (the test oracle)', () => {
  it('follows calc chains, takes whole calc groups and ignores names in strings and calls', () => {
    const rules = ruleInfos(chainDoc());
    expect(fieldsIn('calcAge(birthDate, visitDate) > age and x == "age"', new Set(['age', 'birthDate', 'visitDate', 'calcAge']))).toEqual([
      'birthDate',
      'visitDate',
      'age',
    ]);
    const fromVisit = downstreamRules(rules, new Set(['visitDate']));
    expect(fromVisit.has('age.today')).toBe(true);
    expect(fromVisit.has('endDate.order')).toBe(true);
    expect(fromVisit.has('bmi.calc')).toBe(false);
    expect([...downstreamRules(rules, new Set(['mobile']))]).toEqual(['mobile.ok']);
    expect([...downstreamRules(rules, new Set(['remark']))]).toEqual(['remark.end']);
    expect(downstreamRules(rules, new Set())).toEqual(new Set());
  });
});
