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

/** A maternal case of the tenant (any status) with its resident and LMP, or undefined. */
export async function findMaternalCaseOf(db: Kysely<Database>, tenantId: string, otherId: string) {
  return db
    .selectFrom('iph_user_archives_other')
    .select(['id', 'arch_id', 'lmp'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', otherId)
    .where('kind', '=', 'maternal')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/**
 * The newborn visits of a mother's children: the live records of `formCode` under the child cases
 * whose mother is this resident, born on or after `bornFrom` (the pregnancy's LMP: a child of an
 * earlier pregnancy is not this one's), newest visit first.
 */
export async function childVisitsOfMother(
  db: Kysely<Database>,
  tenantId: string,
  motherArchId: string,
  formCode: string,
  bornFrom: string | null,
) {
  let q = db
    .selectFrom('form_record as r')
    .innerJoin('iph_user_archives_other as c', (j) => j.onRef('c.id', '=', 'r.other_id').onRef('c.tenant_id', '=', 'r.tenant_id'))
    .selectAll('r')
    .where('r.tenant_id', '=', tenantId)
    .where('r.is_deleted', '=', 0)
    .where('r.form_code', '=', formCode)
    .where('c.kind', '=', 'child')
    .where('c.is_deleted', '=', 0)
    .where('c.mother_arch_id', '=', motherArchId);
  if (bornFrom) q = q.where('c.birth_date', '>=', bornFrom);
  return q
    .orderBy(sql`r.visit_date desc nulls last`)
    .orderBy('r.update_time', 'desc')
    .orderBy('r.id', 'desc')
    .limit(500)
    .execute();
}
