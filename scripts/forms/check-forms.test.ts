import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms, formatProblem } from './check-forms';
import { formatRefusals, nonCanonicalFiles } from './format';
import { tempProjects } from './temp-project';

const project = tempProjects('forms-check-');

const form = {
  formCode: 'demo',
  formName: '演示',
  version: 1,
  fields: [
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4 },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4 },
    { fieldProp: 'bmi', fieldLabel: '体质指数', fieldType: 4 },
  ],
};
const errorsOf = (root: string) => checkForms(root).problems.filter((p) => p.severity === 'error');
/** The lines forms:check prints for a folder's errors. */
const errorLines = (root: string) => errorsOf(root).map(formatProblem);
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('forms:check', () => {
  it('accepts a form whose rules compile, merged from its rules file', () => {
    const root = project({
      'schemas/demo.json': form,
      'rules/demo.rules.json': {
        formCode: 'demo',
        rules: [{ id: 'bmi.calc', kind: 'calc', field: 'bmi', tcontent: 'calcBmi(weight, height)' }],
      },
    });
    const report = checkForms(root);
    expect(report.problems).toEqual([]);
    expect(report.forms[0]?.compiled?.rules.map((r) => r.id)).toEqual(['bmi.calc']);
  });

  it('names the files, the rule, the expression and the field of an expression error', () => {
    const root = project({
      'schemas/demo.json': form,
      'rules/demo.rules.json': {
        formCode: 'demo',
        rules: [{ id: 'bmi.calc', kind: 'calc', field: 'bmi', tcontent: 'calcBmi(weigth, height)' }],
      },
    });
    const [problem] = errorsOf(root);
    expect(problem?.file).toBe('rules/demo.rules.json');
    expect(problem?.subject).toBe('规则 bmi.calc');
    expect(problem?.text).toContain('表达式 "calcBmi(weigth, height)"');
    expect(problem?.text).toContain('未知的字段: weigth');
  });

  it('prints every problem in one format, file:line:column subject: message, an expression error in Chinese', () => {
    const root = project({
      'schemas/demo.json': json(form),
      'rules/demo.rules.json': json({
        formCode: 'demo',
        rules: [{ id: 'bmi.check', kind: 'check', field: 'bmi', tcontent: 'bmi > 28 or or bmi < 10', errMsg: 'x' }],
      }),
    });
    expect(errorLines(root)).toEqual([
      'rules/demo.rules.json:8:7 规则 bmi.check: 表达式 "bmi > 28 or or bmi < 10": 表达式语法错误 [1:13] "or" 前缺少条件',
    ]);
  });

  it('gives a file that is not JSON exactly one error, with its line and column, and no follow-on errors', () => {
    const root = project({
      'schemas/demo.json': '{\n  "formCode": "demo",\n  "formName": "演示"\n  "version": 1\n}\n',
      'rules/demo.rules.json': json({ formCode: 'demo', rules: [] }),
      'rules/demo.cases.json': json({ formCode: 'demo', cases: [] }),
    });
    expect(errorLines(root)).toEqual(['schemas/demo.json:4:3 JSON 格式不正确：意外的字符 "\\""，应为逗号或 }']);
  });

  it('refuses a JSON key given twice, at the second, naming it (the last value does not silently win)', () => {
    const root = project({
      'schemas/demo.json': json(form).replace('"formName": "演示",', '"formName": "演示",\n  "formName": "另一个",'),
    });
    expect(errorLines(root)).toEqual(['schemas/demo.json:4:3 属性 "formName" 重复']);
  });

  it('refuses a fieldProp given twice, at the second, and forms:format writes none of the form’s files', () => {
    const twice = { ...form, fields: [...form.fields, { fieldProp: 'weight', fieldLabel: '体重2', fieldType: 4 }] };
    const rules = { formCode: 'demo', rules: [{ id: 'w.check', kind: 'check', field: 'weight', tcontent: 'weight > 200', errMsg: 'x' }] };
    const root = project({ 'schemas/demo.json': json(twice), 'rules/demo.rules.json': json(rules) });
    expect(errorLines(root)).toEqual(['schemas/demo.json:22:7 字段 weight: 字段名重复（第6行已有同名字段）']);
    const refused = formatRefusals(root);
    expect(refused.problems.map(formatProblem)).toEqual(['schemas/demo.json:22:7 字段 weight: 字段名重复（第6行已有同名字段）']);
    expect([...refused.files].sort()).toEqual(['rules/demo.rules.json', 'schemas/demo.json']);
    // Formatting would have written the check twice into the rules file; now it writes nothing of the form.
    expect(nonCanonicalFiles(root).map((f) => f.name)).toEqual([]);
    const dupKey = project({ 'schemas/demo.json': json(form).replace('"version": 1,', '"version": 1,\n  "version": 2,') });
    expect(formatRefusals(dupKey).problems.map(formatProblem)).toEqual(['schemas/demo.json:5:3 属性 "version" 重复']);
    expect(nonCanonicalFiles(dupKey)).toEqual([]);
  });

  it('checks the cases against the form: unknown given field, unknown expected field, unknown rule id', () => {
    const root = project({
      'schemas/demo.json': json(form),
      'rules/demo.rules.json': json({
        formCode: 'demo',
        rules: [{ id: 'bmi.calc', kind: 'calc', field: 'bmi', tcontent: 'calcBmi(weight, height)' }],
      }),
      'rules/demo.cases.json': json({
        formCode: 'demo',
        cases: [
          { name: '正常', given: { weigth: 70, height: 1.7 }, expect: { values: { bmj: 24.2, nothing: 1 }, messages: ['bmi.high'] } },
        ],
      }),
    });
    const report = checkForms(root);
    expect(report.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
      'rules/demo.cases.json:7:9 用例 "正常": 给定值的字段 weigth 不在表单 demo 中（是否为 weight？）',
      'rules/demo.cases.json:12:11 用例 "正常": 期望值的字段 bmj 不在表单 demo 中（是否为 bmi？）',
      'rules/demo.cases.json:13:11 用例 "正常": 期望值的字段 nothing 不在表单 demo 中',
      'rules/demo.cases.json:16:11 用例 "正常": 期望的提示 bmi.high 不是表单 demo 的规则编号',
    ]);
    expect(report.caseProblems.get('demo')?.map((p) => p.caseIndex)).toEqual([0, 0, 0, 0]);
  });

  it('warns of a dictionary it does not know, and checks rule codes against the dictionaries it knows', () => {
    const withDicts = {
      ...form,
      fields: [
        ...form.fields,
        { fieldProp: 'grade', fieldLabel: '分级', fieldType: 2, bizCode: 'bmi_grade' },
        { fieldProp: 'place', fieldLabel: '地点', fieldType: 2, bizCode: 'server_only' },
      ],
    };
    const root = project({
      'schemas/demo.json': json(withDicts),
      'rules/demo.rules.json': json({
        formCode: 'demo',
        rules: [
          { id: 'grade.calc', kind: 'calc', field: 'grade', tcontent: 'bmi > 28 ? "3" : "1"' },
          { id: 'place.check', kind: 'check', field: 'place', tcontent: 'place == "9"', errMsg: 'x' },
        ],
      }),
      'rules/demo.dicts.json': json({
        formCode: 'demo',
        dictionaries: {
          bmi_grade: {
            name: 'BMI 分级',
            items: [
              { value: '1', label: '正常' },
              { value: '2', label: '超重' },
            ],
          },
        },
      }),
    });
    expect(checkForms(root).problems.map(formatProblem)).toEqual([
      'schemas/demo.json:31:7 字段 place: 警告: 字典 server_only 不在 codemaps/ 也不在 rules/demo.dicts.json 中：发布时服务器须已有它',
      'rules/demo.rules.json:4:5 规则 grade.calc: 使用的编码 "3" 不在字段 分级 (grade) 的字典 bmi_grade 中',
    ]);
  });

  it('reports a file that is not JSON, a meta-schema violation, and a name that does not match', () => {
    const root = project({
      'schemas/broken.json': '{ "formCode": ',
      'schemas/typed.json': { ...form, formCode: 'typed', fields: [{ fieldProp: 'x', fieldLabel: 'X', fieldType: 9 }] },
      'schemas/renamed.json': form,
    });
    const texts = errorLines(root);
    expect(texts.some((t) => t.startsWith('schemas/broken.json:1:15 JSON 格式不正确'))).toBe(true);
    expect(texts.some((t) => t.startsWith('schemas/typed.json:1:93 /fields/0/fieldType: '))).toBe(true);
    expect(texts).toContain('schemas/renamed.json:1:2 /formCode: formCode "demo" 与文件名不符 (应为 "renamed")');
  });

  it('refuses rules and cases for a form that does not exist, rules for unknown fields, and stray files', () => {
    const root = project({
      'schemas/demo.json': form,
      'rules/ghost.rules.json': { formCode: 'ghost', rules: [] },
      'rules/ghost.cases.json': { formCode: 'ghost', cases: [] },
      'rules/demo.rules.json': { formCode: 'demo', rules: [{ id: 'x', kind: 'calc', field: 'nope', tcontent: '1' }] },
      'rules/notes.txt': 'x',
    });
    const texts = errorLines(root);
    expect(texts).toContain('rules/ghost.rules.json:1:2 /formCode: 没有表单 schemas/ghost.json');
    expect(texts).toContain('rules/ghost.cases.json:1:2 /formCode: 没有表单 schemas/ghost.json');
    expect(texts).toContain('rules/demo.rules.json:1:53 规则 x: 指向表单没有的字段 nope');
    expect(texts.some((t) => t.startsWith('rules/notes.txt:1:1 '))).toBe(true);
  });

  it('checks code maps against their meta-schema', () => {
    const root = project({ 'codemaps/bad.json': { title: 'x', source: 'y', maps: { BadName: { name: 'n', items: [] } } } });
    expect(new Set(errorsOf(root).map((p) => p.file))).toEqual(new Set(['codemaps/bad.json']));
  });

  it('reads every file of codemaps/ (no list of names) and refuses a code defined in two files', () => {
    const map = (code: string) => ({ title: 't', source: 's', maps: { [code]: { name: 'n', items: [{ value: '1', label: '一' }] } } });
    const fine = checkForms(project({ 'codemaps/a-new-file.json': map('room'), 'codemaps/another.json': map('ward') }));
    expect(fine.problems).toEqual([]);
    expect(fine.codemapCount).toBe(2);
    expect(fine.codemaps.codeLabel('room', '1')).toBe('一');
    const twice = project({ 'codemaps/a.json': map('room'), 'codemaps/b.json': map('room') });
    expect(errorLines(twice)).toEqual(['codemaps/b.json:1:1 代码表 room 已在 a.json 中定义, 此处的被忽略']);
  });

  it('checks a form’s own option lists when it compiles', () => {
    const withLists = {
      ...form,
      options: {
        place: {
          name: '地点',
          items: [
            { value: '1', label: '门诊' },
            { value: '1', label: '家中' },
          ],
        },
      },
      fields: [...form.fields, { fieldProp: 'visitPlace', fieldLabel: '随访地点', fieldType: 2, bizCode: 'place' }],
    };
    expect(errorsOf(project({ 'schemas/demo.json': withLists })).map((p) => p.text)).toEqual(['选项列表 place 的值 1 重复']);
  });

  it('passes the project’s own files', () => {
    const report = checkForms(path.resolve(__dirname, '../..'));
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.forms.map((f) => f.formCode)).toContain('hypertensionfollowup');
  });
});
