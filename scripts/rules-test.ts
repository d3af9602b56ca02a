// `npm run rules:test [-- --root DIR]`: runs every rules/<formCode>.cases.json (see scripts/forms/run-cases.ts).
// A case that names a field or rule id the form does not have is not run: it fails with that problem.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CasesFile } from '../src/engine';
import { checkForms, formatProblem } from './forms/check-forms';
import { formatFailure, runCasesFile } from './forms/run-cases';
import { loadTopics, runTopicCases } from '../server/quality/index';

const { values: a } = parseArgs({ options: { root: { type: 'string' } } });
const root = a.root ?? fileURLToPath(new URL('..', import.meta.url));
const report = checkForms(root);
let passed = 0;
let failed = 0;
for (const [formCode, file] of report.cases) {
  const form = report.forms.find((f) => f.formCode === formCode);
  if (!form) continue;
  const unknown = report.caseProblems.get(formCode) ?? [];
  for (const p of report.problems.filter((x) => x.severity === 'error' && x.file === file.file && x.subject?.startsWith('用例 ')))
    console.log(formatProblem(p));
  failed += new Set(unknown.map((p) => p.caseIndex)).size;
  for (const result of runCasesFile(form, file.data as CasesFile, report.codemaps, new Set(unknown.map((p) => p.caseIndex)))) {
    if (result.failures.length === 0) {
      passed++;
      console.log(`✓ ${formCode} › ${result.name}`);
    } else {
      failed++;
      console.log(formatFailure(result, file));
    }
  }
}
// Quality topics (quality/*.json, decisions 0034, 0041): each topic's cases, checked as a run checks a
// record; a topic without cases is a failure (its rules would go untested), a topic forms:check
// refuses is reported there.
for (const topic of loadTopics(root).topics) {
  const results = runTopicCases(topic);
  if (results.length === 0) {
    failed++;
    console.log(`✗ quality/${topic.code}.json: 质控专题没有用例 (cases)`);
  }
  for (const r of results) {
    if (r.passed) passed++;
    else failed++;
    console.log(
      r.passed
        ? `✓ quality/${topic.code} › ${r.name}`
        : `✗ quality/${topic.code} › ${r.name}: 应不通过 [${r.expected.join(', ')}]，实际不通过 [${r.got.join(', ')}]`,
    );
  }
}
// Files that did not pass forms:check are not run: say so rather than pass quietly.
const broken = report.problems.filter((p) => p.severity === 'error' && p.file.endsWith('.cases.json') && !p.subject?.startsWith('用例 '));
for (const p of broken) console.log(formatProblem(p));
console.log(`\nrules:test: ${passed} passed, ${failed + broken.length} failed`);
process.exit(failed + broken.length > 0 ? 1 : 0);
