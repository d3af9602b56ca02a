// `npm run rules:test`: runs every rules/<formCode>.cases.json (see scripts/forms/run-cases.ts).
import { fileURLToPath } from 'node:url';
import type { CasesFile } from '../src/engine';
import { checkForms } from './forms/check-forms';
import { formatFailure, runCasesFile } from './forms/run-cases';

const root = fileURLToPath(new URL('..', import.meta.url));
const report = checkForms(root);
let passed = 0;
let failed = 0;
for (const [formCode, file] of report.cases) {
  const form = report.forms.find((f) => f.formCode === formCode);
  if (!form) continue;
  for (const result of runCasesFile(form, file.data as CasesFile, report.codemaps)) {
    if (result.failures.length === 0) {
      passed++;
      console.log(`✓ ${formCode} › ${result.name}`);
    } else {
      failed++;
      console.log(formatFailure(result));
    }
  }
}
// Files that did not pass forms:check are not run: say so rather than pass quietly.
const broken = report.problems.filter((p) => p.severity === 'error' && p.file.endsWith('.cases.json'));
for (const p of broken) console.log(`✗ ${p.file}: ${p.text}`);
console.log(`\nrules:test: ${passed} passed, ${failed + broken.length} failed`);
process.exit(failed + broken.length > 0 ? 1 : 0);
