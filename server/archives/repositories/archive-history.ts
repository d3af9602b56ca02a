import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { ArchiveFieldChanges, Database, UserArchiveHistoryTable } from '../../db/schema';
import { jsonb } from '../../platform/repositories/form-json';

export type ArchiveHistoryRow = Selectable<UserArchiveHistoryTable>;

export interface ArchiveHistoryEntry {
  archiveId: string;
  action: 'create' | 'update' | 'cancel' | 'restore';
  rowVersion: number;
  changes: ArchiveFieldChanges;
}

export interface ArchiveEditor {
  userId: string;
  userName: string;
}

/** Several archives' changes in one statement (a bulk cancel writes one row per archive). */
export async function insertArchiveHistory(
  db: Kysely<Database>,
  tenantId: string,
  entries: ArchiveHistoryEntry[],
  editor: ArchiveEditor,
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('user_archive_history')
    .values(
      entries.map((e) => ({
        id: newId(now.getTime()),
        tenant_id: tenantId,
        archive_id: e.archiveId,
        action: e.action,
        row_version: e.rowVersion,
        changes: jsonb(e.changes),
        update_user: editor.userId,
        update_user_name: editor.userName,
        update_time: now,
      })),
    )
    .execute();
}

/** An archive's changes, newest first; another tenant's archive id answers none. */
export async function listArchiveHistory(db: Kysely<Database>, tenantId: string, archiveId: string): Promise<ArchiveHistoryRow[]> {
  return db
    .selectFrom('user_archive_history')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('archive_id', '=', archiveId)
    .orderBy('update_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
