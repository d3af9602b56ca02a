// Compile once per document version: parse every expression in the sandbox, resolve names to fields
// and functions, check types, build the dependency graph and order the calculations. Everything
// found is returned at once, so forms:check and the designer can list all problems of a form.
import { FUNCTIONS } from '../expr/functions';
import { createSandboxParser, onlyFunctions, parseErrorText, parseExpression, withFunctions, type SandboxFunctions } from '../expr/sandbox';
import { typecheck } from '../expr/typecheck';
import type { ExprType } from '../expr/types';
import type { FieldDef, FormDocument, RuleDef } from '../types';
import type { CompiledExpr, CompiledForm, CompiledRule, EvalNode, FieldRules } from './compiled-form';
import { FormCompileError, type CompileError } from './errors';
import { documentRules } from './rules';
import { placementProblems } from '../document/placement';
import { optionListProblems } from '../document/option-lists';
import { DICTIONARY_TYPES, FIELD_EXPR_TYPES } from '../document/field-types';
import { patternProblem } from '../validation/pattern';
import { fieldUrlParams } from '../document/field-url';

const RESERVED = new Set(['and', 'or', 'not', 'in', 'true', 'false', 'if', 'E', 'PI', '__proto__', 'prototype', 'constructor']);
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface CompileOptions {
  /** Named in every error, e.g. 'schemas/hypertensionfollowup.json'. */
  file?: string;
}

export interface CompileResult {
  form?: CompiledForm;
  /** Errors and warnings; `form` is present when there are no errors. */
  errors: CompileError[];
}

export function compileDocument(doc: FormDocument, options: CompileOptions = {}): CompileResult {
  const issues: CompileError[] = [];
  const add = (e: Omit<CompileError, 'severity' | 'file'> & { severity?: CompileError['severity'] }): void => {
    const full: CompileError = { severity: 'error', ...e };
    if (options.file !== undefined) full.file = options.file;
    issues.push(full);
  };

  // No clock here: the runner hands each evaluation's clock to the expressions that read it.
  const parser = createSandboxParser();

  // Fields.
  const fieldByProp = new Map<string, FieldDef>();
  const exprTypes = new Map<string, ExprType>();
  const sectionIds = new Set((doc.sections ?? []).map((s) => s.id));
  for (const f of doc.fields) {
    if (!IDENT.test(f.fieldProp) || RESERVED.has(f.fieldProp) || f.fieldProp in FUNCTIONS) {
      add({ field: f.fieldProp, message: '字段名必须是字母开头的标识符, 且不能与函数或关键字同名' });
    }
    if (fieldByProp.has(f.fieldProp)) add({ field: f.fieldProp, message: '字段名重复' });
    fieldByProp.set(f.fieldProp, f);
    exprTypes.set(f.fieldProp, FIELD_EXPR_TYPES[f.fieldType] ?? 'any');
    if (DICTIONARY_TYPES.has(f.fieldType) && !f.bizCode && !f.fieldUrl) {
      add({ field: f.fieldProp, severity: 'warning', message: '字典字段既没有 bizCode 也没有 fieldUrl: 任何非空值都无效' });
    }
    for (const named of fieldUrlParams(f.fieldUrl))
      if (named === f.fieldProp || !doc.fields.some((o) => o.fieldProp === named))
        add({ field: f.fieldProp, message: `字典地址 fieldUrl 中的 {${named}} 须是本表单的另一个字段` });
    // Patterns run on RE2 (validation/pattern.ts): what it cannot run is refused here, so at publish.
    const patternRefusal = f.regExp === undefined ? null : patternProblem(f.regExp);
    if (patternRefusal !== null)
      add({ field: f.fieldProp, expression: f.regExp, message: `字段「${f.fieldLabel}」的校验正则 regExp ${patternRefusal}` });
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) add({ field: f.fieldProp, message: 'min 大于 max' });
    if (f.section !== undefined && !sectionIds.has(f.section)) add({ field: f.fieldProp, message: `未知的分组 ${f.section}` });
  }

  for (const problem of placementProblems(doc)) add(problem);
  for (const problem of optionListProblems(doc)) add(problem);

  // Rules.
  const defs = documentRules(doc);
  const rules: CompiledRule[] = [];
  const ruleById = new Map<string, CompiledRule>();
  const env = { fieldType: (n: string) => exprTypes.get(n) };

  const compileExpr = (rule: RuleDef, source: string, want: ExprType | null): CompiledExpr | undefined => {
    let parsed;
    try {
      parsed = parseExpression(parser, source);
    } catch (e) {
      const hint = /\|\|/.test(source) ? " ('||' 不可用, 逻辑或请写 or)" : /&&/.test(source) ? " ('&&' 不可用, 逻辑与请写 and)" : '';
      add({
        ruleId: rule.id,
        field: rule.field,
        expression: source,
        message: `表达式语法错误 ${parseErrorText(parser, source, e)}${hint}`,
      });
      return undefined;
    }
    const tr = typecheck(parsed.tokens, env);
    for (const err of tr.errors) add({ ruleId: rule.id, field: err.field ?? rule.field, expression: source, message: err.message });
    if (want !== null && tr.type !== want && tr.type !== 'any' && !(want === 'date' && tr.type === 'string')) {
      add({ ruleId: rule.id, field: rule.field, expression: source, message: `表达式结果是 ${tr.type}, 需要 ${want}` });
    }
    const fns = [...tr.functions];
    const usesClock = fns.some((n) => FUNCTIONS[n]?.usesClock === true);
    return {
      source,
      parsed: withFunctions(parsed, onlyFunctions(parser.functions as SandboxFunctions, fns)),
      functions: fns,
      type: tr.type,
      fields: [...tr.fields],
      nullAware: fns.some((n) => FUNCTIONS[n]?.nullAware === true),
      usesClock,
      constant: tr.fields.size === 0 && !usesClock,
    };
  };

  for (const def of defs) {
    if (ruleById.has(def.id)) add({ ruleId: def.id, field: def.field, message: '规则编号重复' });
    const target = fieldByProp.get(def.field);
    const rule: CompiledRule = { ...def, index: rules.length, reads: [], usesClock: false };
    if (!target) {
      add({ ruleId: def.id, field: def.field, message: '规则指向未知的字段' });
      continue;
    }
    if (def.when !== undefined) rule.whenExpr = compileExpr(def, def.when, 'boolean');
    if (def.expr !== undefined) {
      const want: ExprType = def.kind === 'calc' ? (exprTypes.get(def.field) ?? 'any') : def.kind === 'options' ? 'list' : 'boolean';
      rule.valueExpr = compileExpr(def, def.expr, want);
    } else if (def.kind === 'calc' || def.kind === 'options') {
      add({ ruleId: def.id, field: def.field, message: `${def.kind} 规则需要 tcontent 表达式` });
    }
    if (def.kind === 'check' && def.message === undefined) {
      add({ ruleId: def.id, field: def.field, severity: 'warning', message: '异常提示没有 errMsg, 将显示 验证不通过' });
    }
    const reads = new Set<string>([...(rule.whenExpr?.fields ?? []), ...(rule.valueExpr?.fields ?? [])]);
    rule.reads = [...reads];
    rule.usesClock = (rule.whenExpr?.usesClock ?? false) || (rule.valueExpr?.usesClock ?? false);
    rules.push(rule);
    ruleById.set(def.id, rule);
  }

  // Per-field state rules and calc groups.
  const fieldRules = new Map<string, FieldRules>();
  const calcGroups = new Map<string, number[]>();
  for (const r of rules) {
    if (r.kind === 'calc') {
      const g = calcGroups.get(r.field) ?? [];
      g.push(r.index);
      calcGroups.set(r.field, g);
    } else if (r.kind === 'display' || r.kind === 'required' || r.kind === 'disabled' || r.kind === 'options') {
      const fr = fieldRules.get(r.field) ?? { display: [], required: [], disabled: [], options: [] };
      fr[r.kind].push(r.index);
      fieldRules.set(r.field, fr);
    }
  }

  checkContradictions(doc, rules, fieldRules, add);
  const order = orderCalcs(calcGroups, rules, add);

  // Nodes in evaluation order.
  const nodes: EvalNode[] = [];
  const calcNodeOf = new Map<string, number>();
  for (const field of order) {
    const group = calcGroups.get(field) ?? [];
    const reads = [...new Set(group.flatMap((i) => rules[i]?.reads ?? []))];
    calcNodeOf.set(field, nodes.length);
    nodes.push({ kind: 'calc', field, rules: group, reads });
  }
  for (const r of rules) if (r.kind !== 'calc') nodes.push({ kind: 'rule', rule: r.index, reads: r.reads });
  const readers = new Map<string, number[]>();
  const clockNodes: number[] = [];
  nodes.forEach((n, i) => {
    for (const f of n.reads) {
      const list = readers.get(f) ?? [];
      list.push(i);
      readers.set(f, list);
    }
    const ruleIdx = n.kind === 'calc' ? n.rules : [n.rule];
    if (ruleIdx.some((ri) => rules[ri]?.usesClock)) clockNodes.push(i);
  });

  const errors = issues.filter((e) => e.severity === 'error');
  if (errors.length > 0) return { errors: issues };
  const form: CompiledForm = {
    document: doc,
    formCode: doc.formCode,
    version: doc.version,
    fields: doc.fields,
    fieldByProp,
    exprTypes,
    rules,
    ruleById,
    nodes,
    readers,
    calcNodeOf,
    fieldRules,
    clockNodes,
    warnings: issues,
  };
  return { form, errors: issues };
}

export function compileDocumentOrThrow(doc: FormDocument, options: CompileOptions = {}): CompiledForm {
  const r = compileDocument(doc, options);
  if (!r.form) throw new FormCompileError(r.errors.filter((e) => e.severity === 'error'));
  return r.form;
}

/** Kahn's algorithm over calc groups; a leftover group lies on a cycle, which is reported in full. */
function orderCalcs(
  groups: Map<string, number[]>,
  rules: CompiledRule[],
  add: (e: Omit<CompileError, 'severity' | 'file'>) => void,
): string[] {
  const deps = new Map<string, string[]>();
  for (const [field, idx] of groups) {
    const reads = new Set(idx.flatMap((i) => rules[i]?.reads ?? []));
    deps.set(
      field,
      [...reads].filter((f) => groups.has(f)),
    );
  }
  const indegree = new Map<string, number>();
  const users = new Map<string, string[]>();
  for (const [field, ds] of deps) {
    indegree.set(field, ds.length);
    for (const d of ds) users.set(d, [...(users.get(d) ?? []), field]);
  }
  // Declaration order among ready groups keeps the order stable and readable.
  const declared = [...groups.keys()];
  const ready = declared.filter((f) => indegree.get(f) === 0);
  const out: string[] = [];
  while (ready.length > 0) {
    const f = ready.shift() as string;
    out.push(f);
    for (const u of users.get(f) ?? []) {
      const n = (indegree.get(u) ?? 0) - 1;
      indegree.set(u, n);
      if (n === 0) ready.push(u);
    }
  }
  if (out.length < groups.size) {
    const left = new Set(declared.filter((f) => !out.includes(f)));
    const cycle = findCycle(left, deps);
    const ids = cycle.flatMap((f) => (groups.get(f) ?? []).map((i) => rules[i]?.id ?? ''));
    const first = rules[(groups.get(cycle[0] ?? '') ?? [])[0] ?? -1];
    add({
      ruleId: first?.id ?? ids[0] ?? '',
      field: cycle[0] ?? '',
      ...(first?.expr !== undefined ? { expression: first.expr } : {}),
      message: `计算规则存在循环依赖: ${[...cycle, cycle[0]].join(' → ')} (规则 ${ids.join(', ')})`,
    });
  }
  return out;
}

function findCycle(left: Set<string>, deps: Map<string, string[]>): string[] {
  const start = [...left][0] ?? '';
  const path: string[] = [];
  const seen = new Map<string, number>();
  let cur = start;
  while (!seen.has(cur)) {
    seen.set(cur, path.length);
    path.push(cur);
    const next = (deps.get(cur) ?? []).find((d) => left.has(d));
    if (next === undefined) return path;
    cur = next;
  }
  // deps point from a group to what it reads; reverse so the arrows read "feeds".
  return path.slice(seen.get(cur)).reverse();
}

function constantValue(e: CompiledExpr | undefined): boolean | undefined {
  if (!e) return true;
  if (!e.constant) return undefined;
  try {
    return e.parsed.evaluate({}) === true;
  } catch {
    return undefined;
  }
}

/** A field both hidden and required by unconditional rules can never be saved. */
function checkContradictions(
  doc: FormDocument,
  rules: CompiledRule[],
  fieldRules: Map<string, FieldRules>,
  add: (e: Omit<CompileError, 'severity' | 'file'>) => void,
): void {
  for (const f of doc.fields) {
    const fr = fieldRules.get(f.fieldProp);
    const always = (r: CompiledRule | undefined): boolean | undefined => {
      if (!r) return undefined;
      const w = constantValue(r.whenExpr);
      const v = constantValue(r.valueExpr);
      if (w === undefined || v === undefined) return undefined;
      return w && v;
    };
    const hiddenBy = f.hidden === true ? 'hidden' : fr?.display.map((i) => rules[i]).find((r) => always(r) === false)?.id;
    const requiredBy = f.required === 1 ? 'required' : fr?.required.map((i) => rules[i]).find((r) => always(r) === true)?.id;
    if (hiddenBy !== undefined && requiredBy !== undefined) {
      add({
        field: f.fieldProp,
        ...(requiredBy !== 'required' ? { ruleId: requiredBy } : hiddenBy !== 'hidden' ? { ruleId: hiddenBy } : {}),
        message: `字段无条件隐藏 (${hiddenBy}) 又无条件必填 (${requiredBy}), 永远无法保存`,
      });
    }
  }
}
