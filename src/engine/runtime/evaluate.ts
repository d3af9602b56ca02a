import type { CompiledForm } from '../compile/compiled-form';
import type { EvalContext, FieldValue, FormValues } from '../types';
import { validateEvaluation, type SubmitContext, type SubmitResult } from '../validation/submit';
import type { ChangeSet, Evaluation, FieldState } from './results';
import { Runner } from './runner';

export interface EvaluateOptions {
  /** Fill absent fields with their `default`: a new record. Off by default: a saved record's empty fields stay empty. */
  applyDefaults?: boolean;
}

/**
 * The one place evaluate and createSession take their defaults from, so the same values and context
 * give the same result through either (evaluate.test.ts). Values are taken as given unless the host
 * says it opens a new record: filling a default into a saved record would change what was saved.
 */
const DEFAULT_OPTIONS: Readonly<Required<EvaluateOptions>> = { applyDefaults: false };

function withDefaults(options: EvaluateOptions): Required<EvaluateOptions> {
  return { applyDefaults: options.applyDefaults ?? DEFAULT_OPTIONS.applyDefaults };
}

/** Full evaluation: every rule once, in order. */
export function evaluate(form: CompiledForm, values: FormValues, ctx: EvalContext, options: EvaluateOptions = {}): Evaluation {
  return new Runner(form, ctx, values, withDefaults(options).applyDefaults).snapshot();
}

/** An editing session: holds the inputs and re-runs only what a change reaches. */
export interface FormSession {
  readonly form: CompiledForm;
  /** Sets one input and returns every effect that changed. */
  set(field: string, value: FieldValue | undefined): ChangeSet;
  /** Sets several inputs at once (one pass over the affected rules). */
  setMany(values: FormValues): ChangeSet;
  /** A new clock or dictionary source: re-runs everything. */
  setContext(ctx: EvalContext): void;
  /** The user's inputs (calc targets keep what the user typed, if anything). */
  inputs(): Record<string, FieldValue>;
  value(field: string): FieldValue;
  state(field: string): FieldState | undefined;
  snapshot(): Evaluation;
  validate(ctx?: Partial<SubmitContext>): SubmitResult;
}

export function createSession(form: CompiledForm, initial: FormValues, ctx: EvalContext, options: EvaluateOptions = {}): FormSession {
  let context = ctx;
  const runner = new Runner(form, ctx, initial, withDefaults(options).applyDefaults);
  return {
    form,
    set: (field, value) => runner.set({ [field]: value }),
    setMany: (values) => runner.set(values),
    setContext: (next) => {
      context = next;
      runner.setContext(next);
    },
    inputs: () => ({ ...runner.inputs }),
    value: (field) => runner.values[field] ?? null,
    state: (field) => runner.states[field],
    snapshot: () => runner.snapshot(),
    validate: (extra = {}) => validateEvaluation(form, runner.snapshot(), { ...context, ...extra }),
  };
}
