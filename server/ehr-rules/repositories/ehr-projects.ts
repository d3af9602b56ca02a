import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A live project of the tree, as the table holds it. */
export interface EhrProjectRow {
  id: string;
  parent_id: string | null;
  proj_type: number;
  proj_code: string;
  proj_name: string;
  sort: number;
}

/** The tenant's live projects (of one type when given), in tree order: sort, then code. */
export async function liveProjects(db: Kysely<Database>, tenantId: string, projType: number | undefined): Promise<EhrProjectRow[]> {
  const type = projType === undefined ? sql`` : sql` and proj_type = ${projType}`;
  const { rows } = await sql<EhrProjectRow>`select id, parent_id, proj_type, proj_code, proj_name, sort from iph_ehr_project
    where tenant_id = ${tenantId} and is_deleted = 0${type} order by sort, proj_code, id`.execute(db);
  return rows;
}

/**
 * One level of the tree: the live children of `parentId` (null: the roots, and the nodes whose parent is
 * gone, so no project becomes unreachable), each with whether it has live children itself.
 */
export async function projectLevel(
  db: Kysely<Database>,
  tenantId: string,
  parentId: string | null,
): Promise<(EhrProjectRow & { has_children: boolean })[]> {
  const level =
    parentId === null
      ? sql`(p.parent_id is null or not exists (select 1 from iph_ehr_project q where q.id = p.parent_id and q.tenant_id = ${tenantId} and q.is_deleted = 0))`
      : sql`p.parent_id = ${parentId}`;
  const { rows } = await sql<
    EhrProjectRow & { has_children: boolean }
  >`select p.id, p.parent_id, p.proj_type, p.proj_code, p.proj_name, p.sort,
      exists (select 1 from iph_ehr_project c where c.parent_id = p.id and c.tenant_id = ${tenantId} and c.is_deleted = 0) as has_children
    from iph_ehr_project p where p.tenant_id = ${tenantId} and p.is_deleted = 0 and ${level}
    order by p.sort, p.proj_code, p.id`.execute(db);
  return rows;
}
