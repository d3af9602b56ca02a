import { describe, expect, it } from 'vitest';
import { compileDocument } from './compile';
import { sampleDoc } from '../test/fixtures';
import type { FieldDef, FormDocument } from '../types';

const withFields = (...fields: FieldDef[]): FormDocument => ({ formCode: 't', formName: 't', version: 1, fields });
const errorsOf = (doc: FormDocument) => compileDocument(doc, { file: 'schemas/t.json' }).errors.filter((e) => e.severity === 'error');

describe('compileDocument', () => {
  it('compiles the sample and orders calculations before their readers', () => {
    const r = compileDocument(sampleDoc());
    expect(r.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const form = r.form!;
    const order = form.nodes.filter((n) => n.kind === 'calc').map((n) => (n.kind === 'calc' ? n.field : ''));
    expect(order.indexOf('age')).toBeLessThan(order.indexOf('bpLevel'));
    expect(form.readers.get('weight')).toEqual([form.calcNodeOf.get('bmi')]);
  });

  it('refuses a fieldUrl naming a field the form lacks, or the field itself', () => {
    const team: FieldDef = { fieldProp: 'teamId', fieldLabel: '团队', fieldType: 1, fieldUrl: '/options?kind=team' };
    const doctor = (url: string): FieldDef => ({ fieldProp: 'doctorId', fieldLabel: '医生', fieldType: 1, fieldUrl: url });
    expect(errorsOf(withFields(team, doctor('/options?kind=doctor&teamId={teamId}')))).toEqual([]);
    expect(errorsOf(withFields(team, doctor('/options?teamId={team}'))).map((e) => e.message)).toEqual([
      '字典地址 fieldUrl 中的 {team} 须是本表单的另一个字段',
    ]);
    expect(errorsOf(withFields(team, doctor('/options?d={doctorId}'))).map((e) => e.message)).toEqual([
      '字典地址 fieldUrl 中的 {doctorId} 须是本表单的另一个字段',
    ]);
  });

  it('orders a chain declared backwards', () => {
    const form = compileDocument(
      withFields(
        { fieldProp: 'c', fieldLabel: 'c', fieldType: 4, reckons: [{ id: 'c', tcontent: 'b + 1' }] },
        { fieldProp: 'b', fieldLabel: 'b', fieldType: 4, reckons: [{ id: 'b', tcontent: 'a * 2' }] },
        { fieldProp: 'a', fieldLabel: 'a', fieldType: 4 },
      ),
    ).form!;
    expect(form.nodes.map((n) => (n.kind === 'calc' ? n.field : '?'))).toEqual(['b', 'c']);
  });

  it('rejects a cycle and names it', () => {
    const errs = errorsOf(
      withFields(
        { fieldProp: 'a', fieldLabel: 'a', fieldType: 4, reckons: [{ id: 'ra', tcontent: 'b + 1' }] },
        { fieldProp: 'b', fieldLabel: 'b', fieldType: 4, reckons: [{ id: 'rb', tcontent: 'a + 1' }] },
      ),
    );
    expect(errs).toHaveLength(1);
    expect(errs[0]!.message).toMatch(/循环依赖/);
    expect(errs[0]!.message).toMatch(/ra/);
    expect(errs[0]!.file).toBe('schemas/t.json');
  });

  it('rejects a calc reading its own field', () => {
    expect(
      errorsOf(withFields({ fieldProp: 'a', fieldLabel: 'a', fieldType: 4, reckons: [{ id: 'r', tcontent: 'a + 1' }] }))[0]!.message,
    ).toMatch(/循环/);
  });

  it('rejects unknown fields and functions, naming rule, expression and field', () => {
    const errs = errorsOf(
      withFields(
        { fieldProp: 'a', fieldLabel: 'a', fieldType: 4, reckons: [{ id: 'r1', tcontent: 'nope + 1' }] },
        { fieldProp: 'b', fieldLabel: 'b', fieldType: 4, reckons: [{ id: 'r2', tcontent: 'evil(a)' }] },
      ),
    );
    expect(errs).toEqual([
      expect.objectContaining({ ruleId: 'r1', expression: 'nope + 1', field: 'nope', message: expect.stringMatching(/未知的字段/) }),
      expect.objectContaining({ ruleId: 'r2', expression: 'evil(a)', field: 'b', message: expect.stringMatching(/未知的函数: evil/) }),
    ]);
  });

  it.each([
    ['a code compared with a number', 'code == 1', /类型不同/],
    ['a doubled or, in Chinese with its place', 'n > 1 or or n < 0', /^表达式语法错误 \[1:10\] "or" 前缺少条件$/],
    ['an unfinished expression', 'n > 1 or', /^表达式语法错误 \[1:9\] 表达式不完整$/],
    ['an unclosed parenthesis', '(n > 1', /^表达式语法错误 \[1:7\] 缺少右括号 "\)"$/],
    ['|| used as or', 'code == "1" || n > 1', /'\|\|'/],
    ['arithmetic on a code', 'code + 1 > 2', /需要数值/],
    ['member access', 'code.length > 1', /member access|语法错误/],
    ['assignment', 'n = 3', /语法错误|不支持/],
    ['a condition that is a number', 'n + 1', /需要 boolean/],
    ['wrong arity', 'calcBmi(n) > 1', /参数/],
    ['a date given a number', 'calcAge(n) > 1', /需要 date/],
    ['a library function that is not ours', 'random(1) > 0', /未知的函数/],
    ['ordering codes as text', 'code > "1"', /只比较数值或日期/],
  ])('rejects %s', (_name, expr, msg) => {
    const errs = errorsOf(
      withFields(
        { fieldProp: 'code', fieldLabel: 'code', fieldType: 1, bizCode: 'x' },
        { fieldProp: 'n', fieldLabel: 'n', fieldType: 4, reckons: [{ id: 'r', kind: 'check', tcontent: expr, errMsg: 'm' }] },
      ),
    );
    expect(errs.length).toBeGreaterThan(0);
    expect(errs.map((e) => e.message).join('\n')).toMatch(msg);
    expect(errs[0]!.expression).toBe(expr);
  });

  it('rejects a calc whose type does not fit its field', () => {
    const errs = errorsOf(
      withFields(
        { fieldProp: 'n', fieldLabel: 'n', fieldType: 4 },
        { fieldProp: 's', fieldLabel: 's', fieldType: 1, bizCode: 'x', reckons: [{ id: 'r', tcontent: 'n * 2' }] },
      ),
    );
    expect(errs[0]!.message).toMatch(/结果是 number, 需要 string/);
  });

  it('rejects a field hidden and required by unconditional rules', () => {
    expect(errorsOf(withFields({ fieldProp: 'a', fieldLabel: 'a', fieldType: 3, required: 1, hidden: true }))[0]!.message).toMatch(
      /永远无法保存/,
    );
    const errs = errorsOf(
      withFields({
        fieldProp: 'a',
        fieldLabel: 'a',
        fieldType: 3,
        reckons: [
          { id: 'hide', kind: 'display', scontent: 'false' },
          { id: 'req', kind: 'required' },
        ],
      }),
    );
    expect(errs[0]).toMatchObject({ field: 'a', ruleId: 'req' });
    // A conditional display is not a contradiction.
    expect(
      errorsOf(
        withFields(
          { fieldProp: 'b', fieldLabel: 'b', fieldType: 4 },
          { fieldProp: 'a', fieldLabel: 'a', fieldType: 3, required: 1, reckons: [{ id: 'd', kind: 'display', scontent: 'b > 1' }] },
        ),
      ),
    ).toEqual([]);
  });

  it('rejects duplicate fields and rule ids, bad regExp and names that shadow functions', () => {
    const msgs = errorsOf(
      withFields(
        { fieldProp: 'a', fieldLabel: 'a', fieldType: 3, regExp: '([', reckons: [{ id: 'x', kind: 'required' }] },
        { fieldProp: 'a', fieldLabel: 'a', fieldType: 3, reckons: [{ id: 'x', kind: 'required' }] },
        { fieldProp: 'calcBmi', fieldLabel: 'b', fieldType: 4 },
      ),
    ).map((e) => e.message);
    expect(msgs).toEqual(
      expect.arrayContaining([
        '字段名重复',
        '规则编号重复',
        expect.stringMatching(/^字段「a」的校验正则 regExp 不是有效的正则表达式/),
        expect.stringMatching(/函数或关键字同名/),
      ]),
    );
  });

  it('warns about a dictionary field with neither bizCode nor fieldUrl', () => {
    const r = compileDocument(withFields({ fieldProp: 'a', fieldLabel: 'a', fieldType: 1 }));
    expect(r.form).toBeDefined();
    expect(r.errors).toEqual([expect.objectContaining({ severity: 'warning', field: 'a' })]);
  });
});
