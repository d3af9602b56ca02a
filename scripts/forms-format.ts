// `npm run forms:format`: rewrites schemas/, rules/ and codemaps/ files in the canonical formatting
// that forms:check enforces (scripts/forms/format.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nonCanonicalFiles } from './forms/format';

const root = fileURLToPath(new URL('..', import.meta.url));
const changed = nonCanonicalFiles(root);
for (const f of changed) {
  writeFileSync(path.join(root, f.name), f.text);
  console.log(`formatted ${f.name}`);
}
console.log(`forms:format: ${changed.length} files rewritten`);
