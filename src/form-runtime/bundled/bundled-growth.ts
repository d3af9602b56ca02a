// codemaps/growth/*.json (the WHO Child Growth Standards LMS tables) as the web app bundles them,
// handed to the engine's growth registry when the module loads, so the exam forms' growthZ /
// growthPercentile rules compute in the browser exactly as on the server (server/child-health/services/growth-standards.ts).
import { growthStandardsFromFiles, registerGrowthStandards, type GrowthStandards } from '../../engine';

const files = import.meta.glob<unknown>('../../../codemaps/growth/*.json', { eager: true, import: 'default' });

export const BUNDLED_GROWTH_STANDARDS: GrowthStandards = growthStandardsFromFiles(files);
registerGrowthStandards(BUNDLED_GROWTH_STANDARDS);
