import { describe, expect, it } from 'vitest';
import { compileDocumentOrThrow } from '../compile/compile';
import { ctx, sampleDoc } from '../test/fixtures';
import type { FieldDef } from '../types';
import { fieldPrompt, validateField } from './field';
import { validateForSubmit } from './submit';

const form = compileDocumentOrThrow(sampleDoc());
const complete = { visitDate: '2024-06-01', sbp: 130, dbp: 80, outcome: '1' };

const f = (over: Partial<FieldDef>): FieldDef => ({ fieldProp: 'x', fieldLabel: '血糖', fieldType: 3, ...over });

describe('validateField (002 §5)', () => {
  it.each<[string, Partial<FieldDef>, unknown, string | null]>([
    ['required empty', { required: 1 }, '', '血糖不能为空'],
    ['required blank text', { required: 1 }, '   ', '血糖不能为空'],
    ['optional empty', {}, null, null],
    ['optional invalid by regExp', { regExp: '^\\d+$' }, 'abc', '血糖数值异常'],
    ['valid by regExp', { regExp: '^\\d+$' }, '12', null],
    ['number below min', { fieldType: 4, min: 1 }, 0, '血糖数值异常'],
    ['number that is text', { fieldType: 4 }, 'abc', '血糖数值异常'],
    ['number by regExp', { fieldType: 4, regExp: '^\\d+(\\.\\d)?$' }, 5.25, '血糖数值异常'],
    ['date that is not a date', { fieldType: 5 }, '2023-02-30', '血糖数值异常'],
    ['date', { fieldType: 5 }, '2024-02-29', null],
    ['dictionary without bizCode or url', { fieldType: 1 }, '1', '血糖数值异常'],
    ['dictionary value outside the dictionary', { fieldType: 2, bizCode: 'outcome' }, '9', '血糖数值异常'],
    ['dictionary value', { fieldType: 2, bizCode: 'outcome' }, '3', null],
    ['checkbox values', { fieldType: 7, bizCode: 'symptoms' }, ['1', '3'], null],
    ['checkbox value outside', { fieldType: 7, bizCode: 'symptoms' }, ['1', '7'], '血糖数值异常'],
    ['url dictionary not loaded', { fieldType: 8, fieldUrl: '/api/x' }, ['a'], null],
    ['own invalid message', { regExp: '^\\d+$', invalidMessage: '请输入整数' }, 'a', '请输入整数'],
  ])('%s', (_n, over, value, expected) => {
    expect(validateField(f(over), value as never, undefined, ctx())).toBe(expected);
  });

  it('prompts 请输入 for text-like fields and 请选择 otherwise', () => {
    expect([3, 4, 6].map((t) => fieldPrompt(f({ fieldType: t as 3 })))).toEqual(['请输入血糖', '请输入血糖', '请输入血糖']);
    expect([1, 2, 5, 7, 8].map((t) => fieldPrompt(f({ fieldType: t as 1 })))).toEqual(Array(5).fill('请选择血糖'));
  });
});

describe('validateForSubmit (002 §4)', () => {
  it('checks fields first and names the first invalid field and message', () => {
    const r = validateForSubmit(form, { sbp: 'abc', dbp: 300, mobile: '0755-1234567' }, ctx());
    expect(r.ok).toBe(false);
    expect(r.stage).toBe('fields');
    expect(r.firstInvalidField).toBe('visitDate');
    expect(r.message).toBe('随访日期不能为空');
    expect(r.fieldErrors).toEqual({
      visitDate: '随访日期不能为空',
      sbp: '收缩压数值异常',
      dbp: '舒张压数值异常',
      outcome: '随访结局不能为空',
      mobile: '手机号数值异常',
    });
  });

  it('skips hidden fields and requires shown ones', () => {
    expect(validateForSubmit(form, complete, ctx()).ok).toBe(true);
    const r = validateForSubmit(form, { ...complete, outcome: '3' }, ctx());
    expect(r.fieldErrors).toEqual({ endReason: '结案原因不能为空' });
  });

  it('asks 有异常是否保存? for anomalies and records the answer', () => {
    const values = { ...complete, sbp: 70, dbp: 80 };
    const asked = validateForSubmit(form, values, ctx());
    expect(asked).toMatchObject({ ok: false, stage: 'anomalies', message: '有异常是否保存?' });
    expect(asked.anomalies.map((a) => a.ruleId)).toEqual(['sbp.gt.dbp']);
    const saved = validateForSubmit(form, values, { ...ctx('2024-06-15T10:00:00'), acknowledged: true });
    expect(saved.ok).toBe(true);
    expect(saved.acknowledgement).toEqual({ prompt: '有异常是否保存?', answer: 'yes', ruleIds: ['sbp.gt.dbp'], at: '2024-06-15 10:00:00' });
    // An answer about other anomalies does not cover this one.
    expect(validateForSubmit(form, values, { ...ctx(), acknowledged: ['bmi.high'] }).ok).toBe(false);
  });

  it('blocks on error rules after field validation', () => {
    const doc = sampleDoc();
    doc.fields[0]!.reckons = [{ id: 'no.future', kind: 'error', tcontent: 'visitDate > today()', errMsg: '随访日期不能晚于今天' }];
    const r = validateForSubmit(compileDocumentOrThrow(doc), { ...complete, visitDate: '2024-07-01' }, { ...ctx(), acknowledged: true });
    expect(r).toMatchObject({ ok: false, stage: 'errors', message: '随访日期不能晚于今天' });
  });

  it('returns the values to save with calculations applied', () => {
    const r = validateForSubmit(form, { ...complete, weight: 60, height: 160 }, ctx());
    expect(r.values.bmi).toBe(23.44);
    expect(r.progress).toBe(100);
  });
});
