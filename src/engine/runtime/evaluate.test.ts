import { describe, expect, it } from 'vitest';
import { compileDocumentOrThrow } from '../compile/compile';
import { ctx, sampleDoc } from '../test/fixtures';
import { createSession, evaluate } from './evaluate';

const form = compileDocumentOrThrow(sampleDoc());

describe('evaluate', () => {
  it('computes calcs and explains each value with its rule and inputs', () => {
    const ev = evaluate(form, { visitDate: '2024-06-01', birthDate: '1950-07-01', weight: 70, height: 170, sbp: 150, dbp: 85 }, ctx());
    expect(ev.values.age).toBe(73);
    expect(ev.values.bmi).toBe(24.22);
    expect(ev.explain.bmi).toEqual({ field: 'bmi', value: 24.22, ruleId: 'bmi.calc', inputs: { weight: 70, height: 170 } });
    // 73 years old: 150 is the threshold, so 150/85 is high.
    expect(ev.values.bpLevel).toBe('3');
    expect(ev.explain.bpLevel?.inputs).toEqual({ sbp: 150, dbp: 85, age: 73 });
  });

  it('leaves a calc empty when an input is empty, instead of computing from 0', () => {
    const ev = evaluate(form, { weight: 70 }, ctx());
    expect(ev.values.bmi).toBeNull();
    expect(ev.values.age).toBeNull();
  });

  it('shows and requires the end reason only when management ends, with the rule as the reason', () => {
    const open = evaluate(form, { outcome: '1' }, ctx());
    expect(open.fields.endReason).toMatchObject({ visible: false, required: false });
    expect(open.fields.endReason?.because.visible?.ruleId).toBe('end.show');
    const ended = evaluate(form, { outcome: '3' }, ctx());
    expect(ended.fields.endReason).toMatchObject({ visible: true, required: true });
    expect(ended.fields.endReason?.because.required).toEqual({ ruleId: 'end.req', inputs: { outcome: '3' } });
  });

  it('raises anomalies with their rule and inputs', () => {
    const ev = evaluate(form, { sbp: 80, dbp: 90, weight: 90, height: 170 }, ctx());
    expect(ev.messages).toEqual([
      { ruleId: 'sbp.gt.dbp', kind: 'check', field: 'sbp', message: '收缩压应高于舒张压', inputs: { sbp: 80, dbp: 90 } },
      { ruleId: 'bmi.high', kind: 'check', field: 'bmi', message: '体质指数偏高', inputs: { bmi: 31.14 } },
    ]);
  });

  it('reads the wire forms of values: numbers as text, code lists joined by commas', () => {
    const ev = evaluate(form, { sbp: '120', symptoms: '1,2', weight: '' }, ctx());
    expect(ev.values.sbp).toBe(120);
    expect(ev.values.symptoms).toEqual(['1', '2']);
    expect(ev.values.weight).toBeNull();
  });

  it('computes progress over visible required fields', () => {
    expect(evaluate(form, {}, ctx()).progress).toBe(0);
    // visitDate, sbp, dbp, outcome are required; endReason is hidden.
    expect(evaluate(form, { visitDate: '2024-06-01', sbp: 120 }, ctx()).progress).toBe(50);
    expect(evaluate(form, { visitDate: '2024-06-01', sbp: 120, dbp: 80, outcome: '3' }, ctx()).progress).toBe(80);
  });
});

describe('createSession', () => {
  it('re-runs only rules downstream of a change, once each, in order', () => {
    const s = createSession(form, { visitDate: '2024-06-01', birthDate: '1950-07-01', sbp: 150, dbp: 85 }, ctx());
    // No height yet: the BMI calc runs, gives nothing, and nothing further runs.
    expect(s.set('weight', 70).rulesRun).toEqual(['bmi.calc']);
    const ch2 = s.set('height', 170);
    expect(ch2.rulesRun).toEqual(['bmi.calc', 'bmi.high']);
    expect(ch2.values.map((v) => [v.field, v.value])).toEqual([
      ['height', 170],
      ['bmi', 24.22],
    ]);
    const ch3 = s.set('birthDate', '1970-01-01');
    expect(ch3.rulesRun).toEqual(['age.calc', 'bp.level']);
    expect(s.value('bpLevel')).toBe('3');
    expect(s.set('sbp', 120).rulesRun).toEqual(['bp.level', 'sbp.gt.dbp']);
    expect(s.value('bpLevel')).toBe('0');
  });

  it('does not go further when a calc result does not change', () => {
    const s = createSession(form, { weight: 70, height: 170 }, ctx());
    const ch = s.set('weight', 70.001);
    expect(ch.rulesRun).toEqual(['bmi.calc']);
  });

  it('reports state changes and message additions and removals', () => {
    const s = createSession(form, { sbp: 120, dbp: 80 }, ctx());
    const a = s.set('outcome', '3');
    expect(a.states).toEqual([{ field: 'endReason', state: expect.objectContaining({ visible: true, required: true }) }]);
    const b = s.set('dbp', 130);
    expect(b.messagesAdded.map((m) => m.ruleId)).toEqual(['sbp.gt.dbp']);
    const c = s.set('dbp', 70);
    expect(c.messagesRemoved.map((m) => m.ruleId)).toEqual(['sbp.gt.dbp']);
  });

  it('applies defaults to a new record when the host asks, and leaves a saved record as saved', () => {
    const doc = sampleDoc();
    doc.fields[10]!.default = '1';
    const compiled = compileDocumentOrThrow(doc);
    expect(createSession(compiled, {}, ctx(), { applyDefaults: true }).value('outcome')).toBe('1');
    expect(createSession(compiled, {}, ctx()).value('outcome')).toBeNull();
  });

  it('uses the clock passed in', () => {
    const doc = sampleDoc();
    doc.fields[2]!.reckons = [{ id: 'age.today', tcontent: 'calcAge(birthDate)' }];
    const f = compileDocumentOrThrow(doc);
    const s = createSession(f, { birthDate: '2000-06-16' }, ctx('2024-06-15T10:00:00'));
    expect(s.value('age')).toBe(23);
    s.setContext(ctx('2024-06-16T10:00:00'));
    expect(s.value('age')).toBe(24);
  });
});

describe('evaluate and createSession', () => {
  it("give the same result for the same input, with or without the fields' defaults", () => {
    const doc = sampleDoc();
    doc.fields[10]!.default = '1';
    const compiled = compileDocumentOrThrow(doc);
    // outcome (fields[10]) has a default, and the values leave it out.
    const values = { visitDate: '2024-06-01', birthDate: '1950-07-01', weight: 70, height: 170, sbp: 150, dbp: 85 };
    expect(createSession(compiled, values, ctx()).snapshot()).toStrictEqual(evaluate(compiled, values, ctx()));
    const asNew = { applyDefaults: true };
    expect(createSession(compiled, values, ctx(), asNew).snapshot()).toStrictEqual(evaluate(compiled, values, ctx(), asNew));
    expect(evaluate(compiled, values, ctx(), asNew).values.outcome).toBe('1');
  });
});

describe('the compiled form', () => {
  /** Freezes everything reachable, Map entries included, so any write to the compiled form throws. */
  function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return value;
    seen.add(value);
    if (value instanceof Map) {
      for (const [k, v] of value) {
        deepFreeze(k, seen);
        deepFreeze(v, seen);
      }
    }
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
    return Object.freeze(value);
  }

  it('is never written to: sessions and evaluations sharing it each keep their own clock', () => {
    const doc = sampleDoc();
    doc.fields[2]!.reckons = [{ id: 'age.today', tcontent: 'calcAge(birthDate)' }];
    const shared = deepFreeze(compileDocumentOrThrow(doc));
    const before = createSession(shared, {}, ctx('2024-06-15T10:00:00'));
    const after = createSession(shared, {}, ctx('2024-06-16T10:00:00'));
    before.set('birthDate', '2000-06-16');
    after.set('birthDate', '2000-06-16');
    expect(evaluate(shared, { birthDate: '2000-06-16' }, ctx('2030-01-01T10:00:00')).values.age).toBe(29);
    before.set('weight', 60);
    expect(before.value('age')).toBe(23);
    expect(after.value('age')).toBe(24);
  });
});
