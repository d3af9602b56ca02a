import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * 休养地 (spec 001 line 24, the maternal header's "rest region"): where the mother stays after the
 * birth, so the postpartum visit (产后访视, 3–7 days after discharge) is made by the clinic of that
 * place. Free text as the family says it; '' until known.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE iph_user_archives_other ADD COLUMN rest_region varchar(100) NOT NULL DEFAULT '';`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE iph_user_archives_other DROP COLUMN rest_region;`);
}
