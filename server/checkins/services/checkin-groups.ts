// The groups a resident was checked into (spec 001 §7 usercheckingroup/checkin-group-archives-by-arch-id).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import { resourceView, type ResourceDocument, type ResourceView } from '../../resource-documents/index';
import { archiveExists } from '../../archives/index';
import { findGroupsOfArchive } from '../repositories/checkins';

/** How many groups the lookup answers at most (a resident's check-ins over many years stay far below). */
export const CHECKIN_GROUP_LIMIT = 500;

export type ArchiveCheckinGroup = ResourceView & { preventId: string; measure: string; preventRemark: string };

/**
 * The tenant's check-in groups the archive was checked into, newest first, each with the resident's
 * check-in (its id, measure, remark). An archive that is not a live one of the tenant is 档案不存在.
 */
export async function checkinGroupsOfArchive(
  db: Kysely<Database>,
  groups: ResourceDocument,
  tenantId: string,
  archId: string,
): Promise<ArchiveCheckinGroup[]> {
  if (!(await archiveExists(db, tenantId, archId))) throw new NotFound('档案不存在');
  const rows = await findGroupsOfArchive(db, tenantId, archId, CHECKIN_GROUP_LIMIT);
  return rows.map((r) => ({
    ...resourceView(groups.block, r),
    preventId: r.prevent_id,
    measure: r.measure,
    preventRemark: r.prevent_remark,
  }));
}
