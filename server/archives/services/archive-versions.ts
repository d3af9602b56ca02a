// Issue 22 §6: an archive update carries the row version it read. Without one it is refused with
// 428 (it would overwrite whatever is there); with an old one, 409 naming who changed the archive
// and when, so the screen can keep the user's input and offer to reload or compare. Every change
// leaves a history row (who, when, each changed field before → after).
import { type AccessClaims, findUserById } from '../../auth/index';
import type { Kysely } from 'kysely';
import type { ArchiveFieldChanges, Database } from '../../db/schema';
import { Conflict, VersionRequired } from '../../domain/errors';
import { insertArchiveHistory, type ArchiveHistoryEntry, type ArchiveHistoryRow } from '../repositories/archive-history';
import type { ArchivePatch, ArchiveRow } from '../repositories/archives';
import { ARCHIVE_MESSAGES } from './archive-input';
import { dateTime } from '../../forms/index';
import { maskMiddle, SENSITIVE_FIELDS } from '../../platform/services/masking';
import type { ArchiveHistoryAction, ArchiveHistoryView } from '../../../src/shared/contract/archives';

/**
 * Columns the history leaves out: bookkeeping that changes with every write, and ids whose names
 * are kept beside them (doctor_name for main_doctor_id, team_name, off_user_name, off_tenant_name)
 * or that no screen shows (the two sync statuses).
 */
const NOT_HISTORY = new Set([
  'id',
  'tenant_id',
  'row_version',
  'is_deleted',
  'create_user',
  'create_time',
  'update_user',
  'update_time',
  'main_doctor_id',
  'team_id',
  'off_user',
  'off_tenant',
  'gw_status',
  'sh_status',
]);
/** A create lists what was filled in; these are the defaults every archive starts with. */
const CREATE_DEFAULTS = new Set(['card_type', 'archives_status']);

/** The version an update must carry; 428 when the caller did not read one. */
export function requiredVersion(rowVersion: number | undefined): number {
  if (rowVersion === undefined) throw new VersionRequired(ARCHIVE_MESSAGES.versionMissing);
  return rowVersion;
}

/** 409 with the current version, who changed the archive last and when (data for the conflict dialog). */
export async function staleArchive(db: Kysely<Database>, current: ArchiveRow): Promise<Conflict> {
  const editor = current.update_user ? await findUserById(db, current.tenant_id, current.update_user) : undefined;
  const updateUserName = editor?.real_name ?? '';
  const updateTime = dateTime(current.update_time);
  const who = updateUserName ? `${updateUserName}于${updateTime}` : `他人于${updateTime}`;
  return new Conflict(`档案已被${who}修改，请刷新后重试（您填写的内容已保留）`, {
    rowVersion: current.row_version,
    updateUserName,
    updateTime,
  });
}

/** The history columns whose value differs between `before` (absent for a create) and `after`. */
export function changedFields(before: Partial<ArchiveRow> | undefined, after: ArchivePatch | ArchiveRow): ArchiveFieldChanges {
  const changes: ArchiveFieldChanges = {};
  for (const [column, value] of Object.entries(after)) {
    if (NOT_HISTORY.has(column) || value === undefined) continue;
    const old = before ? ((before as Record<string, unknown>)[column] ?? null) : null;
    const now = value ?? null;
    // A create lists what it filled in; an empty default is not a change worth a line.
    if (!before && (now === '' || now === null || CREATE_DEFAULTS.has(column))) continue;
    if (old !== now) changes[column] = [old, now];
  }
  return changes;
}

/** Writes the history rows of one change by the caller. */
export async function recordArchiveChanges(
  db: Kysely<Database>,
  auth: AccessClaims,
  entries: ArchiveHistoryEntry[],
  now: Date,
): Promise<void> {
  await insertArchiveHistory(db, auth.tenant_id, entries, { userId: auth.user_id, userName: auth.real_name }, now);
}

const SENSITIVE = new Set<string>(SENSITIVE_FIELDS);
const maskedValue = (value: unknown) => (typeof value === 'string' ? maskMiddle(value) : value);

/**
 * A history row as the archive detail page reads it. The ID number and phones before and after are
 * masked unless `unmasked` (the sensitive-view permission), as the archive itself is.
 */
export function archiveHistoryView(row: ArchiveHistoryRow, unmasked: boolean): ArchiveHistoryView {
  // Field names as the archive's wire names (person_name → personName), the ones the screens know.
  const changes = Object.entries(row.changes).map(([column, [before, after]]) => ({
    field: column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
    before,
    after,
  }));
  return {
    id: row.id,
    archId: row.archive_id,
    // The column holds only what insertArchiveHistory writes (ArchiveHistoryEntry['action']).
    action: row.action as ArchiveHistoryAction,
    rowVersion: row.row_version,
    changes: unmasked
      ? changes
      : changes.map((c) => (SENSITIVE.has(c.field) ? { ...c, before: maskedValue(c.before), after: maskedValue(c.after) } : c)),
    updateUser: row.update_user,
    updateUserName: row.update_user_name,
    updateTime: dateTime(row.update_time),
  };
}

/** The sensitive fields a history shows unmasked (each is written to the read audit, like the archive's own). */
export function sensitiveFieldsShown(views: ArchiveHistoryView[]): string[] {
  return [...new Set(views.flatMap((v) => v.changes.filter((c) => SENSITIVE.has(c.field) && (c.before || c.after)).map((c) => c.field)))];
}
