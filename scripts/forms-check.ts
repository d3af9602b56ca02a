// `npm run forms:check`: see scripts/forms/check-forms.ts. Exits 1 on any error (warnings are printed).
// Each problem is one line: `<file>:<line>:<column> <规则 id | 字段 prop | 用例 "name" | /pointer>: <message>`.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkForms, formatProblem } from './forms/check-forms';
import { nonCanonicalFiles } from './forms/format';
import { generatedValidatorsAreStale } from './validator-source';
import { loadTopics } from '../server/quality/index';

const { values: a } = parseArgs({ options: { root: { type: 'string' } } });
const root = a.root ?? fileURLToPath(new URL('..', import.meta.url));
const report = checkForms(root);

// The browser validates with code ajv generated ahead of time; a stale copy would let bad files through.
if (generatedValidatorsAreStale()) {
  report.problems.push({
    file: 'src/engine/document/generated/validators.ts',
    severity: 'error',
    text: '与元模式不一致: 运行 npx tsx scripts/gen-validators.ts',
  });
}

// One formatting (what forms:pull writes), so git diffs show only real changes.
for (const f of nonCanonicalFiles(root))
  report.problems.push({ file: f.name, severity: 'error', text: '格式不规范: 运行 npm run forms:format' });

// Quality topics (quality/*.json, decision 0034): each rule compiled with the engine against its form; a rule that does not compile is an error.
const quality = loadTopics(root);
for (const p of quality.problems)
  report.problems.push({ file: p.file, severity: 'error', text: p.ruleId ? `规则 ${p.ruleId}: ${p.message}` : p.message });

for (const p of report.problems) console.log(formatProblem(p));
const errors = report.problems.filter((p) => p.severity === 'error').length;
const warnings = report.problems.length - errors;
const compiled = report.forms.filter((f) => f.compiled).length;
console.log(
  `forms:check: ${report.forms.length} forms (${compiled} compiled), ${report.cases.size} case files, ${report.codemapCount} code-map files, ${quality.topics.length} quality topics; ${errors} errors, ${warnings} warnings`,
);
process.exit(errors > 0 ? 1 : 0);
