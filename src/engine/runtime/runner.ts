// The evaluation core shared by full and incremental evaluation. Nodes (calc groups, then state and
// message rules) run in compiled order; a change queues only the nodes that read the changed field,
// and a calc that changes its value queues its own readers. Readers always sit later in the order
// than what they read, so popping the smallest index runs every affected node once, in order.
import type { CompiledForm, CompiledExpr, CompiledRule } from '../compile/compiled-form';
import { DICTIONARY_TYPES } from '../document/field-types';
import { formDictionaryLookup, type DictionaryLookup } from '../document/option-lists';
import { onlyFunctions, sandboxFunctions, withFunctions, type ParsedExpression, type SandboxFunctions } from '../expr/sandbox';
import type { EvalContext, FieldDef, FieldValue, FormValues } from '../types';
import { MinHeap } from './min-heap';
import {
  DEFAULT_MESSAGE,
  type ChangeSet,
  type Evaluation,
  type FieldState,
  type RuleMessage,
  type RuleRef,
  type ValueEffect,
} from './results';
import { isEmptyValue, normaliseValue, sameValue } from './values';
import { computeProgress } from '../validation/progress';

interface RuleResult {
  active: boolean;
  codes?: string[];
  inputs: Record<string, FieldValue>;
}

export class Runner {
  readonly form: CompiledForm;
  private ctx: EvalContext;
  /** The context's dictionaries behind the form's own option lists (document/option-lists.ts). */
  private lookup: DictionaryLookup;
  /**
   * The functions that see this context's clock, and the clock-reading expressions bound to them;
   * made on first use and dropped with the context. The compiled form is shared, so the clock lives here.
   */
  private clockFunctions: SandboxFunctions | null = null;
  private readonly clocked = new Map<CompiledExpr, ParsedExpression>();
  readonly inputs: Record<string, FieldValue> = Object.create(null) as Record<string, FieldValue>;
  /** Effective values, null for empty; also the scope expressions read. */
  readonly values: Record<string, FieldValue> = Object.create(null) as Record<string, FieldValue>;
  readonly effects: Record<string, ValueEffect> = Object.create(null) as Record<string, ValueEffect>;
  readonly states: Record<string, FieldState> = Object.create(null) as Record<string, FieldState>;
  private readonly results: (RuleResult | undefined)[];
  private readonly messages = new Map<number, RuleMessage>();
  private readonly heap = new MinHeap();
  private readonly queued: Uint8Array;
  private change: ChangeSet | null = null;
  private readonly dirtyStates = new Set<string>();

  constructor(form: CompiledForm, ctx: EvalContext, initial: FormValues, applyDefaults: boolean) {
    this.form = form;
    this.ctx = ctx;
    this.lookup = formDictionaryLookup(form.document, ctx.lookupDictionary);
    this.results = new Array<RuleResult | undefined>(form.rules.length);
    this.queued = new Uint8Array(form.nodes.length);
    for (const f of form.fields) {
      const raw = initial[f.fieldProp];
      const v = raw === undefined && applyDefaults && f.default !== undefined ? normaliseValue(f, f.default) : normaliseValue(f, raw);
      const clean = isEmptyValue(v) ? null : v;
      this.inputs[f.fieldProp] = clean;
      this.values[f.fieldProp] = clean;
      this.effects[f.fieldProp] = { field: f.fieldProp, value: clean, ruleId: null, inputs: {} };
    }
    this.runAll();
  }

  /** Runs every node in order and recomputes every field state. */
  runAll(): void {
    for (let i = 0; i < this.form.nodes.length; i++) this.runNode(i);
    // Every node has just run in order, so what the run queued is already up to date.
    while (this.heap.size > 0) this.queued[this.heap.pop()] = 0;
    for (const f of this.form.fields) this.states[f.fieldProp] = this.computeState(f);
    this.dirtyStates.clear();
  }

  setContext(ctx: EvalContext): void {
    this.ctx = ctx;
    this.lookup = formDictionaryLookup(this.form.document, ctx.lookupDictionary);
    this.clockFunctions = null;
    this.clocked.clear();
    this.runAll();
  }

  /** Sets user input values and re-runs what depends on them; returns what changed. */
  set(changes: FormValues): ChangeSet {
    const change: ChangeSet = { values: [], states: [], messagesAdded: [], messagesRemoved: [], rulesRun: [] };
    this.change = change;
    for (const [prop, raw] of Object.entries(changes)) {
      const f = this.form.fieldByProp.get(prop);
      if (!f) continue;
      const v = normaliseValue(f, raw);
      const clean = isEmptyValue(v) ? null : v;
      if (sameValue(this.inputs[prop], clean)) continue;
      this.inputs[prop] = clean;
      const calcNode = this.form.calcNodeOf.get(prop);
      if (calcNode !== undefined) {
        this.enqueue(calcNode);
      } else {
        this.values[prop] = clean;
        const eff: ValueEffect = { field: prop, value: clean, ruleId: null, inputs: {} };
        this.effects[prop] = eff;
        change.values.push(eff);
        this.enqueueReaders(prop);
        this.dirtyStates.add(prop);
      }
    }
    while (this.heap.size > 0) {
      const i = this.heap.pop();
      this.queued[i] = 0;
      this.runNode(i);
    }
    for (const prop of this.dirtyStates) {
      const f = this.form.fieldByProp.get(prop);
      if (!f) continue;
      const next = this.computeState(f);
      const prev = this.states[prop];
      this.states[prop] = next;
      if (!prev || !sameState(prev, next)) change.states.push({ field: prop, state: next });
    }
    this.dirtyStates.clear();
    this.change = null;
    return change;
  }

  snapshot(): Evaluation {
    const messages: RuleMessage[] = [];
    const ordered = [...this.messages.entries()].sort((a, b) => a[0] - b[0]);
    for (const [, m] of ordered) if (this.states[m.field]?.visible !== false) messages.push(m);
    // Copied field by field in the form's order (the order the constructor filled them in): a spread
    // of these null-prototype maps was a quarter of a server-side submit check.
    const values: Record<string, FieldValue> = {};
    const explain: Record<string, ValueEffect> = {};
    const fields: Record<string, FieldState> = {};
    for (const f of this.form.fields) {
      const prop = f.fieldProp;
      values[prop] = this.values[prop] as FieldValue;
      explain[prop] = this.effects[prop] as ValueEffect;
      fields[prop] = this.states[prop] as FieldState;
    }
    return {
      values,
      explain,
      fields,
      messages,
      progress: computeProgress(this.form.fields, this.values, this.states),
    };
  }

  private enqueue(i: number): void {
    if (this.queued[i]) return;
    this.queued[i] = 1;
    this.heap.push(i);
  }

  private enqueueReaders(field: string): void {
    for (const i of this.form.readers.get(field) ?? []) this.enqueue(i);
  }

  private evalExpr(e: CompiledExpr): unknown {
    if (!e.nullAware) {
      for (const f of e.fields) if (this.values[f] === null) return null;
    }
    try {
      const parsed = e.usesClock ? this.withClock(e) : e.parsed;
      return parsed.evaluate(this.values as never);
    } catch {
      // Types were checked at compile time; what remains (a helper's edge case) means "no value".
      return null;
    }
  }

  /** The expression bound to the functions that read this context's clock. */
  private withClock(e: CompiledExpr): ParsedExpression {
    let bound = this.clocked.get(e);
    if (!bound) {
      this.clockFunctions ??= sandboxFunctions({ now: this.ctx.now });
      bound = withFunctions(e.parsed, onlyFunctions(this.clockFunctions, e.functions));
      this.clocked.set(e, bound);
    }
    return bound;
  }

  private inputsOf(rule: CompiledRule): Record<string, FieldValue> {
    const out: Record<string, FieldValue> = {};
    for (const f of rule.reads) out[f] = this.values[f] ?? null;
    return out;
  }

  private applies(rule: CompiledRule): boolean {
    return rule.whenExpr === undefined || this.evalExpr(rule.whenExpr) === true;
  }

  private runNode(i: number): void {
    const node = this.form.nodes[i];
    if (!node) return;
    this.ctx.budget?.spend();
    if (node.kind === 'calc') {
      const field = this.form.fieldByProp.get(node.field) as FieldDef;
      let effect: ValueEffect | null = null;
      for (const ri of node.rules) {
        const rule = this.form.rules[ri] as CompiledRule;
        this.change?.rulesRun.push(rule.id);
        if (!this.applies(rule) || !rule.valueExpr) continue;
        const raw = this.evalExpr(rule.valueExpr);
        const v = normaliseValue(field, typeof raw === 'boolean' ? (raw ? '1' : '0') : raw);
        effect = { field: node.field, value: isEmptyValue(v) ? null : v, ruleId: rule.id, inputs: this.inputsOf(rule) };
        break;
      }
      if (!effect) effect = { field: node.field, value: this.inputs[node.field] ?? null, ruleId: null, inputs: {} };
      const changed = !sameValue(this.values[node.field], effect.value);
      const before = this.effects[node.field];
      this.values[node.field] = effect.value;
      this.effects[node.field] = effect;
      if (changed || before?.ruleId !== effect.ruleId) {
        this.change?.values.push(effect);
        this.dirtyStates.add(node.field);
      }
      if (changed) this.enqueueReaders(node.field);
      return;
    }
    const rule = this.form.rules[node.rule] as CompiledRule;
    this.change?.rulesRun.push(rule.id);
    const applies = this.applies(rule);
    let result: RuleResult;
    if (rule.kind === 'options') {
      const codes = applies && rule.valueExpr ? this.evalExpr(rule.valueExpr) : null;
      result = Array.isArray(codes)
        ? { active: true, codes: codes.map(String), inputs: this.inputsOf(rule) }
        : { active: false, inputs: this.inputsOf(rule) };
    } else {
      const active = applies && (rule.valueExpr === undefined || this.evalExpr(rule.valueExpr) === true);
      result = { active, inputs: this.inputsOf(rule) };
    }
    this.results[rule.index] = result;
    if (rule.kind === 'check' || rule.kind === 'error') {
      const prev = this.messages.get(rule.index);
      if (result.active) {
        const m: RuleMessage = {
          ruleId: rule.id,
          kind: rule.kind,
          field: rule.field,
          message: rule.message ?? DEFAULT_MESSAGE,
          inputs: result.inputs,
        };
        this.messages.set(rule.index, m);
        if (!prev) this.change?.messagesAdded.push(m);
      } else if (prev) {
        this.messages.delete(rule.index);
        this.change?.messagesRemoved.push(prev);
      }
    } else {
      this.dirtyStates.add(rule.field);
    }
  }

  private ref(ri: number): RuleRef {
    const rule = this.form.rules[ri] as CompiledRule;
    return { ruleId: rule.id, inputs: this.results[ri]?.inputs ?? {} };
  }

  private computeState(f: FieldDef): FieldState {
    const fr = this.form.fieldRules.get(f.fieldProp);
    const state: FieldState = { visible: f.hidden !== true, required: f.required === 1, disabled: f.disabled === true, because: {} };
    if (f.hidden === true) state.because.visible = { ruleId: null, inputs: {} };
    if (f.required === 1) state.because.required = { ruleId: null, inputs: {} };
    if (f.disabled === true) state.because.disabled = { ruleId: null, inputs: {} };
    if (fr) {
      if (state.visible) {
        const hiding = fr.display.find((ri) => this.results[ri]?.active === false);
        if (hiding !== undefined) {
          state.visible = false;
          state.because.visible = this.ref(hiding);
        } else if (fr.display.length > 0) {
          state.because.visible = this.ref(fr.display[0] as number);
        }
      }
      if (!state.required) {
        const req = fr.required.find((ri) => this.results[ri]?.active === true);
        if (req !== undefined) {
          state.required = true;
          state.because.required = this.ref(req);
          const msg = this.form.rules[req]?.message;
          if (msg !== undefined) state.requiredMessage = msg;
        }
      }
      if (!state.disabled) {
        const dis = fr.disabled.find((ri) => this.results[ri]?.active === true);
        if (dis !== undefined) {
          state.disabled = true;
          state.because.disabled = this.ref(dis);
        }
      }
      const opt = fr.options.find((ri) => this.results[ri]?.active === true);
      if (opt !== undefined) {
        state.allowedCodes = this.results[opt]?.codes ?? [];
        state.because.options = this.ref(opt);
      }
    }
    if (DICTIONARY_TYPES.has(f.fieldType)) {
      const code = f.bizCode ?? f.fieldUrl;
      const dict = code ? this.lookup(code, f) : undefined;
      if (dict) {
        const allowed = state.allowedCodes;
        state.options = allowed ? dict.filter((o) => allowed.includes(o.value)) : dict;
      }
    }
    return state;
  }
}

/**
 * Whether a widget would show the same: visibility, required (and the message for it when empty),
 * disabled and the allowed codes. The explanation in `because` is left out: it is read from snapshot().
 */
function sameState(a: FieldState, b: FieldState): boolean {
  if (a.visible !== b.visible || a.required !== b.required || a.disabled !== b.disabled) return false;
  if (a.requiredMessage !== b.requiredMessage) return false;
  const x = a.allowedCodes;
  const y = b.allowedCodes;
  if (x === undefined || y === undefined) return x === y;
  return x.length === y.length && x.every((c, i) => c === y[i]);
}
