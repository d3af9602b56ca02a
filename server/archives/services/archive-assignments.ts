// Changes other domains make to archives (issue 31): the family an archive belongs to
// (server/families) and its responsible doctor and team (server/transfers). They go through the
// same update as the archive's own edits — the version moves on, the archive lists hear of the
// write, and each archive gets a history row (who, when, each changed field before → after).
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { findArchives, updateArchives, type ArchivePatch, type ArchiveRow } from '../repositories/archives';
import { changedFields, recordArchiveChanges } from './archive-versions';

/** What another domain may change on an archive. */
export type ArchiveAssignment = Pick<ArchivePatch, 'family_id' | 'main_doctor_id' | 'doctor_name' | 'team_id' | 'team_name'>;

/** The tenant's live archives among `ids` (others' and unknown ids are absent). */
export async function archivesOf(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<ArchiveRow[]> {
  return findArchives(db, tenantId, [...new Set(ids)]);
}

/**
 * Applies one assignment to the caller's tenant's archives among `ids` in one statement and writes
 * a history row for each archive changed; answers the ids changed.
 */
export async function assignArchives(
  db: Kysely<Database>,
  auth: AccessClaims,
  ids: string[],
  assignment: ArchiveAssignment,
  now: Date,
): Promise<string[]> {
  const rows = await archivesOf(db, auth.tenant_id, ids);
  if (rows.length === 0) return [];
  const changed = new Set(
    await updateArchives(
      db,
      auth.tenant_id,
      rows.map((r) => r.id),
      { ...assignment, update_user: auth.user_id, update_time: now },
    ),
  );
  const entries = rows
    .filter((r) => changed.has(r.id))
    .map((r) => ({ archiveId: r.id, action: 'update' as const, rowVersion: r.row_version + 1, changes: changedFields(r, assignment) }));
  await recordArchiveChanges(db, auth, entries, now);
  return [...changed];
}
