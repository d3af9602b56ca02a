// bench:pdf's screen side: the bundled hypertension follow-up (schemas/ + rules/) showing one saved
// visit, as the follow-up page shows a record — the values come in the page's query (bench:pdf
// passes the visit it printed), so the screen and the PDF show the same record.
import { compileDocumentOrThrow, evaluate, mergeRules, type FormDocument, type FormValues, type RulesFile } from '../../src/engine';
import schemaFile from '../../schemas/hypertensionfollowup.json';
import rulesFile from '../../rules/hypertensionfollowup.rules.json';

/** The clock the form's rules read, pinned so every render shows the same rows. */
export const PRINTED_VISIT_NOW = () => new Date('2024-06-15T10:00:00');

export function printedVisitDocument(): FormDocument {
  return mergeRules(schemaFile as unknown as FormDocument, rulesFile as unknown as RulesFile);
}

/** The visit's values from `?values=<JSON>`. */
export function printedVisitValues(query: URLSearchParams): FormValues {
  return JSON.parse(query.get('values') ?? '{}') as FormValues;
}

/** How many field rows the screen shows for these values (display rules evaluated once). */
export function printedVisitRows(doc: FormDocument, values: FormValues): number {
  const ev = evaluate(compileDocumentOrThrow(doc), values, { now: PRINTED_VISIT_NOW() });
  return doc.fields.filter((f) => ev.fields[f.fieldProp]?.visible !== false).length;
}
