// The WHO Child Growth Standards tables (codemaps/growth/*.json under the forms root) for the server:
// read once when this module loads and handed to the engine's growth registry, so a child exam's
// record is re-validated (record-submit) with the same z-scores the browser computed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { growthStandardsFromFiles, registerGrowthStandards, type GrowthStandards } from '../../../src/engine';
import { defaultFormsRoot } from '../../forms/index';

/** The tables of a folder (files that are not JSON or not a table are left out). */
export function readGrowthFolder(dir: string): GrowthStandards {
  const raw: Record<string, unknown> = {};
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      try {
        raw[name] = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown;
      } catch {
        // not JSON: not a table
      }
    }
  }
  return growthStandardsFromFiles(raw);
}

export const SERVER_GROWTH_STANDARDS: GrowthStandards = readGrowthFolder(path.join(defaultFormsRoot(), 'codemaps', 'growth'));
registerGrowthStandards(SERVER_GROWTH_STANDARDS);
