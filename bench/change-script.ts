// Inputs for the runs: a filled record (an existing visit being edited) and a seeded script of
// single-field edits, replayed identically against the engine and against Formily.
import type { FieldValue, FormValues } from '../src/engine';
import type { InputKind, Plan } from './generate-document';
import { createRandom, type Random } from './random';

export interface Change {
  field: string;
  value: FieldValue;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function valueFor(kind: InputKind, rnd: Random): FieldValue {
  switch (kind) {
    case 'number':
      return rnd.int(1, 300);
    case 'code':
      return rnd.chance(0.5) ? '1' : '2';
    case 'date':
      return `${rnd.int(2020, 2024)}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`;
    case 'text':
      return `T${rnd.int(0, 99999)}`;
  }
}

const inputsOf = (plan: Plan): { prop: string; kind: InputKind }[] =>
  plan.fields.flatMap((f) => (f.kind === 'calc' ? [] : [{ prop: f.prop, kind: f.kind }]));

/** Every input filled with a valid value. */
export function filledRecord(plan: Plan, seed: number): FormValues {
  const rnd = createRandom(seed);
  const out: FormValues = {};
  for (const f of inputsOf(plan)) out[f.prop] = valueFor(f.kind, rnd);
  return out;
}

/** `count` edits of random inputs; one in twenty clears the field, as users do. */
export function changeScript(plan: Plan, count: number, seed: number): Change[] {
  const rnd = createRandom(seed);
  const inputs = inputsOf(plan);
  return Array.from({ length: count }, () => {
    const f = rnd.pick(inputs);
    return { field: f.prop, value: rnd.chance(0.05) ? null : valueFor(f.kind, rnd) };
  });
}
