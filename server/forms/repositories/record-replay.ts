// The records an impact replay re-evaluates: a form's latest records (newest change first, removed
// ones left out) with their resident's name, a page at a time — one statement per page, no query
// per record.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ReplayRecordRow {
  id: string;
  arch_id: string;
  form_version: number;
  values: Record<string, unknown>;
  visit_date: string | null;
  person_name: string | null;
  /** update_time as PostgreSQL's own text (microseconds kept), to continue after this row exactly. */
  cursor_time: string;
}

/** Where the previous page ended. */
export interface ReplayCursor {
  time: string;
  id: string;
}

export async function replayRecordsPage(
  db: Kysely<Database>,
  tenantId: string,
  formCode: string,
  size: number,
  after?: ReplayCursor,
): Promise<ReplayRecordRow[]> {
  let q = db
    .selectFrom('form_record as r')
    .leftJoin('user_archive as a', (join) => join.onRef('a.id', '=', 'r.arch_id').on('a.tenant_id', '=', tenantId))
    .select([
      'r.id',
      'r.arch_id',
      'r.form_version',
      'r.values',
      'r.visit_date',
      'a.person_name',
      sql<string>`cast(r.update_time as text)`.as('cursor_time'),
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.form_code', '=', formCode)
    .where('r.is_deleted', '=', 0);
  if (after) q = q.where(sql<boolean>`(r.update_time, r.id) < (cast(${after.time} as timestamptz), ${after.id})`);
  return (await q.orderBy('r.update_time', 'desc').orderBy('r.id', 'desc').limit(size).execute()) as ReplayRecordRow[];
}
