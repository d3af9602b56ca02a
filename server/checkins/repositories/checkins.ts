import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A group row (its columns as stored) with the resident's check-in: its id, measure and remark. */
export interface CheckinGroupRow {
  id: string;
  tenant_id: string;
  row_version: number;
  create_time: Date;
  update_user: string | null;
  update_time: Date | null;
  prevent_id: string;
  measure: string;
  prevent_remark: string;
  [column: string]: unknown;
}

/**
 * The tenant's live check-in groups (iph_user_checkin_group, migration 043) the archive was checked
 * into (a live iph_user_checkin_prevent row), newest first; at most `limit`.
 */
export async function findGroupsOfArchive(
  db: Kysely<Database>,
  tenantId: string,
  archId: string,
  limit: number,
): Promise<CheckinGroupRow[]> {
  const { rows } = await sql<CheckinGroupRow>`select g.*, p.id as prevent_id, p.measure, p.remark as prevent_remark
    from iph_user_checkin_prevent p
    join iph_user_checkin_group g on g.id = p.group_id and g.tenant_id = p.tenant_id and g.is_deleted = 0
    where p.tenant_id = ${tenantId} and p.arch_id = ${archId} and p.is_deleted = 0
    order by g.checkin_date desc, g.group_name, g.id limit ${limit}`.execute(db);
  return rows;
}
