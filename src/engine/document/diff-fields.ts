// The fields and rules part of the document diff (diff.ts): fields by fieldProp, rules (the fields'
// reckons) by reckon id, each change a sentence a reviewer reads.
import { reckonToRule } from '../compile/rules';
import type { FieldDef, FormDocument, Reckon, RuleKind } from '../types';
import { byId, changeClause, movedIds, placeText, same, show, type DocumentChange } from './diff-text';

const FIELD_TYPE_NAMES: Record<number, string> = {
  1: '下拉选择',
  2: '单选',
  3: '文本',
  4: '数字',
  5: '日期',
  6: '多行文本',
  7: '多选框',
  8: '多选下拉',
};

/** Field properties in the order a reviewer reads them, with their Chinese names (others: the key). */
const FIELD_PROPS: readonly (readonly [string, string])[] = [
  ['fieldLabel', '名称'],
  ['fieldType', '类型'],
  ['required', '必填'],
  ['bizCode', '字典'],
  ['fieldUrl', '字典地址'],
  ['regExp', '校验正则'],
  ['section', '分区'],
  ['group', '分组'],
  ['span', '占列数'],
  ['unit', '单位'],
  ['min', '最小值'],
  ['max', '最大值'],
  ['precision', '小数位数'],
  ['default', '默认值'],
  ['placeholder', '占位提示'],
  ['help', '帮助说明'],
  ['printLabel', '打印名称'],
  ['hidden', '隐藏'],
  ['disabled', '只读'],
  ['invalidMessage', '无效值提示'],
  ['notFuture', '不晚于今天'],
  ['notBeforeBirth', '不早于出生日期'],
  ['maxLength', '最大长度'],
];
const NOT_PROPS = new Set(['fieldProp', 'reckons']);

/** Flags are compared as what they mean: absent is the same as 0 / false. */
function fieldValue(f: FieldDef, key: string): unknown {
  const v = (f as unknown as Record<string, unknown>)[key];
  if (key === 'required') return v === 1 || v === true ? 1 : 0;
  if (key === 'hidden' || key === 'disabled') return v === true;
  return v;
}

const FLAG_TEXT: Record<string, [string, string]> = {
  required: ['改为选填', '改为必填'],
  hidden: ['改为显示', '改为隐藏'],
  disabled: ['改为可编辑', '改为只读'],
};

const fieldName = (f: FieldDef) => `字段 ${f.fieldProp}（${f.fieldLabel}）`;
const showType = (v: unknown) => (typeof v === 'number' && FIELD_TYPE_NAMES[v] ? `${v}（${FIELD_TYPE_NAMES[v]}）` : show(v));

function fieldPropertyChanges(b: FieldDef, a: FieldDef): DocumentChange[] {
  const out: DocumentChange[] = [];
  const known = new Set(FIELD_PROPS.map(([k]) => k));
  const extra = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !known.has(k) && !NOT_PROPS.has(k)).sort();
  const props: (readonly [string, string])[] = [...FIELD_PROPS, ...extra.map((k) => [k, k] as const)];
  for (const [key, name] of props) {
    const before = fieldValue(b, key);
    const after = fieldValue(a, key);
    if (same(before, after)) continue;
    const flag = FLAG_TEXT[key];
    const text = flag
      ? `${fieldName(a)}${flag[after ? 1 : 0]}`
      : `${fieldName(a)}的${changeClause(name, before, after, key === 'fieldType' ? showType : show)}`;
    out.push({ kind: 'field', op: 'changed', id: a.fieldProp, label: a.fieldLabel, text, before, after });
  }
  return out;
}

export function fieldChanges(before: FormDocument, after: FormDocument): DocumentChange[] {
  const b = byId(before.fields, (f) => f.fieldProp);
  const a = byId(after.fields, (f) => f.fieldProp);
  const moved = movedIds([...b.keys()], [...a.keys()]);
  const afterList = [...a.values()];
  const out: DocumentChange[] = [];
  afterList.forEach((f, i) => {
    const old = b.get(f.fieldProp);
    if (!old) {
      out.push({ kind: 'field', op: 'added', id: f.fieldProp, label: f.fieldLabel, text: `新增${fieldName(f)}`, after: withoutReckons(f) });
      return;
    }
    out.push(...fieldPropertyChanges(old, f));
    if (moved.has(f.fieldProp)) {
      const text = `${fieldName(f)}的位置改变：${placeText(afterList, i, (p) => `${p.fieldProp}（${p.fieldLabel}）`)}`;
      out.push({
        kind: 'field',
        op: 'changed',
        id: f.fieldProp,
        label: f.fieldLabel,
        text,
        before: [...b.keys()].indexOf(f.fieldProp) + 1,
        after: i + 1,
      });
    }
  });
  for (const [prop, f] of b) {
    if (!a.has(prop))
      out.push({ kind: 'field', op: 'removed', id: prop, label: f.fieldLabel, text: `删除${fieldName(f)}`, before: withoutReckons(f) });
  }
  return out;
}

function withoutReckons(f: FieldDef): FieldDef {
  const { reckons: _reckons, ...rest } = f;
  return rest;
}

const KIND_NAMES: Record<RuleKind, string> = {
  calc: '计算',
  check: '异常提示',
  error: '错误',
  required: '必填',
  display: '显示',
  disabled: '禁用',
  options: '选项',
};

/** A rule as compared: the engine's flattened rule (kind defaulted, blanks dropped) plus the analysts' note. */
interface RuleEntry {
  id: string;
  kind: RuleKind;
  field: string;
  when?: string;
  expr?: string;
  message?: string;
  note?: string;
}

function ruleEntries(doc: FormDocument): RuleEntry[] {
  return doc.fields.flatMap((f) =>
    (f.reckons ?? []).map((r: Reckon) => {
      const entry: RuleEntry = { ...reckonToRule(f.fieldProp, r) };
      if (r.note !== undefined && r.note !== '') entry.note = r.note;
      return entry;
    }),
  );
}

/** What `when` and `expr` mean for a rule of this kind (check and error fire on their expression). */
function partNames(kind: RuleKind): { when: string; expr: string } {
  const stateRule = kind === 'display' || kind === 'required' || kind === 'disabled';
  const expr = kind === 'calc' ? '计算式' : kind === 'options' ? '可选代码' : kind === 'check' || kind === 'error' ? '条件' : '表达式';
  return { when: stateRule ? '条件' : '前提条件', expr };
}

const showKind = (v: unknown) => (typeof v === 'string' && v in KIND_NAMES ? KIND_NAMES[v as RuleKind] : show(v));

export function ruleChanges(before: FormDocument, after: FormDocument): DocumentChange[] {
  const b = byId(ruleEntries(before), (r) => r.id);
  const a = byId(ruleEntries(after), (r) => r.id);
  const out: DocumentChange[] = [];
  // Order matters within a field (a calc's rules are tried in order): compared per field.
  const idsOf = (m: Map<string, RuleEntry>, field: string) => [...m.values()].filter((r) => r.field === field).map((r) => r.id);
  const fields = new Set([...a.values()].map((r) => r.field));
  const moved = new Set([...fields].flatMap((field) => [...movedIds(idsOf(b, field), idsOf(a, field))]));
  for (const r of a.values()) {
    const old = b.get(r.id);
    const label = r.message ?? KIND_NAMES[r.kind];
    if (!old) {
      out.push({
        kind: 'rule',
        op: 'added',
        id: r.id,
        label,
        text: `新增规则 ${r.id}（${KIND_NAMES[r.kind]}，字段 ${r.field}）`,
        after: r,
      });
      continue;
    }
    const names = partNames(r.kind);
    const parts: [keyof RuleEntry, string][] = [
      ['kind', '类型'],
      ['field', '所属字段'],
      ['when', names.when],
      ['expr', names.expr],
      ['message', '提示信息'],
      ['note', '备注'],
    ];
    for (const [key, name] of parts) {
      if (same(old[key], r[key])) continue;
      const text = `规则 ${r.id} 的${changeClause(name, old[key], r[key], key === 'kind' ? showKind : show)}`;
      out.push({ kind: 'rule', op: 'changed', id: r.id, label, text, before: old[key], after: r[key] });
    }
    if (moved.has(r.id) && old.field === r.field) {
      const list = idsOf(a, r.field);
      const i = list.indexOf(r.id);
      out.push({
        kind: 'rule',
        op: 'changed',
        id: r.id,
        label,
        text: `规则 ${r.id} 在字段 ${r.field} 中的顺序改变：${placeText(list, i, (id) => `规则 ${id}`)}`,
        before: idsOf(b, r.field).indexOf(r.id) + 1,
        after: i + 1,
      });
    }
  }
  for (const [id, r] of b) {
    if (!a.has(id))
      out.push({ kind: 'rule', op: 'removed', id, label: r.message ?? KIND_NAMES[r.kind], text: `删除规则 ${id}`, before: r });
  }
  return out;
}
