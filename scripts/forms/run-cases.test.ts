import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDocumentOrThrow, type FormDocument } from '../../src/engine';
import { jsonFileOf, readCodemaps } from './form-files';
import { formatFailure, runCasesFile } from './run-cases';

// The comparison of each expectation is the engine's (src/engine/cases/run-case.test.ts); here what
// rules:test adds: the form's code on each result, a form that did not compile, the analyst's text.

/** The project's own codemaps/, read as rules:test reads them (every file of the folder). */
const CODEMAPS = readCodemaps(path.resolve(__dirname, '../..'));

const doc: FormDocument = {
  formCode: 'demo',
  formName: '演示',
  version: 1,
  fields: [
    {
      fieldProp: 'visitDate',
      fieldLabel: '随访日期',
      fieldType: 5,
      reckons: [{ id: 'future', kind: 'error', tcontent: 'daysBetween(today(), visitDate) > 0', errMsg: '不能晚于今天' }],
    },
  ],
};

describe('rules:test cases', () => {
  it('uses the file’s clock unless the case sets its own, and formats failures for the analyst', () => {
    const results = runCasesFile(
      { formCode: 'demo', file: 'schemas/demo.json', document: doc, compiled: compileDocumentOrThrow(doc) },
      {
        formCode: 'demo',
        now: '2024-06-15T10:00:00',
        cases: [
          { name: 'file clock', given: { visitDate: '2024-06-20' }, expect: { messages: [] } },
          { name: 'own clock', now: '2024-07-01T10:00:00', given: { visitDate: '2024-06-20' }, expect: { messages: [] } },
        ],
      },
      CODEMAPS,
    );
    expect(results.map((r) => r.failures.length)).toEqual([1, 0]);
    // One format with forms:check (file:line:column subject: message), the case's line from its file; no ✗ of its own.
    const file = jsonFileOf(
      'rules/demo.cases.json',
      '{\n  "formCode": "demo",\n  "cases": [\n    {"name": "file clock"},\n    {}\n  ]\n}\n',
    );
    expect(formatFailure(results[0]!, file)).toBe(
      'rules/demo.cases.json:4:5 用例 "file clock": 结果与期望不符\n    messages\n      期望: []\n      实际: ["future: 不能晚于今天 {\\"visitDate\\":\\"2024-06-20\\"}"]',
    );
  });

  it('runs no case of a form that did not compile, and says so', () => {
    const [result, ...rest] = runCasesFile(
      { formCode: 'demo', file: 'schemas/demo.json', document: doc },
      { formCode: 'demo', cases: [{ name: 'x', given: {} }] },
      CODEMAPS,
    );
    expect(rest).toEqual([]);
    expect(formatFailure(result!)).toBe(
      'rules/demo.cases.json:1:1 表单没有编译，用例未运行\n    schemas/demo.json\n      期望: "表单可以编译"\n      实际: "编译失败: 先运行 npm run forms:check"',
    );
  });
});
