// The analysts' files bundled into the web app (schemas/ + rules/), merged the way forms:check
// merges them (scripts/forms/check-forms.ts): the rules file's rules join their fields' reckons.
// Eager JSON imports: the documents are small and a form must open without the network.
import { mergeRules, type FormDocument, type RulesFile } from '../../engine';

const schemaFiles = import.meta.glob<FormDocument>('../../../schemas/*.json', { eager: true, import: 'default' });
const rulesFiles = import.meta.glob<RulesFile>('../../../rules/*.rules.json', { eager: true, import: 'default' });

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

function build(): Map<string, FormDocument> {
  const rulesByCode = new Map<string, RulesFile>();
  for (const [path, file] of Object.entries(rulesFiles)) rulesByCode.set(baseName(path).replace(/\.rules\.json$/, ''), file);
  const out = new Map<string, FormDocument>();
  for (const [path, doc] of Object.entries(schemaFiles)) {
    const code = baseName(path).replace(/\.json$/, '');
    const rules = rulesByCode.get(code);
    out.set(code, rules ? mergeRules(doc, rules) : doc);
  }
  return out;
}

const BUNDLED = build();

/** Form codes shipped with the app, sorted. */
export const bundledFormCodes = (): string[] => [...BUNDLED.keys()].sort();

/**
 * The bundled document of a form; with a version, only when the bundled file is that version
 * (an old record must never open with another version's rules).
 */
export function bundledForm(formCode: string, version?: number): FormDocument | undefined {
  const doc = BUNDLED.get(formCode);
  if (!doc) return undefined;
  return version === undefined || doc.version === version ? doc : undefined;
}
