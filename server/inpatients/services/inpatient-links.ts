// userinpatient/associated-archives (spec 001 §7): in-patient records a hospital reported before the
// resident's archive was known (a name and an id card, no archive) linked to the tenant's archive of
// that id card.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import { countUnlinked, linkInpatientsByIdCard, liveInpatientIds } from '../repositories/inpatients';

export interface InpatientLinks {
  /** The records linked now, each with the archive and the resident's name. */
  linked: { id: string; archId: string; personName: string }[];
  /** The records considered that still have no archive (no id card, or none of the tenant's archives has it). */
  unmatched: number;
}

/**
 * Links the records of `ids` (all the tenant's when none are named) that have no archive yet. Records
 * already linked are left as they are; named ids none of which is the tenant's live record are 住院记录不存在.
 */
export async function associateArchives(
  db: Kysely<Database>,
  tenantId: string,
  ids: string[] | null,
  userId: string,
  now: Date,
): Promise<InpatientLinks> {
  const own = ids === null ? null : await liveInpatientIds(db, tenantId, ids);
  if (own !== null && own.length === 0) throw new NotFound('住院记录不存在');
  const linked = await linkInpatientsByIdCard(db, tenantId, own, userId, now);
  return {
    linked: linked.map((r) => ({ id: r.id, archId: r.arch_id, personName: r.person_name })),
    unmatched: await countUnlinked(db, tenantId, own),
  };
}
