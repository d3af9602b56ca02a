// `npm run forms:format`: rewrites schemas/, rules/ and codemaps/ files in the canonical formatting
// that forms:check enforces (scripts/forms/format.ts). A file with a key given twice, and the files
// of a form with a fieldProp given twice, are not written: the errors are printed and the exit code is 1.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatProblem } from './forms/check-forms';
import { formatRefusals, nonCanonicalFiles } from './forms/format';

const { values: a } = parseArgs({ options: { root: { type: 'string' } } });
const root = a.root ?? fileURLToPath(new URL('..', import.meta.url));
const refused = formatRefusals(root);
const changed = nonCanonicalFiles(root);
for (const f of changed) {
  writeFileSync(path.join(root, f.name), f.text);
  console.log(`formatted ${f.name}`);
}
for (const p of refused.problems) console.log(formatProblem(p));
if (refused.files.size) console.log(`未格式化（先改正上面的错误）: ${[...refused.files].sort().join(', ')}`);
console.log(`forms:format: ${changed.length} files rewritten`);
process.exit(refused.problems.length ? 1 : 0);
