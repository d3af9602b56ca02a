// The family tables (migration 040): a family's live members with their archives, the family an
// archive belongs to, and a member's removal. Raw SQL over the two tables the resource documents
// also serve; values are always bound.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface MemberRow {
  id: string;
  family_id: string;
  arch_id: string;
  relation: string;
  remark: string;
  row_version: number;
  create_time: Date | string;
  update_time: Date | string | null;
  tenant_id: string;
  person_name: string | null;
  archives_no: string | null;
  sex: string | null;
  birthday: string | Date | null;
}

export interface FamilyRow {
  id: string;
  tenant_id: string;
  family_no: string;
  householder_arch_id: string;
  address: string;
  remark: string;
  row_version: number;
  create_time: Date | string;
  update_time: Date | string | null;
}

/** The live members of the tenant, of a family and/or of an archive, a page of them by family then creation; with the total. */
export async function listMembers(
  db: Kysely<Database>,
  tenantId: string,
  filter: { familyId?: string; archId?: string; relation?: string },
  current: number,
  size: number,
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = sql`m.tenant_id = ${tenantId} and m.is_deleted = 0
    and (${filter.familyId ?? null}::text is null or m.family_id = ${filter.familyId ?? null})
    and (${filter.archId ?? null}::text is null or m.arch_id = ${filter.archId ?? null})
    and (${filter.relation ?? null}::text is null or m.relation = ${filter.relation ?? null})`;
  const total = await sql<{ n: string | number }>`select count(*) as n from iph_user_family_archives_dts m where ${where}`.execute(db);
  const rows = await sql<MemberRow>`
    select m.id, m.tenant_id, m.family_id, m.arch_id, m.relation, m.remark, m.row_version, m.create_time, m.update_time,
           a.person_name, a.archives_no, a.sex, a.birthday
    from iph_user_family_archives_dts m
    left join user_archive a on a.id = m.arch_id and a.tenant_id = m.tenant_id
    where ${where}
    order by m.family_id, m.create_time, m.id
    limit ${size} offset ${(current - 1) * size}`.execute(db);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

/** The tenant's live members among `ids`. */
export async function membersByIds(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<MemberRow>`
    select m.*, null as person_name, null as archives_no, null as sex, null as birthday
    from iph_user_family_archives_dts m
    where m.tenant_id = ${tenantId} and m.is_deleted = 0 and m.id in (${sql.join(ids)})`.execute(db);
  return rows;
}

/** The tenant's live membership of an archive, if any. */
export async function membershipOf(db: Kysely<Database>, tenantId: string, archId: string): Promise<MemberRow | undefined> {
  const { rows } = await sql<MemberRow>`
    select m.*, null as person_name, null as archives_no, null as sex, null as birthday
    from iph_user_family_archives_dts m
    where m.tenant_id = ${tenantId} and m.is_deleted = 0 and m.arch_id = ${archId}`.execute(db);
  return rows[0];
}

/** The tenant's live family by id, or the one an archive heads. */
export async function findFamily(
  db: Kysely<Database>,
  tenantId: string,
  by: { id: string } | { householder: string },
): Promise<FamilyRow | undefined> {
  const { rows } =
    'id' in by
      ? await sql<FamilyRow>`select * from iph_user_family_archives where tenant_id = ${tenantId} and is_deleted = 0 and id = ${by.id}`.execute(
          db,
        )
      : await sql<FamilyRow>`select * from iph_user_family_archives where tenant_id = ${tenantId} and is_deleted = 0 and householder_arch_id = ${by.householder}`.execute(
          db,
        );
  return rows[0];
}

/** Soft-removes the tenant's members among `ids`; answers the removed rows. */
export async function removeMembers(
  db: Kysely<Database>,
  tenantId: string,
  ids: string[],
  userId: string,
  now: Date,
): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<MemberRow>`
    update iph_user_family_archives_dts
    set is_deleted = 1, row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)})
    returning *`.execute(db);
  return rows;
}
