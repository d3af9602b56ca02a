import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * The form designer's server half:
 * - form.row_version: the working copy's version, +1 on every change through form/submit,
 *   formfield/submit|remove and formfieldreckon/submit|remove (and import and rollback), so a save
 *   made from a stale copy is refused (409) instead of overwriting another administrator's edit;
 * - form.update_user_name: who changed the working copy last, by name, for that 409's message
 *   (filled from blade_user for the rows already there; '0' is the start-up import of the files);
 * - form.cases / form_version.cases: the analysts' rule cases (cases-file.schema.json) kept beside
 *   the working copy and copied into each published version (the document's meta-schema has no
 *   place for them);
 * - form_version.note: the change note given at publish (or rollback). The trigger that refuses
 *   UPDATE on form_version stays: only the INSERT of a version sets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE form ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE form ADD COLUMN update_user_name text NOT NULL DEFAULT '';
    UPDATE form SET update_user_name = CASE WHEN update_user = '0' THEN '内置表单导入' ELSE coalesce((SELECT coalesce(nullif(u.real_name, ''), u.account) FROM blade_user u WHERE u.id = form.update_user), '') END;
    ALTER TABLE form ADD COLUMN cases jsonb;
    ALTER TABLE form_version ADD COLUMN note text;
    ALTER TABLE form_version ADD COLUMN cases jsonb;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE form_version DROP COLUMN cases;
    ALTER TABLE form_version DROP COLUMN note;
    ALTER TABLE form DROP COLUMN cases;
    ALTER TABLE form DROP COLUMN update_user_name;
    ALTER TABLE form DROP COLUMN row_version;
  `,
  );
}
