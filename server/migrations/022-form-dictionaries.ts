import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * The business dictionaries a form carries (issue 30): the `dictionaries` map of the analysts'
 * rules/<code>.dicts.json, or made in the designer — `{<code>: {name, items: [{value, label}]}}`.
 * - form.dictionaries: kept with the working copy (form/submit, form/import, form/copy);
 * - form_version.dictionaries: copied at publish, when the tenant's missing dictionaries and items
 *   are created from it. Only the INSERT of a version sets it: the trigger refusing UPDATE and
 *   DELETE on form_version stays, and so do the tables' row-level security policies (added columns
 *   change neither).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE form ADD COLUMN dictionaries jsonb;
    ALTER TABLE form_version ADD COLUMN dictionaries jsonb;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE form_version DROP COLUMN dictionaries;
    ALTER TABLE form DROP COLUMN dictionaries;
  `,
  );
}
