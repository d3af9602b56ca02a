// A child's records across the child health forms: the form_record rows of those forms for one
// archive (and case), newest visit first. Read only; saving goes through the followups domain.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ChildRecordRow {
  id: string;
  form_code: string;
  arch_id: string;
  other_id: string | null;
  visit_date: string | null;
  values: unknown;
}

export async function childRecords(
  db: Kysely<Database>,
  tenantId: string,
  archId: string,
  formCodes: readonly string[],
  otherId?: string,
): Promise<ChildRecordRow[]> {
  let q = db
    .selectFrom('form_record')
    .select(['id', 'form_code', 'arch_id', 'other_id', 'visit_date', 'values'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('arch_id', '=', archId)
    .where('form_code', 'in', [...formCodes]);
  if (otherId) q = q.where('other_id', '=', otherId);
  return (await q
    .orderBy(sql`visit_date desc nulls last`)
    .orderBy('update_time', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute()) as ChildRecordRow[];
}
