// The bridge between the engine and Formily. The engine owns every rule: a value the user enters
// goes to session.set(), and the ChangeSet it returns is applied to the Formily fields — values of
// calculations, display, required (as the asterisk), disabled, option filters (dataSource) and
// rule messages (field.data, shown by EngineItem). Nothing is expressed as x-reactions, so
// Formily's expression compiler (new Function) is never reached and the form works under a CSP
// without 'unsafe-eval'.
import { createForm, onFieldInit, onFieldValueChange, type Field, type Form, type GeneralField } from '@formily/core';
import {
  createSession,
  isEmptyValue,
  normaliseValue,
  type ChangeSet,
  type CompiledForm,
  type DictOption,
  type EvalContext,
  type FieldDef,
  type FieldState,
  type FieldValue,
  type FormSession,
  type FormValues,
  type RuleMessage,
  type SubmitResult,
  type ValueEffect,
} from '../../engine';

/** What EngineItem shows for a field, kept in Formily's reactive field.data. */
export interface EngineFieldData {
  required: boolean;
  /** Rule messages of the field: checks (anomalies, amber) and errors (red). */
  messages: RuleMessage[];
  /** The submit's field validation message ('{label}不能为空' …), until the field changes. */
  fieldError?: string;
  /**
   * The rule that produced the value, when a calculation did. Only the id lives here, so a new
   * value of the same rule re-renders just the widget; the inputs are read when "why" is opened.
   */
  computedBy?: string;
}

export interface RuntimeStatus {
  progress: number;
  /** The inputs differ from the last saved (or opened) ones: closing would lose them. */
  dirty: boolean;
  /** Bumped on every applied change, so drafts know when to save. */
  revision: number;
}

export interface RuntimeOptions {
  /** The clock for rules that read today's date. */
  now: () => Date;
  lookupDictionary?: EvalContext['lookupDictionary'];
  /** New record: fill defaults. Off for saved records and restored drafts. */
  applyDefaults: boolean;
  readOnly: boolean;
}

export function sameFieldValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  const ea = isEmptyValue(a);
  const eb = isEmptyValue(b);
  if (ea || eb) return ea && eb;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

const sameInputs = (a: Record<string, FieldValue>, b: Record<string, FieldValue>, fields: readonly FieldDef[]): boolean =>
  fields.every((f) => sameFieldValue(a[f.fieldProp], b[f.fieldProp]));

const toFormily = (v: FieldValue | undefined): unknown => (v === null ? undefined : v);

/**
 * The runtime as hosts see it (src/form-runtime/index.ts exports it as FormRuntime): all but the
 * Formily form. A host fills values with enter() and reads state from the session; Formily stays
 * behind the bridge, where it can change without a host noticing.
 */
export type HostFormRuntime = Omit<FormRuntime, 'form'>;

export class FormRuntime {
  readonly form: Form;
  readonly session: FormSession;
  readonly compiled: CompiledForm;
  private readonly options: RuntimeOptions;
  private readonly messages = new Map<string, RuleMessage[]>();
  private readonly computed = new Map<string, ValueEffect>();
  private readonly calcTargets: ReadonlySet<string>;
  private baseline: Record<string, FieldValue>;
  private status: RuntimeStatus;
  private readonly listeners = new Set<() => void>();

  constructor(compiled: CompiledForm, initial: FormValues, options: RuntimeOptions) {
    this.compiled = compiled;
    this.options = options;
    this.calcTargets = new Set(compiled.calcNodeOf.keys());
    this.session = createSession(compiled, initial, this.context(), { applyDefaults: options.applyDefaults });
    const ev = this.session.snapshot();
    for (const e of Object.values(ev.explain)) if (e.ruleId) this.computed.set(e.field, e);
    for (const m of ev.messages) this.messages.set(m.field, [...(this.messages.get(m.field) ?? []), m]);
    this.baseline = this.session.inputs();
    this.status = { progress: ev.progress, dirty: false, revision: 0 };
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(ev.values)) values[k] = toFormily(v);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the effects closure runs inside createForm
    const runtime = this;
    this.form = createForm({
      values,
      readPretty: options.readOnly,
      effects() {
        onFieldInit('*', (field) => runtime.initField(field));
        onFieldValueChange('*', (field) => runtime.onValue(field));
      },
    });
  }

  // ---- status for React (useSyncExternalStore) --------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): RuntimeStatus => this.status;

  private publish(changed: boolean): void {
    const progress = this.session.snapshot().progress;
    const dirty = !sameInputs(this.session.inputs(), this.baseline, this.compiled.fields);
    if (!changed && progress === this.status.progress && dirty === this.status.dirty) return;
    this.status = { progress, dirty, revision: this.status.revision + (changed ? 1 : 0) };
    for (const l of this.listeners) l();
  }

  /**
   * After a save: `saved` (the inputs that were submitted; default what is in the form now) is what
   * would be kept, so an edit made while the save was on its way still counts as a change.
   */
  markSaved(saved: Record<string, FieldValue> = this.session.inputs()): void {
    this.baseline = saved;
    this.publish(false);
  }

  /**
   * Puts values into the form as if the user typed them: through the Formily form, so the engine
   * recomputes (BMI, grades…) and each one counts as a change. Names the form does not have are
   * skipped. Hosts fill a form this way (a prefill, an import from the last record) and never touch
   * the Formily form itself.
   */
  enter(values: Readonly<Record<string, unknown>>): void {
    for (const [prop, value] of Object.entries(values)) {
      // A copy of a list: Formily keeps the array it is given, and the caller may reuse its own.
      if (this.compiled.fieldByProp.has(prop)) this.form.setValuesIn(prop, Array.isArray(value) ? [...(value as unknown[])] : value);
    }
  }

  /** Why a field has its value: the calculation and the inputs it read (undefined: typed or empty). */
  explanation(prop: string): ValueEffect | undefined {
    return this.computed.get(prop);
  }

  label(prop: string): string {
    return this.compiled.fieldByProp.get(prop)?.fieldLabel ?? prop;
  }

  // ---- engine → Formily ---------------------------------------------------------------------

  private context(): EvalContext {
    const ctx: EvalContext = { now: this.options.now() };
    if (this.options.lookupDictionary) ctx.lookupDictionary = this.options.lookupDictionary;
    return ctx;
  }

  /** Dictionaries arrived (or changed): the engine re-runs with them and every field is refreshed. */
  setDictionaryLookup(lookup: EvalContext['lookupDictionary']): void {
    this.options.lookupDictionary = lookup;
    this.session.setContext(this.context());
    for (const f of this.compiled.fields) {
      const field = this.fieldOf(f.fieldProp);
      const state = this.session.state(f.fieldProp);
      if (field && state) this.applyState(field, state);
    }
    this.publish(false);
  }

  /** Fields by fieldProp, filled as Formily creates them (their addresses include the sections). */
  private readonly fields = new Map<string, Field>();

  private fieldOf(prop: string): Field | undefined {
    return this.fields.get(prop);
  }

  private initField(general: GeneralField): void {
    const prop = general.path.toString();
    if (!this.compiled.fieldByProp.has(prop) || !('setValue' in general)) return;
    const field = general as Field;
    this.fields.set(prop, field);
    const state = this.session.state(prop);
    const effect = this.computed.get(prop);
    field.data = {
      required: state?.required ?? false,
      messages: this.messages.get(prop) ?? [],
      computedBy: effect?.ruleId ?? undefined,
    } satisfies EngineFieldData;
    if (state) this.applyState(field, state);
  }

  private applyState(field: Field, state: FieldState): void {
    const prop = field.path.toString();
    field.display = state.visible ? 'visible' : 'hidden';
    // In view and print modes the form is read-pretty as a whole; an explicit pattern would override it.
    if (!this.options.readOnly) {
      const locked = state.disabled || this.calcTargets.has(prop);
      if (field.disabled !== locked) field.disabled = locked;
    }
    if (state.options) field.dataSource = state.options as DictOption[];
    const data = field.data as EngineFieldData | undefined;
    if (!data || data.required !== state.required) field.data = { ...(data ?? { messages: [] }), required: state.required };
  }

  private setData(prop: string, patch: Partial<EngineFieldData>): void {
    const field = this.fieldOf(prop);
    if (field) field.data = { ...(field.data as EngineFieldData), ...patch };
  }

  // ---- Formily → engine ---------------------------------------------------------------------

  private onValue(general: GeneralField): void {
    const prop = general.path.toString();
    const def = this.compiled.fieldByProp.get(prop);
    if (!def || !('setValue' in general)) return;
    const value = normaliseValue(def, (general as Field).value);
    // Values the engine itself wrote (calculations) come back through this hook: they already match.
    // For a calculated field that is the calculation's result: feeding it back would store it as
    // the user's input, and it would outlive the calculation.
    if (sameFieldValue(this.session.value(prop), value)) return;
    const data = (general as Field).data as EngineFieldData | undefined;
    if (data?.fieldError) this.setData(prop, { fieldError: undefined });
    this.apply(this.session.set(prop, value));
  }

  private apply(change: ChangeSet): void {
    for (const e of change.values) {
      const field = this.fieldOf(e.field);
      if (field && !sameFieldValue(normaliseValue(this.compiled.fieldByProp.get(e.field) as FieldDef, field.value), e.value)) {
        field.setValue(toFormily(e.value));
      } else if (!field) {
        this.form.setValuesIn(e.field, toFormily(e.value));
      }
      if (e.ruleId) this.computed.set(e.field, e);
      else this.computed.delete(e.field);
      const data = field?.data as EngineFieldData | undefined;
      if (data && data.computedBy !== (e.ruleId ?? undefined)) this.setData(e.field, { computedBy: e.ruleId ?? undefined });
    }
    for (const { field: prop, state } of change.states) {
      const field = this.fieldOf(prop);
      if (field) this.applyState(field, state);
    }
    const touched = new Set<string>();
    for (const m of change.messagesRemoved) {
      this.messages.set(
        m.field,
        (this.messages.get(m.field) ?? []).filter((x) => x.ruleId !== m.ruleId),
      );
      touched.add(m.field);
    }
    for (const m of change.messagesAdded) {
      this.messages.set(m.field, [...(this.messages.get(m.field) ?? []).filter((x) => x.ruleId !== m.ruleId), m]);
      touched.add(m.field);
    }
    for (const prop of touched) this.setData(prop, { messages: this.messages.get(prop) ?? [] });
    this.publish(true);
  }

  // ---- submit ------------------------------------------------------------------------------------

  validate(acknowledged?: boolean): SubmitResult {
    const extra = acknowledged ? { acknowledged: true, now: this.options.now() } : { now: this.options.now() };
    return this.session.validate(extra);
  }

  /** Shows the submit's field messages on their fields (cleared again when the field changes). */
  showFieldErrors(result: SubmitResult): void {
    for (const f of this.compiled.fields) {
      const msg = result.fieldErrors[f.fieldProp];
      const data = this.fieldOf(f.fieldProp)?.data as EngineFieldData | undefined;
      if (data && data.fieldError !== msg) this.setData(f.fieldProp, { fieldError: msg });
    }
  }
}
