import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms } from './check-forms';
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
    expect(problem?.file).toBe('schemas/demo.json + rules/demo.rules.json');
    expect(problem?.text).toContain('规则 bmi.calc');
    expect(problem?.text).toContain('表达式 "calcBmi(weigth, height)"');
    expect(problem?.text).toContain('未知的字段: weigth');
  });

  it('reports a file that is not JSON, a meta-schema violation, and a name that does not match', () => {
    const root = project({
      'schemas/broken.json': '{ "formCode": ',
      'schemas/typed.json': { ...form, formCode: 'typed', fields: [{ fieldProp: 'x', fieldLabel: 'X', fieldType: 9 }] },
      'schemas/renamed.json': form,
    });
    const texts = errorsOf(root).map((p) => `${p.file}: ${p.text}`);
    expect(texts.some((t) => t.startsWith('schemas/broken.json: 不是有效的 JSON'))).toBe(true);
    expect(texts.some((t) => t.startsWith('schemas/typed.json: /fields/0/fieldType'))).toBe(true);
    expect(texts).toContain('schemas/renamed.json: formCode "demo" 与文件名不符 (应为 "renamed")');
  });

  it('refuses rules and cases for a form that does not exist, rules for unknown fields, and stray files', () => {
    const root = project({
      'schemas/demo.json': form,
      'rules/ghost.rules.json': { formCode: 'ghost', rules: [] },
      'rules/ghost.cases.json': { formCode: 'ghost', cases: [] },
      'rules/demo.rules.json': { formCode: 'demo', rules: [{ id: 'x', kind: 'calc', field: 'nope', tcontent: '1' }] },
      'rules/notes.txt': 'x',
    });
    const texts = errorsOf(root).map((p) => `${p.file}: ${p.text}`);
    expect(texts).toContain('rules/ghost.rules.json: 没有表单 schemas/ghost.json');
    expect(texts).toContain('rules/ghost.cases.json: 没有表单 schemas/ghost.json');
    expect(texts).toContain('rules/demo.rules.json: rules for unknown fields: nope');
    expect(texts.some((t) => t.startsWith('rules/notes.txt'))).toBe(true);
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
    expect(errorsOf(twice)).toEqual([{ file: 'codemaps/b.json', severity: 'error', text: '代码表 room 已在 a.json 中定义, 此处的被忽略' }]);
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
    expect(errorsOf(project({ 'schemas/demo.json': withLists })).map((p) => p.text)).toEqual(['错误: 选项列表 place 的值 1 重复']);
  });

  it('passes the project’s own files', () => {
    const report = checkForms(path.resolve(__dirname, '../..'));
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.forms.map((f) => f.formCode)).toContain('hypertensionfollowup');
  });
});
