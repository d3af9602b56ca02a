// A readable diff between two versions of a form (the designer's review before publishing, the
// server's form/diff): form properties, placement, sections by id, fields by fieldProp, rules by
// reckon id, the form's own option lists by code — in that order, each change one Chinese sentence.
import type { FormDocument, FormOptionList, SectionDef } from '../types';
import { fieldChanges, ruleChanges } from './diff-fields';
import { byId, changeClause, movedIds, placeText, same, show, type DocumentChange } from './diff-text';

export type { DocumentChange } from './diff-text';

export function diffDocuments(before: FormDocument, after: FormDocument): DocumentChange[] {
  return [
    ...formChanges(before, after),
    ...placementChanges(before, after),
    ...sectionChanges(before.sections ?? [], after.sections ?? []),
    ...fieldChanges(before, after),
    ...ruleChanges(before, after),
    ...optionChanges(before.options ?? {}, after.options ?? {}),
  ];
}

const FORM_PROPS: readonly (readonly [string, string])[] = [
  ['formCode', '表单编号'],
  ['formName', '表单名称'],
  ['description', '说明'],
  ['source', '来源'],
];
/** Not content (the version number is given at publish, $schema is a file path) or compared elsewhere. */
const FORM_SKIP = new Set(['version', '$schema', 'placement', 'sections', 'fields', 'options']);

function formChanges(before: FormDocument, after: FormDocument): DocumentChange[] {
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  const known = new Set(FORM_PROPS.map(([k]) => k));
  const extra = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !known.has(k) && !FORM_SKIP.has(k)).sort();
  const out: DocumentChange[] = [];
  for (const [key, name] of [...FORM_PROPS, ...extra.map((k) => [k, k] as const)]) {
    if (same(b[key], a[key])) continue;
    out.push({
      kind: 'form',
      op: opOf(b[key], a[key]),
      id: key,
      label: name,
      text: changeClause(name, b[key], a[key]),
      before: b[key],
      after: a[key],
    });
  }
  return out;
}

const opOf = (before: unknown, after: unknown): DocumentChange['op'] =>
  before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';

const KIND_NAMES: Record<string, string> = {
  followup: '随访',
  evaluation: '评估',
  education: '健康教育',
  exam: '体检',
  screening: '筛查',
  registration: '登记',
  maternal: '孕产妇',
  child: '儿童',
  admin: '管理',
  other: '其他',
};
const PERIOD_NAMES: Record<string, string> = { month: '每月', quarter: '每季度', year: '每年' };
const SEX_NAMES: Record<string, string> = { '1': '男', '2': '女' };
const named = (names: Record<string, string>) => (v: unknown) => (typeof v === 'string' && names[v] ? `${v}（${names[v]}）` : show(v));
const showTabs = (v: unknown) =>
  Array.isArray(v)
    ? `[${(v as { host: string; title: string; order?: number }[]).map((t) => `${t.host} 的"${t.title}"${t.order !== undefined ? `（顺序 ${t.order}）` : ''}`).join(', ')}]`
    : show(v);

/** Placement leaves (arrays are one leaf) with their Chinese names and how their values read. */
const PLACEMENT_LEAVES: Record<string, [string, ((v: unknown) => string)?]> = {
  kind: ['表单类别', named(KIND_NAMES)],
  'appliesTo.crowdLabels': ['适用人群标签'],
  'appliesTo.sex': ['适用性别', named(SEX_NAMES)],
  'appliesTo.minAge': ['最小适用年龄'],
  'appliesTo.maxAge': ['最大适用年龄'],
  'menu.title': ['档案菜单标题'],
  'menu.order': ['档案菜单顺序'],
  tabs: ['加入的标签页', showTabs],
  'due.visitField': ['随访日期字段'],
  'due.field': ['下次随访日期字段'],
  'due.intervalDays': ['随访间隔天数'],
  'due.period': ['随访周期', named(PERIOD_NAMES)],
  'due.gestationWeeks': ['按孕周到期', (v) => (Array.isArray(v) ? (v as number[][]).map(([a, b]) => `${a}-${b}周`).join(', ') : show(v))],
};

function leaves(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value === undefined) return out;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    out.set(prefix, value);
    return out;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

function placementChanges(before: FormDocument, after: FormDocument): DocumentChange[] {
  const b = leaves(before.placement, '', new Map());
  const a = leaves(after.placement, '', new Map());
  const order = Object.keys(PLACEMENT_LEAVES);
  const rank = (path: string) => (order.includes(path) ? order.indexOf(path) : order.length);
  const paths = [...new Set([...b.keys(), ...a.keys()])].sort((x, y) => rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0));
  const out: DocumentChange[] = [];
  for (const path of paths) {
    const [name, fmt] = PLACEMENT_LEAVES[path] ?? [path];
    const was = b.get(path);
    const now = a.get(path);
    if (same(was, now)) continue;
    out.push({
      kind: 'placement',
      op: opOf(was, now),
      id: path,
      label: name,
      text: `放置设置改变：${changeClause(name, was, now, fmt)}`,
      before: was,
      after: now,
    });
  }
  return out;
}

const sectionName = (s: SectionDef) => `分区 ${s.id}（${s.title}）`;
const showGroups = (v: unknown) =>
  Array.isArray(v) ? `[${(v as { id: string; title: string }[]).map((g) => `${g.id}（${g.title}）`).join('、')}]` : show(v);

function sectionChanges(before: readonly SectionDef[], after: readonly SectionDef[]): DocumentChange[] {
  const b = byId(before, (s) => s.id);
  const a = byId(after, (s) => s.id);
  const moved = movedIds([...b.keys()], [...a.keys()]);
  const list = [...a.values()];
  const out: DocumentChange[] = [];
  list.forEach((s, i) => {
    const old = b.get(s.id);
    if (!old) {
      out.push({ kind: 'section', op: 'added', id: s.id, label: s.title, text: `新增${sectionName(s)}`, after: s });
      return;
    }
    const parts: [keyof SectionDef, string, ((v: unknown) => string)?][] = [
      ['title', '标题'],
      ['columns', '列数'],
      ['groups', '分组', showGroups],
    ];
    for (const [key, name, fmt] of parts) {
      if (same(old[key], s[key])) continue;
      out.push({
        kind: 'section',
        op: 'changed',
        id: s.id,
        label: s.title,
        text: `${sectionName(s)}的${changeClause(name, old[key], s[key], fmt)}`,
        before: old[key],
        after: s[key],
      });
    }
    if (moved.has(s.id)) {
      out.push({
        kind: 'section',
        op: 'changed',
        id: s.id,
        label: s.title,
        text: `${sectionName(s)}的位置改变：${placeText(list, i, sectionName)}`,
        before: [...b.keys()].indexOf(s.id) + 1,
        after: i + 1,
      });
    }
  });
  for (const [id, s] of b)
    if (!a.has(id)) out.push({ kind: 'section', op: 'removed', id, label: s.title, text: `删除${sectionName(s)}`, before: s });
  return out;
}

function optionChanges(before: Record<string, FormOptionList>, after: Record<string, FormOptionList>): DocumentChange[] {
  const out: DocumentChange[] = [];
  const listName = (code: string, l: FormOptionList) => `选项列表 ${code}（${l.name}）`;
  for (const [code, list] of Object.entries(after)) {
    const old = Object.prototype.hasOwnProperty.call(before, code) ? before[code] : undefined;
    const change = (text: string, was?: unknown, now?: unknown): DocumentChange => ({
      kind: 'options',
      op: 'changed',
      id: code,
      label: list.name,
      text,
      before: was,
      after: now,
    });
    if (!old) {
      out.push({
        kind: 'options',
        op: 'added',
        id: code,
        label: list.name,
        text: `新增${listName(code, list)}，${list.items.length} 个选项`,
        after: list,
      });
      continue;
    }
    if (old.name !== list.name)
      out.push(change(`${listName(code, list)}的${changeClause('名称', old.name, list.name)}`, old.name, list.name));
    const b = byId(old.items, (i) => i.value);
    const a = byId(list.items, (i) => i.value);
    for (const item of a.values()) {
      const was = b.get(item.value);
      if (!was) out.push(change(`${listName(code, list)}新增选项 ${item.value}（${item.label}）`, undefined, item));
      else if (was.label !== item.label)
        out.push(change(`${listName(code, list)}中选项 ${item.value} 的${changeClause('名称', was.label, item.label)}`, was, item));
    }
    for (const item of b.values())
      if (!a.has(item.value)) out.push(change(`${listName(code, list)}删除选项 ${item.value}（${item.label}）`, item, undefined));
    if (movedIds([...b.keys()], [...a.keys()]).size > 0)
      out.push(change(`${listName(code, list)}的选项顺序改变`, [...b.keys()], [...a.keys()]));
  }
  for (const [code, list] of Object.entries(before)) {
    if (!Object.prototype.hasOwnProperty.call(after, code))
      out.push({ kind: 'options', op: 'removed', id: code, label: list.name, text: `删除${listName(code, list)}`, before: list });
  }
  return out;
}
