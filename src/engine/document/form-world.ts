// What a form needs of the tenant it is published in (issue 30): every business dictionary its
// dictionary fields name exists and has items, every crowd label its placement names is an item of
// the crowd-label dictionary, and every code a rule compares a dictionary field with (`f == "2"`,
// `f != "2"`, `f in ["1", "2"]`, `contains(f, "99")`), a calculation writes into one, or a field's
// default gives it, is an item of that field's dictionary. The compiler cannot know these — they
// depend on the tenant — so the host passes its world in: the designer checks with the tenant's
// dictionaries as a convenience, the server's publish with the same function as the rule.
// Pure. Fields whose list the form carries itself (doc.options) and fieldUrl fields are not asked.
import type { CompiledForm } from '../compile/compiled-form';
import type { CompileError } from '../compile/errors';
import type { Instruction } from '../expr/sandbox';
import type { DictOption, FieldDef, FormDocument } from '../types';
import { DICTIONARY_TYPES } from './field-types';
import { usesFormOptions } from './option-lists';

/** The dictionary whose items are the crowd labels a placement may name (codemaps/archive.json). */
export const CROWD_LABEL_DICTIONARY = 'crowd_label';

/** A form's dictionaries file (rules/<formCode>.dicts.json, dicts-file.schema.json). */
export interface DictsFile {
  $schema?: string;
  formCode: string;
  dictionaries: Record<string, { name: string; items: DictOption[] }>;
}

/** The tenant as a form sees it: a dictionary's items, or undefined when it has no such dictionary. */
export interface FormWorld {
  dictionary(code: string): readonly DictOption[] | undefined;
}

/** A world problem: an error that blocks publishing, worded for the 问题 tab and the publish refusal. */
export type WorldProblem = Omit<CompileError, 'file'> & { severity: 'error'; code?: string };

const fieldName = (f: FieldDef) => `${f.fieldLabel} (${f.fieldProp})`;

/** The dictionaries a form asks its host for: its dictionary fields' bizCodes, and crowd_label when it names labels. */
export function worldDictionaryCodes(doc: FormDocument): string[] {
  const codes = new Set<string>();
  for (const f of doc.fields) if (asksHost(doc, f)) codes.add(f.bizCode as string);
  if (doc.placement?.appliesTo?.crowdLabels?.length) codes.add(CROWD_LABEL_DICTIONARY);
  return [...codes];
}

function asksHost(doc: FormDocument, f: FieldDef): boolean {
  return DICTIONARY_TYPES.has(f.fieldType) && !!f.bizCode && !usesFormOptions(doc, f);
}

/**
 * The world with a form's own dictionaries file laid over it: what the tenant will have once the form
 * is published (publishing creates a missing dictionary and adds missing items; a tenant's item keeps
 * its label). An empty tenant dictionary counts as missing, so the file fills it.
 */
export function withCarriedDictionaries(world: FormWorld, carried: DictsFile['dictionaries'] | undefined): FormWorld {
  if (!carried || Object.keys(carried).length === 0) return world;
  return {
    dictionary(code) {
      const own = world.dictionary(code);
      const extra = Object.prototype.hasOwnProperty.call(carried, code) ? carried[code]?.items : undefined;
      if (!extra) return own;
      if (!own) return extra;
      const have = new Set(own.map((o) => o.value));
      return [...own, ...extra.filter((o) => !have.has(o.value))];
    },
  };
}

/** Every problem the tenant's world gives the document; [] when it can be published there. */
export function worldProblems(doc: FormDocument, world: FormWorld, compiled?: CompiledForm): WorldProblem[] {
  const out: WorldProblem[] = [];
  const usable = new Map<string, Set<string>>();
  for (const f of doc.fields) {
    if (!asksHost(doc, f)) continue;
    const code = f.bizCode as string;
    const items = world.dictionary(code);
    if (items === undefined) {
      out.push({
        severity: 'error',
        field: f.fieldProp,
        code,
        message: `字段 ${fieldName(f)} 的字典 ${code} 不存在：请在业务字典中新建，或随表单提供字典`,
      });
    } else if (items.length === 0) {
      out.push({
        severity: 'error',
        field: f.fieldProp,
        code,
        message: `字段 ${fieldName(f)} 的字典 ${code} 没有字典项：这个字段无法选择`,
      });
    } else {
      usable.set(f.fieldProp, new Set(items.map((i) => i.value)));
      for (const d of f.default === undefined ? [] : Array.isArray(f.default) ? f.default : [f.default])
        if (!usable.get(f.fieldProp)?.has(String(d)))
          out.push({
            severity: 'error',
            field: f.fieldProp,
            code,
            message: `字段 ${fieldName(f)} 的默认值 ${String(d)} 不在字典 ${code} 中`,
          });
    }
  }
  const labels = doc.placement?.appliesTo?.crowdLabels ?? [];
  if (labels.length) {
    const known = new Set((world.dictionary(CROWD_LABEL_DICTIONARY) ?? []).map((i) => i.value));
    for (const label of labels)
      if (!known.has(label))
        out.push({
          severity: 'error',
          code: CROWD_LABEL_DICTIONARY,
          message: `适用人群标签 ${label} 不在人群标签字典 (${CROWD_LABEL_DICTIONARY}) 中：这张表单不会出现在任何居民档案里`,
        });
  }
  if (compiled) out.push(...ruleCodeProblems(compiled, usable));
  return out;
}

/** A rule's comparisons and constant results checked against the dictionaries of the fields they concern. */
function ruleCodeProblems(compiled: CompiledForm, usable: ReadonlyMap<string, ReadonlySet<string>>): WorldProblem[] {
  const out: WorldProblem[] = [];
  const seen = new Set<string>();
  for (const rule of compiled.rules) {
    const check = (prop: string, value: string) => {
      const codes = usable.get(prop);
      const field = compiled.fieldByProp.get(prop);
      const key = `${rule.id}\u0000${prop}\u0000${value}`;
      // An empty text is no code: `c ? "1" : ""` clears the field, `f == ""` asks whether it is empty.
      if (value === '' || !codes || !field || codes.has(value) || seen.has(key)) return;
      seen.add(key);
      out.push({
        severity: 'error',
        ruleId: rule.id,
        field: rule.field,
        code: field.bizCode as string,
        message: `规则 ${rule.id} 使用的编码 "${value}" 不在字段 ${fieldName(field)} 的字典 ${field.bizCode as string} 中`,
      });
    };
    for (const expr of [rule.whenExpr, rule.valueExpr]) if (expr) comparisons(expr.parsed.tokens, check);
    // A calculation into a dictionary field whose result is a constant code (or either branch of ?:).
    if (rule.kind === 'calc' && rule.valueExpr) for (const v of constantResults(rule.valueExpr.parsed.tokens)) check(rule.field, v);
  }
  return out;
}

interface Slot {
  field?: string;
  fn?: string;
  text?: string;
  list?: string[];
}

/** Walks the reverse-Polish instructions and reports each (field, code) a comparison pairs. */
function comparisons(tokens: readonly Instruction[], found: (field: string, code: string) => void): void {
  const stack: Slot[] = [];
  const pop = (): Slot => stack.pop() ?? {};
  const pair = (a: Slot, b: Slot) => {
    if (a.field !== undefined && b.text !== undefined) found(a.field, b.text);
    if (b.field !== undefined && a.text !== undefined) found(b.field, a.text);
  };
  for (const ins of tokens) {
    switch (ins.type) {
      case 'INUMBER':
        stack.push(typeof ins.value === 'string' ? { text: ins.value } : {});
        break;
      case 'IVAR':
        stack.push({ field: String(ins.value), fn: String(ins.value) });
        break;
      case 'IEXPR':
        comparisons(ins.value as Instruction[], found);
        stack.push({});
        break;
      case 'IOP1':
      case 'IMEMBER':
        pop();
        stack.push({});
        break;
      case 'IOP2': {
        const b = pop();
        const a = pop();
        const op = String(ins.value);
        if (op === '==' || op === '!=') pair(a, b);
        if (op === 'in' && a.field !== undefined) for (const v of b.list ?? []) found(a.field, v);
        stack.push({});
        break;
      }
      case 'IOP3':
        pop();
        pop();
        pop();
        stack.push({});
        break;
      case 'IARRAY': {
        const n = Number(ins.value);
        const items = stack.splice(Math.max(0, stack.length - n), n);
        stack.push({ list: items.flatMap((s) => (s.text !== undefined ? [s.text] : [])) });
        break;
      }
      case 'IFUNCALL': {
        const n = Number(ins.value);
        const args = stack.splice(Math.max(0, stack.length - n), n);
        const fn = pop().fn;
        if (fn === 'contains' && args[0]?.field !== undefined && args[1]?.text !== undefined) found(args[0].field, args[1].text);
        stack.push({});
        break;
      }
      default:
        stack.push({});
    }
  }
}

/** The text constants an expression can result in: a lone literal, or the literal branches of `c ? "1" : "2"`. */
function constantResults(tokens: readonly Instruction[]): string[] {
  const last = tokens[tokens.length - 1];
  if (tokens.length === 1 && last?.type === 'INUMBER' && typeof last.value === 'string') return [last.value];
  if (last?.type !== 'IOP3') return [];
  const out: string[] = [];
  // The two branches are the instructions just before ?: each an IEXPR or a literal.
  for (const ins of tokens.slice(-3, -1)) {
    if (ins.type === 'INUMBER' && typeof ins.value === 'string') out.push(ins.value);
    if (ins.type === 'IEXPR') out.push(...constantResults(ins.value as Instruction[]));
  }
  return out;
}
