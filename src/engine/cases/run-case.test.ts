import { describe, expect, it } from 'vitest';
import { isCodemapFileName, loadCodemaps } from '../codemaps/codemaps';
import { compileDocumentOrThrow } from '../compile/compile';
import type { FormDocument } from '../types';
import { runCase as runCaseWith, runCases } from './run-case';

// The project's own codemaps/, every file of the folder, as rules:test reads them (tests may glob).
const CODEMAPS = loadCodemaps(
  Object.fromEntries(
    Object.entries(import.meta.glob<unknown>('../../../codemaps/*.json', { eager: true, import: 'default' }))
      .map(([p, content]) => [p.split('/').pop() as string, content] as const)
      .filter(([name]) => isCodemapFileName(name)),
  ),
);
const runCase = (form: Parameters<typeof runCaseWith>[0], c: Parameters<typeof runCaseWith>[1], fileNow?: string) =>
  runCaseWith(form, c, CODEMAPS, fileNow);

const doc: FormDocument = {
  formCode: 'demo',
  formName: '演示',
  version: 1,
  fields: [
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4, required: 1 },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, required: 1 },
    {
      fieldProp: 'bmi',
      fieldLabel: '体质指数',
      fieldType: 4,
      reckons: [
        { id: 'bmi.calc', tcontent: 'calcBmi(weight, height)' },
        { id: 'bmi.high', kind: 'check', tcontent: 'bmi >= 28', errMsg: '体质指数偏高' },
      ],
    },
    { fieldProp: 'outcome', fieldLabel: '随访结局', fieldType: 2, bizCode: 'fu_outcome' },
    {
      fieldProp: 'stopReason',
      fieldLabel: '终止管理原因',
      fieldType: 1,
      bizCode: 'fu_stop_reason',
      reckons: [{ id: 'stop.show', kind: 'display', scontent: 'outcome == "3"' }],
    },
  ],
};
const form = compileDocumentOrThrow(doc);

describe('rule cases', () => {
  it('passes a case whose expectations hold, looking dictionaries up in the code maps', () => {
    expect(
      runCase(form, {
        name: 'ok',
        given: { weight: 90, height: 170, outcome: '3', stopReason: '1' },
        expect: {
          values: { bmi: 31.14 },
          messages: ['bmi.high'],
          visible: ['stopReason'],
          progress: 100,
          submit: 'anomalies',
          fieldErrors: {},
        },
      }),
    ).toEqual([]);
  });

  it('names the rule and its inputs when a computed value differs', () => {
    const [failure] = runCase(form, { name: 'wrong', given: { weight: 60, height: 170 }, expect: { values: { bmi: 25 } } });
    expect(failure).toEqual({ subject: 'bmi (规则 bmi.calc, 输入 {"weight":60,"height":170})', expected: 25, actual: 20.76 });
  });

  it('reports each unmet expectation: messages, states, progress, submit stage and field errors', () => {
    const failures = runCase(form, {
      name: 'all wrong',
      given: { weight: 60, outcome: '9' },
      expect: {
        messages: ['bmi.high'],
        visible: ['stopReason'],
        hidden: ['nosuch'],
        progress: 100,
        submit: 'ok',
        fieldErrors: {},
      },
    });
    expect(failures.map((f) => f.subject)).toEqual([
      'messages',
      'hidden nosuch',
      'visible stopReason',
      'progress',
      'submit',
      'fieldErrors',
    ]);
    expect(failures.find((f) => f.subject === 'fieldErrors')?.actual).toEqual({ height: '身高不能为空', outcome: '随访结局数值异常' });
  });

  it('uses the file’s clock unless the case sets its own, and a fixed day without either', () => {
    const dated = compileDocumentOrThrow({
      ...doc,
      fields: [
        {
          fieldProp: 'visitDate',
          fieldLabel: '随访日期',
          fieldType: 5,
          reckons: [{ id: 'future', kind: 'error', tcontent: 'daysBetween(today(), visitDate) > 0', errMsg: '不能晚于今天' }],
        },
      ],
    });
    const c = { name: 'march', given: { visitDate: '2024-03-01' }, expect: { messages: [] } };
    expect(runCase(dated, c, '2024-02-01T08:00:00')).toEqual([
      { subject: 'messages', expected: [], actual: ['future: 不能晚于今天 {"visitDate":"2024-03-01"}'] },
    ]);
    expect(runCase(dated, { ...c, now: '2024-04-01T08:00:00' }, '2024-02-01T08:00:00')).toEqual([]);
    expect(runCase(dated, c)).toHaveLength(1); // DEFAULT_CASE_NOW, 2024-01-01
    expect(runCases(dated, { formCode: 'demo', now: '2024-04-01T08:00:00', cases: [c] }, CODEMAPS)).toEqual([
      { name: 'march', failures: [] },
    ]);
  });

  it('checks a form’s own option lists before the code maps', () => {
    const own = compileDocumentOrThrow({
      ...doc,
      options: { fu_outcome: { name: '本表结局', items: [{ value: 'A', label: '继续' }] } },
      fields: doc.fields.filter((f) => f.fieldProp === 'outcome'),
    });
    expect(runCase(own, { name: 'own list', given: { outcome: 'A' }, expect: { fieldErrors: {} } })).toEqual([]);
    // '1' is a code of the code map fu_outcome, but not of the form's own list of that name.
    expect(runCase(own, { name: 'map code', given: { outcome: '1' }, expect: { fieldErrors: { outcome: '随访结局数值异常' } } })).toEqual(
      [],
    );
  });
});
