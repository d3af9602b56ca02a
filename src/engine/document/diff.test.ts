import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldDef, FormDocument } from '../types';
import { diffDocuments } from './diff';
import { movedIds } from './diff-text';

const v1: FormDocument = {
  formCode: 'lung',
  formName: '肺功能随访表',
  version: 1,
  placement: { kind: 'followup', menu: { title: '肺功能随访', order: 30 }, due: { visitField: 'visitDate', intervalDays: 90 } },
  options: {
    smoke: {
      name: '吸烟',
      items: [
        { value: '1', label: '从不' },
        { value: '2', label: '已戒' },
      ],
    },
  },
  sections: [
    { id: 'basic', title: '基本信息' },
    { id: 'vitals', title: '体征' },
  ],
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, required: 1, section: 'basic' },
    { fieldProp: 'sbp', fieldLabel: '收缩压', fieldType: 4, min: 50, max: 300, section: 'vitals' },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, section: 'vitals' },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4, section: 'vitals' },
    {
      fieldProp: 'bmi',
      fieldLabel: '体质指数',
      fieldType: 4,
      section: 'vitals',
      reckons: [
        { id: 'bmi.calc', kind: 'calc', tcontent: 'calcBmi(weight, height)' },
        { id: 'bmi.obese', kind: 'check', tcontent: 'bmi >= 28', errMsg: '肥胖' },
      ],
    },
    { fieldProp: 'smoking', fieldLabel: '吸烟', fieldType: 2, bizCode: 'smoke' },
  ],
};

const v2: FormDocument = {
  ...v1,
  version: 2,
  formName: '肺功能随访表(2027)',
  placement: {
    kind: 'followup',
    menu: { title: '肺功能管理', order: 30 },
    due: { visitField: 'visitDate', intervalDays: 90, period: 'quarter' },
  },
  options: {
    smoke: {
      name: '吸烟',
      items: [
        { value: '1', label: '从不吸烟' },
        { value: '3', label: '吸烟' },
      ],
    },
  },
  sections: [
    { id: 'basic', title: '基本信息' },
    { id: 'vitals', title: '体格检查' },
    { id: 'lung', title: '肺功能' },
  ],
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, required: 1, section: 'basic' },
    { fieldProp: 'sbp', fieldLabel: '收缩压', fieldType: 4, min: 50, max: 280, section: 'vitals' },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, section: 'vitals', required: 1 },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4, section: 'vitals' },
    {
      fieldProp: 'bmi',
      fieldLabel: '体质指数',
      fieldType: 4,
      section: 'vitals',
      reckons: [
        { id: 'bmi.calc', kind: 'calc', tcontent: 'calcBmi(weight, height)' },
        { id: 'bmi.over', kind: 'check', tcontent: 'bmi >= 24', errMsg: '超重' },
      ],
    },
    { fieldProp: 'fev1', fieldLabel: 'FEV1', fieldType: 4, section: 'lung', unit: 'L' },
  ],
};

describe('diffDocuments', () => {
  it('says every change in Chinese, in the order form, placement, sections, fields, rules, options', () => {
    const changes = diffDocuments(v1, v2);
    expect(changes.map((c) => c.text)).toEqual([
      '表单名称由 "肺功能随访表" 改为 "肺功能随访表(2027)"',
      '放置设置改变：档案菜单标题由 "肺功能随访" 改为 "肺功能管理"',
      '放置设置改变：随访周期设为 quarter（每季度）',
      '分区 vitals（体格检查）的标题由 "体征" 改为 "体格检查"',
      '新增分区 lung（肺功能）',
      '字段 sbp（收缩压）的最大值由 300 改为 280',
      '字段 height（身高）改为必填',
      '新增字段 fev1（FEV1）',
      '删除字段 smoking（吸烟）',
      '新增规则 bmi.over（异常提示，字段 bmi）',
      '删除规则 bmi.obese',
      '选项列表 smoke（吸烟）中选项 1 的名称由 "从不" 改为 "从不吸烟"',
      '选项列表 smoke（吸烟）新增选项 3（吸烟）',
      '选项列表 smoke（吸烟）删除选项 2（已戒）',
    ]);
    expect(changes.map((c) => c.kind)).toEqual([
      'form',
      'placement',
      'placement',
      'section',
      'section',
      'field',
      'field',
      'field',
      'field',
      'rule',
      'rule',
      'options',
      'options',
      'options',
    ]);
    expect(changes[5]).toEqual({
      kind: 'field',
      op: 'changed',
      id: 'sbp',
      label: '收缩压',
      text: '字段 sbp（收缩压）的最大值由 300 改为 280',
      before: 300,
      after: 280,
    });
    expect(changes[2]).toMatchObject({ op: 'added', id: 'due.period', after: 'quarter' });
    expect(changes[7]).toMatchObject({ op: 'added', id: 'fev1', after: { fieldProp: 'fev1', unit: 'L' } });
  });

  it('names a rule’s condition, expression, message and field as they changed', () => {
    const edited: FormDocument = {
      ...v1,
      fields: v1.fields.map((f) =>
        f.fieldProp === 'bmi'
          ? {
              ...f,
              reckons: [
                { id: 'bmi.calc', kind: 'calc', scontent: 'hasValue(height)', tcontent: 'calcBmi(weight, height)' },
                { id: 'bmi.obese', kind: 'check', tcontent: 'bmi >= 24', errMsg: '超重或肥胖', note: '中国标准' },
              ],
            }
          : f,
      ),
    };
    expect(diffDocuments(v1, edited).map((c) => c.text)).toEqual([
      '规则 bmi.calc 的前提条件设为 "hasValue(height)"',
      '规则 bmi.obese 的条件由 "bmi >= 28" 改为 "bmi >= 24"',
      '规则 bmi.obese 的提示信息由 "肥胖" 改为 "超重或肥胖"',
      '规则 bmi.obese 的备注设为 "中国标准"',
    ]);
    // A rule moved to another field is one change of its field, not a removal and an addition.
    const movedRule: FormDocument = {
      ...v1,
      fields: v1.fields.map((f) =>
        f.fieldProp === 'bmi'
          ? { ...f, reckons: [f.reckons![0]!] }
          : f.fieldProp === 'weight'
            ? { ...f, reckons: [{ id: 'bmi.obese', kind: 'check', tcontent: 'bmi >= 28', errMsg: '肥胖' }] }
            : f,
      ),
    };
    expect(diffDocuments(v1, movedRule).map((c) => [c.op, c.text])).toEqual([
      ['changed', '规则 bmi.obese 的所属字段由 "bmi" 改为 "weight"'],
    ]);
  });

  it('tells a moved field from fields shifted by an insertion, and reads flags as what they mean', () => {
    const [a, b, c, d, e, f] = v1.fields as [FieldDef, FieldDef, FieldDef, FieldDef, FieldDef, FieldDef];
    const swapped: FormDocument = { ...v1, fields: [a, c, b, d, e, f] };
    expect(diffDocuments(v1, swapped).map((x) => x.text)).toEqual(['字段 height（身高）的位置改变：现在位于 visitDate（随访日期）之后']);
    const inserted: FormDocument = { ...v1, fields: [{ fieldProp: 'x', fieldLabel: '新', fieldType: 3 }, ...v1.fields] };
    expect(diffDocuments(v1, inserted).map((x) => x.text)).toEqual(['新增字段 x（新）']);
    // required absent and 0 mean the same; hidden absent and false too.
    const flags: FormDocument = { ...v1, fields: [{ ...a, required: 0 }, { ...b, hidden: false }, c, d, e, f] };
    expect(diffDocuments({ ...v1, fields: [{ ...a, required: undefined as never }, b, c, d, e, f] }, flags).map((x) => x.text)).toEqual([]);
    expect(diffDocuments(v1, { ...v1, fields: [a, { ...b, hidden: true, fieldType: 3 }, c, d, e, f] }).map((x) => x.text)).toEqual([
      '字段 sbp（收缩压）的类型由 4（数字） 改为 3（文本）',
      '字段 sbp（收缩压）改为隐藏',
    ]);
  });

  it('names a placement added or removed leaf by leaf, and ignores the version number and $schema', () => {
    const none: FormDocument = { ...v1, placement: undefined as never, version: 7, $schema: '../x' };
    delete (none as { placement?: unknown }).placement;
    expect(diffDocuments(v1, none).map((x) => [x.op, x.text])).toEqual([
      ['removed', '放置设置改变：删除了表单类别（原为 followup（随访））'],
      ['removed', '放置设置改变：删除了档案菜单标题（原为 "肺功能随访"）'],
      ['removed', '放置设置改变：删除了档案菜单顺序（原为 30）'],
      ['removed', '放置设置改变：删除了随访日期字段（原为 "visitDate"）'],
      ['removed', '放置设置改变：删除了随访间隔天数（原为 90）'],
    ]);
  });
});

describe('movedIds', () => {
  it('keeps the longest run in order and names the rest', () => {
    expect([...movedIds(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'])]).toEqual([]);
    expect([...movedIds(['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c'])]).toEqual(['d']);
    expect([...movedIds(['a', 'b', 'c'], ['x', 'a', 'c'])]).toEqual([]);
    expect(movedIds(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a']).size).toBe(3);
  });
});

// Documents for the properties: fields with unique props, some rules, a section or two.
const propArb = fc.stringMatching(/^[a-z][a-z0-9]{0,4}$/);
const fieldArb: fc.Arbitrary<FieldDef> = fc.record(
  {
    fieldProp: propArb,
    fieldLabel: fc.constantFrom('收缩压', '体重', '身高', 'A', '名称'),
    fieldType: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 8),
    required: fc.constantFrom(0, 1),
    max: fc.integer({ min: 0, max: 500 }),
    unit: fc.constantFrom('kg', 'cm', 'mmHg'),
    reckons: fc.array(
      fc.record(
        {
          id: fc.stringMatching(/^[a-z]{1,3}\.[a-z]{1,3}$/),
          kind: fc.constantFrom('calc', 'check', 'display'),
          tcontent: fc.constantFrom('a > 1', 'b + 1'),
        },
        { requiredKeys: ['id', 'tcontent'] },
      ),
      {
        maxLength: 2,
      },
    ),
  },
  { requiredKeys: ['fieldProp', 'fieldLabel', 'fieldType'] },
) as fc.Arbitrary<FieldDef>;
const docArb: fc.Arbitrary<FormDocument> = fc.record({
  formCode: fc.constant('f'),
  formName: fc.constantFrom('表一', '表二'),
  version: fc.integer({ min: 1, max: 9 }),
  sections: fc.uniqueArray(fc.record({ id: propArb, title: fc.constantFrom('甲', '乙') }), { selector: (s) => s.id, maxLength: 3 }),
  placement: fc.record(
    { kind: fc.constantFrom('followup', 'exam'), menu: fc.record({ title: fc.constantFrom('菜单一', '菜单二') }) },
    { requiredKeys: ['kind'] },
  ),
  fields: fc.uniqueArray(fieldArb, { selector: (f) => f.fieldProp, maxLength: 12 }),
}) as fc.Arbitrary<FormDocument>;

describe('diffDocuments properties', () => {
  it('finds nothing between a document and itself (or its copy)', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        expect(diffDocuments(doc, doc)).toEqual([]);
        expect(diffDocuments(doc, JSON.parse(JSON.stringify(doc)) as FormDocument)).toEqual([]);
      }),
    );
  });

  it('adds and removes exactly the set differences of the field props, and every change has a sentence', () => {
    fc.assert(
      fc.property(docArb, docArb, (a, b) => {
        const changes = diffDocuments(a, b);
        const before = new Set(a.fields.map((f) => f.fieldProp));
        const after = new Set(b.fields.map((f) => f.fieldProp));
        const fieldOps = (op: string) =>
          changes
            .filter((c) => c.kind === 'field' && c.op === op)
            .map((c) => c.id)
            .sort();
        expect(fieldOps('added')).toEqual([...after].filter((p) => !before.has(p)).sort());
        expect(fieldOps('removed')).toEqual([...before].filter((p) => !after.has(p)).sort());
        for (const c of changes) expect(c.text).toMatch(/\S/);
        const kinds = ['form', 'placement', 'section', 'field', 'rule', 'options'];
        const ranks = changes.map((c) => kinds.indexOf(c.kind));
        expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      }),
    );
  });
});
