// The third subject of bench:engine: a real form, not a generated one — the hypertension follow-up
// (schemas/ + rules/, merged as form/import merges them) checked with validateForSubmit as the
// server checks each follow-up submit, over 200 visits of the same shape bench:server sends. Its
// rules call the engine's functions (calcBmi, ageAt, …), which the generated documents hardly do.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileDocumentOrThrow, readFormFileTexts, type CompiledForm, type FormValues } from '../src/engine';
import { hypertensionVisit } from './hypertension-visit';
import { createRandom } from './random';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The bundled form `code` compiled from its files. */
export function bundledForm(code: string): CompiledForm {
  const names = [`schemas/${code}.json`, `rules/${code}.rules.json`];
  const read = readFormFileTexts(names.map((name) => ({ name, text: readFileSync(`${ROOT}${name}`, 'utf8') })));
  if (!read.ok) throw new Error(`${code}: ${read.problems.map((p) => p.text).join('; ')}`);
  return compileDocumentOrThrow(read.document);
}

/** `count` visits as bench:server's submit sends them (one in ten an urgent reading), values only. */
export function hypertensionVisits(count: number, today: Date, seed: number): FormValues[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => hypertensionVisit(random, today).values as FormValues);
}
