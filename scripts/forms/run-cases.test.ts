import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDocumentOrThrow, type FormDocument } from '../../src/engine';
import { readCodemaps } from './form-files';
import { formatFailure, runCase as runCaseWith, runCasesFile } from './run-cases';

/** The project's own codemaps/, read as rules:test reads them (every file of the folder). */
const CODEMAPS = readCodemaps(path.resolve(__dirname, '../..'));
const runCase = (form: Parameters<typeof runCaseWith>[0], c: Parameters<typeof runCaseWith>[1], fileNow?: string) => runCaseWith(form, c, CODEMAPS, fileNow);

const doc: FormDocument = {
  formCode: 'demo',
  formName: '演示',
  version: 1,
  fields: [
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4, required: 1 },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, required: 1 },
    { fieldProp: 'bmi', fieldLabel: '体质指数', fieldType: 4, reckons: [
      { id: 'bmi.calc', tcontent: 'calcBmi(weight, height)' },
      { id: 'bmi.high', kind: 'check', tcontent: 'bmi >= 28', errMsg: '体质指数偏高' },
    ] },
    { fieldProp: 'outcome', fieldLabel: '随访结局', fieldType: 2, bizCode: 'fu_outcome' },
    { fieldProp: 'stopReason', fieldLabel: '终止管理原因', fieldType: 1, bizCode: 'fu_stop_reason', reckons: [
      { id: 'stop.show', kind: 'display', scontent: 'outcome == "3"' },
    ] },
  ],
};
const form = compileDocumentOrThrow(doc);

describe('rules:test cases', () => {
  it('passes a case whose expectations hold, looking dictionaries up in the code maps', () => {
    expect(runCase(form, { name: 'ok', given: { weight: 90, height: 170, outcome: '3', stopReason: '1' }, expect: {
      values: { bmi: 31.14 }, messages: ['bmi.high'], visible: ['stopReason'], progress: 100, submit: 'anomalies', fieldErrors: {},
    } })).toEqual([]);
  });

  it('names the rule and its inputs when a computed value differs', () => {
    const [failure] = runCase(form, { name: 'wrong', given: { weight: 60, height: 170 }, expect: { values: { bmi: 25 } } });
    expect(failure).toEqual({ subject: 'bmi (规则 bmi.calc, 输入 {"weight":60,"height":170})', expected: 25, actual: 20.76 });
  });

  it('reports each unmet expectation: messages, states, progress, submit stage and field errors', () => {
    const failures = runCase(form, { name: 'all wrong', given: { weight: 60, outcome: '9' }, expect: {
      messages: ['bmi.high'], visible: ['stopReason'], hidden: ['nosuch'], progress: 100, submit: 'ok', fieldErrors: {},
    } });
    expect(failures.map((f) => f.subject)).toEqual(['messages', 'hidden nosuch', 'visible stopReason', 'progress', 'submit', 'fieldErrors']);
    expect(failures.find((f) => f.subject === 'fieldErrors')?.actual).toEqual({ height: '身高不能为空', outcome: '随访结局数值异常' });
  });

  it('uses the file’s clock unless the case sets its own, and formats failures for the analyst', () => {
    const dated = compileDocumentOrThrow({ ...doc, fields: [
      { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, reckons: [{ id: 'future', kind: 'error', tcontent: 'daysBetween(today(), visitDate) > 0', errMsg: '不能晚于今天' }] },
    ] });
    const results = runCasesFile({ formCode: 'demo', file: 'schemas/demo.json', document: doc, compiled: dated }, {
      formCode: 'demo',
      now: '2024-06-15T10:00:00',
      cases: [
        { name: 'file clock', given: { visitDate: '2024-06-20' }, expect: { messages: [] } },
        { name: 'own clock', now: '2024-07-01T10:00:00', given: { visitDate: '2024-06-20' }, expect: { messages: [] } },
      ],
    }, CODEMAPS);
    expect(results.map((r) => r.failures.length)).toEqual([1, 0]);
    expect(formatFailure(results[0]!)).toBe('✗ demo › file clock\n    messages\n      期望: []\n      实际: ["future: 不能晚于今天 {\\"visitDate\\":\\"2024-06-20\\"}"]');
  });

  it('checks a form’s own option lists before the code maps', () => {
    const own = compileDocumentOrThrow({
      ...doc,
      options: { fu_outcome: { name: '本表结局', items: [{ value: 'A', label: '继续' }] } },
      fields: doc.fields.filter((f) => f.fieldProp === 'outcome'),
    });
    expect(runCase(own, { name: 'own list', given: { outcome: 'A' }, expect: { fieldErrors: {} } })).toEqual([]);
    // '1' is a code of the code map fu_outcome, but not of the form's own list of that name.
    expect(runCase(own, { name: 'map code', given: { outcome: '1' }, expect: { fieldErrors: { outcome: '随访结局数值异常' } } })).toEqual([]);
  });
});
