// Generates src/engine/document/generated/validators.ts: the meta-schemas compiled by ajv (strict
// mode) into plain code, so the browser validates documents without `new Function` (the app runs
// under a CSP without unsafe-eval). Run after editing a meta-schema: `npx tsx scripts/gen-validators.ts`.
// forms:check fails when the generated file is stale.
import { writeFileSync } from 'node:fs';
import { buildValidatorSource, GENERATED_VALIDATORS, generatedValidatorsAreStale } from './validator-source';

if (process.argv.includes('--check')) {
  if (generatedValidatorsAreStale()) {
    console.error(`${GENERATED_VALIDATORS} is stale: run npx tsx scripts/gen-validators.ts`);
    process.exit(1);
  }
} else {
  writeFileSync(GENERATED_VALIDATORS, buildValidatorSource());
  console.log(`wrote ${GENERATED_VALIDATORS}`);
}
