import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../types';
import { caseProblems } from './case-problems';

const doc: FormDocument = {
  formCode: 'demo',
  formName: '演示',
  version: 1,
  fields: [
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4 },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4 },
    {
      fieldProp: 'bmi',
      fieldLabel: '体质指数',
      fieldType: 4,
      reckons: [
        { id: 'bmi.calc', kind: 'calc', tcontent: 'calcBmi(weight, height)' },
        { id: 'bmi.high', kind: 'check', tcontent: 'bmi > 28', errMsg: '偏高' },
      ],
    },
  ],
};

describe('caseProblems', () => {
  it('accepts cases that name only the form’s fields and rules', () => {
    expect(
      caseProblems(doc, {
        formCode: 'demo',
        cases: [
          {
            name: 'ok',
            given: { weight: 70, height: 170 },
            expect: { values: { bmi: 24.2 }, messages: ['bmi.high'], hidden: ['bmi'], required: ['weight'], fieldErrors: { height: 'x' } },
          },
        ],
      }),
    ).toEqual([]);
  });

  it('names an unknown given field, expected field, listed field and rule id, with a one-edit suggestion', () => {
    const problems = caseProblems(doc, {
      formCode: 'demo',
      cases: [
        { name: '正常', given: { weigth: 70, height: 170 }, expect: { values: { bmii: 24.2, zzz: 1 } } },
        { name: '偏高', given: {}, expect: { messages: ['bmi.hihg', 'nosuch'], visible: ['heigh'] } },
      ],
    });
    expect(problems.map((p) => [p.caseName, p.pointer, p.name, p.message])).toEqual([
      ['正常', '/cases/0/given/weigth', 'weigth', '给定值的字段 weigth 不在表单 demo 中（是否为 weight？）'],
      ['正常', '/cases/0/expect/values/bmii', 'bmii', '期望值的字段 bmii 不在表单 demo 中（是否为 bmi？）'],
      ['正常', '/cases/0/expect/values/zzz', 'zzz', '期望值的字段 zzz 不在表单 demo 中'],
      ['偏高', '/cases/1/expect/visible/0', 'heigh', 'visible 中的字段 heigh 不在表单 demo 中（是否为 height？）'],
      ['偏高', '/cases/1/expect/messages/0', 'bmi.hihg', '期望的提示 bmi.hihg 不是表单 demo 的规则编号（是否为 bmi.high？）'],
      ['偏高', '/cases/1/expect/messages/1', 'nosuch', '期望的提示 nosuch 不是表单 demo 的规则编号'],
    ]);
  });
});
