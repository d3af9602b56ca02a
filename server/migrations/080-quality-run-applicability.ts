import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * 质量管理 (issue 34, decision 0041): a run is checked against the tenant's published version of its
 * topic's form. `form_version` is the version the run read its fields from; `skipped_rules` the
 * rules it did not apply because they name fields that version lacks (`[{ruleId, message, fields}]`),
 * so the screen says why instead of listing every record as failing (a missing field is never
 * filled) or none (a rule over it never fires). A run none of whose rules apply — or whose form the
 * tenant has not published — ends in the new state 4 不适用 without reading a record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE iph_quality_run ADD COLUMN form_version integer;
    ALTER TABLE iph_quality_run ADD COLUMN skipped_rules jsonb NOT NULL DEFAULT '[]'::jsonb;
    ALTER TABLE iph_quality_run DROP CONSTRAINT iph_quality_run_status_check;
    ALTER TABLE iph_quality_run ADD CONSTRAINT iph_quality_run_status_check CHECK (status IN (0, 1, 2, 3, 4));
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DELETE FROM iph_quality_run WHERE status = 4;
    ALTER TABLE iph_quality_run DROP CONSTRAINT iph_quality_run_status_check;
    ALTER TABLE iph_quality_run ADD CONSTRAINT iph_quality_run_status_check CHECK (status IN (0, 1, 2, 3));
    ALTER TABLE iph_quality_run DROP COLUMN skipped_rules;
    ALTER TABLE iph_quality_run DROP COLUMN form_version;
  `,
  );
}
