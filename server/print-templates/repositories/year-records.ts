// The form records of one resident in one year (the health archive's yearly print): dated by the
// visit, or by when they were written when a form has no visit date; oldest first.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface YearRecordRow {
  id: string;
  form_code: string;
  form_version: number;
  values: Record<string, unknown>;
  visit_date: string | null;
  next_visit_date: string | null;
  create_user_name: string;
  update_time: Date;
}

/** At most this many records in one resident's year (a paper archive of more is not printed in one go). */
export const MAX_YEAR_RECORDS = 300;

export async function recordsOfYear(db: Kysely<Database>, tenantId: string, archId: string, year: number): Promise<YearRecordRow[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const r =
    await sql<YearRecordRow>`select id, form_code, form_version, "values", visit_date, next_visit_date, create_user_name, update_time
    from form_record
    where tenant_id = ${tenantId} and arch_id = ${archId} and is_deleted = 0
      and coalesce(visit_date, to_char(create_time, 'YYYY-MM-DD')) between ${from} and ${to}
    order by coalesce(visit_date, to_char(create_time, 'YYYY-MM-DD')), create_time, id
    limit ${MAX_YEAR_RECORDS}`.execute(db);
  return r.rows.map((row) => ({ ...row, update_time: new Date(row.update_time) }));
}
