// codemaps/growth/*.json for the form commands (rules:test): the WHO growth tables handed to the
// engine's registry when this module loads, so cases of the child health exams see the z-scores.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { growthStandardsFromFiles, registerGrowthStandards } from '../../src/engine';

const dir = path.join(process.env.FORMS_DIR ?? process.cwd(), 'codemaps', 'growth');
const raw: Record<string, unknown> = {};
if (existsSync(dir))
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    raw[name] = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown;
registerGrowthStandards(growthStandardsFromFiles(raw));
