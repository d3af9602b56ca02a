import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface LinkedInpatient {
  id: string;
  arch_id: string;
  person_name: string;
}

/** Of `ids`, those that are live in-patient records of the tenant (iph_user_inpatient, migration 044). */
export async function liveInpatientIds(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from iph_user_inpatient
    where tenant_id = ${tenantId} and is_deleted = 0 and id = any(string_to_array(${ids.join(',')}::text, ','))`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Links the tenant's live in-patient records without an archive (of `ids`, or all when null) to the
 * tenant's live archive of the same id card (the letter X in either case), moving their version on;
 * answers the records linked.
 */
export async function linkInpatientsByIdCard(
  db: Kysely<Database>,
  tenantId: string,
  ids: string[] | null,
  userId: string,
  now: Date,
): Promise<LinkedInpatient[]> {
  const list = ids === null ? null : ids.join(',');
  const { rows } = await sql<LinkedInpatient>`update iph_user_inpatient i
    set arch_id = a.id, row_version = i.row_version + 1, update_user = ${userId}, update_time = ${now}
    from user_archive a
    where i.tenant_id = ${tenantId} and i.is_deleted = 0 and i.arch_id is null and i.id_card <> ''
      and (${list}::text is null or i.id = any(string_to_array(${list}::text, ',')))
      and a.tenant_id = i.tenant_id and a.is_deleted = 0 and upper(a.id_card) = upper(i.id_card)
    returning i.id, a.id as arch_id, a.person_name`.execute(db);
  return rows;
}

/** How many of the tenant's live records (of `ids`, or all when null) still have no archive. */
export async function countUnlinked(db: Kysely<Database>, tenantId: string, ids: string[] | null): Promise<number> {
  const list = ids === null ? null : ids.join(',');
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from iph_user_inpatient
    where tenant_id = ${tenantId} and is_deleted = 0 and arch_id is null
      and (${list}::text is null or id = any(string_to_array(${list}::text, ',')))`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
