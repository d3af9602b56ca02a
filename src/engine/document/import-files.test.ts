import { describe, expect, it } from 'vitest';
import { readFormFileTexts } from './import-files';
import { schemaIssueText } from './schema-messages';
import { validateDocument } from './validate-document';

const doc = {
  formCode: 'lung',
  formName: '肺功能',
  version: 1,
  fields: [
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4 },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4 },
    { fieldProp: 'bmi', fieldLabel: '体质指数', fieldType: 4 },
  ],
};
const rules = { formCode: 'lung', rules: [{ id: 'bmi.calc', kind: 'calc', field: 'bmi', tcontent: 'calcBmi(weight, height)' }] };
const cases = { formCode: 'lung', cases: [{ name: '正常', given: { height: 170, weight: 65 }, expect: { values: { bmi: 22.49 } } }] };
const pretty = (v: unknown) => JSON.stringify(v, null, 2);

describe('readFormFileTexts', () => {
  it('merges the rules into the document and keeps the cases', () => {
    const out = readFormFileTexts([
      { name: 'schemas/lung.json', text: pretty(doc) },
      { name: 'rules/lung.rules.json', text: pretty(rules) },
      { name: 'rules/lung.cases.json', text: pretty(cases) },
    ]);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.document.fields[2]!.reckons).toEqual([{ id: 'bmi.calc', kind: 'calc', tcontent: 'calcBmi(weight, height)' }]);
    expect(out.cases).toEqual(cases);
  });

  it('names file, line and property of every meta-schema problem, in Chinese', () => {
    const bad = {
      ...doc,
      fields: [
        doc.fields[0],
        doc.fields[1],
        { ...doc.fields[2], fieldType: 9 },
        { fieldProp: 'x', fieldLabel: 'X', fieldType: 3, colour: 'red' },
      ],
    };
    const out = readFormFileTexts([{ name: 'schemas/lung.json', text: pretty(bad) }]);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    const line = (needle: string) =>
      pretty(bad)
        .split('\n')
        .findIndex((l) => l.includes(needle)) + 1;
    expect(out.problems.map((p) => p.text)).toEqual([
      `schemas/lung.json 第${line('"fieldType": 9')}行 /fields/2/fieldType: 必须是 1…8 之一`,
      `schemas/lung.json 第${line('"fieldProp": "x"') - 1}行 /fields/3: 不允许的属性 colour`,
    ]);
    expect(out.problems[0]).toMatchObject({ file: 'schemas/lung.json', path: '/fields/2/fieldType', message: '必须是 1…8 之一' });
  });

  it('names a syntax error’s line and column, a rule of a missing field, and a code that does not match', () => {
    const broken = readFormFileTexts([{ name: 'schemas/lung.json', text: '{\n  "formCode": "lung"\n  "formName": "x"\n}' }]);
    expect(!broken.ok && broken.problems.map((p) => p.text)).toEqual([
      'schemas/lung.json 第3行第3列: JSON 格式不正确：意外的字符 "\\""，应为逗号或 }',
    ]);
    const stray = { formCode: 'lung', rules: [...rules.rules, { id: 'fev.calc', kind: 'calc', field: 'fev1', tcontent: '1' }] };
    const out = readFormFileTexts([
      { name: 'schemas/lung.json', text: pretty(doc) },
      { name: 'rules/lung.rules.json', text: pretty(stray) },
      { name: 'rules/lung.cases.json', text: pretty({ ...cases, formCode: 'other' }) },
    ]);
    expect(!out.ok && out.problems.map((p) => p.text)).toEqual([
      'rules/lung.cases.json 第2行 /formCode: 表单编号 "other" 与表单文档的编号 "lung" 不一致',
      'rules/lung.rules.json 第13行 /rules/1/field: 规则 fev.calc 指向表单没有的字段 fev1',
    ]);
    const misnamed = readFormFileTexts([{ name: 'schemas/lungs.json', text: pretty(doc) }]);
    expect(!misnamed.ok && misnamed.problems[0]!.text).toBe(
      'schemas/lungs.json 第2行 /formCode: 表单编号 "lung" 与文件名不符（应为 "lungs"）',
    );
  });

  it('names a field given twice at its second place, with the line of the first', () => {
    const twice = { ...doc, fields: [...doc.fields, { fieldProp: 'weight', fieldLabel: '体重2', fieldType: 4 }] };
    const out = readFormFileTexts([{ name: 'schemas/lung.json', text: pretty(twice) }]);
    expect(!out.ok && out.problems.map((p) => p.text)).toEqual([
      'schemas/lung.json 第22行 /fields/3/fieldProp: 字段名 weight 重复（第12行已有同名字段）',
    ]);
  });

  it('wants exactly one document and .json files only', () => {
    expect(readFormFileTexts([{ name: 'rules/lung.rules.json', text: pretty(rules) }])).toMatchObject({
      ok: false,
      problems: [{ message: '缺少表单文档 schemas/<表单编号>.json' }],
    });
    expect(
      readFormFileTexts([
        { name: 'a.json', text: '{}' },
        { name: 'b.json', text: '{}' },
      ]),
    ).toMatchObject({ ok: false, problems: [{ file: 'a.json、b.json', message: '一次只能导入一个表单文档' }] });
    expect(
      readFormFileTexts([
        { name: 'schemas/lung.json', text: pretty(doc) },
        { name: 'notes.txt', text: '' },
      ]),
    ).toMatchObject({ ok: false, problems: [{ file: 'notes.txt' }] });
  });
});

describe('schemaIssueText', () => {
  it('words ajv’s problems in Chinese', () => {
    const checked = validateDocument({ formCode: '1x', formName: ' ', version: 0, fields: [{ fieldProp: 'a', fieldType: '4' }] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.map(schemaIssueText)).toEqual(
      expect.arrayContaining([
        '/formCode: 格式不正确（应符合 ^[A-Za-z][A-Za-z0-9_-]*$）',
        '/formName: 不能为空',
        '/version: 不能小于 1',
        '/fields/0: 缺少必填属性 fieldLabel',
      ]),
    );
  });
});
