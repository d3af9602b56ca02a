/**
 * `npm run spec:catalogue` — checks docs/spec-api/calls.txt against the spec documents and writes
 * docs/spec-api/calls.json from it (`--check` only compares, for CI). Exit 1 on any problem.
 */
import fs from 'node:fs';
import { CALLS_JSON, buildCatalogue, serialiseCatalogue } from './catalogue';

const checkOnly = process.argv.includes('--check');
const { catalogue, problems } = buildCatalogue();
for (const problem of problems) console.error(problem);

const json = serialiseCatalogue(catalogue);
const stale = !fs.existsSync(CALLS_JSON) || fs.readFileSync(CALLS_JSON, 'utf8') !== json;
if (checkOnly && stale) console.error('docs/spec-api/calls.json is not what calls.txt gives: run `npm run spec:catalogue`');
if (!checkOnly && problems.length === 0 && stale) fs.writeFileSync(CALLS_JSON, json);

const byDoc = (doc: string) => new Set(catalogue.calls.filter((c) => c.doc === doc).map((c) => `${c.method} ${c.path}`)).size;
console.log(
  `spec calls: 000 ${byDoc('000')}, 001 ${byDoc('001')}, 002 ${byDoc('002')}; notes ${catalogue.notes.length}; problems ${problems.length}`,
);
process.exit(problems.length > 0 || (checkOnly && stale) ? 1 : 0);
