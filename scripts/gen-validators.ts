// Generates src/engine/document/generated/validators.ts: the meta-schemas compiled by ajv (strict
// mode) into plain code, so the browser validates documents without `new Function` (the app runs
// under a CSP without unsafe-eval). Run after editing a meta-schema: `npx tsx scripts/gen-validators.ts`.
// forms:check fails when the generated file is stale.
import { writeFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildValidatorSource } from './validator-source';

const out = fileURLToPath(new URL('../src/engine/document/generated/validators.ts', import.meta.url));
const source = buildValidatorSource();
const check = process.argv.includes('--check');
if (check) {
  const current = readFileSync(out, 'utf8');
  if (current !== source) {
    console.error(`${out} is stale: run npx tsx scripts/gen-validators.ts`);
    process.exit(1);
  }
} else {
  writeFileSync(out, source);
  console.log(`wrote ${out}`);
}
