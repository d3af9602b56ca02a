// Departments, posts and regions change as archives do (issue 22 §6, archives/services/archive-versions.ts):
// an update carries the row version it read — none is 428, an old one 409 naming who changed the
// row and when, with the data the screen needs to offer a reload.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Conflict, NotFound, VersionRequired } from '../../domain/errors';
import { findUserById } from '../../auth/index';
import { dateTime } from '../../forms/index';

/** The version an update must carry; 428 when the caller did not read one. `what`: 机构, 岗位, 区划. */
export function requiredRowVersion(rowVersion: number | undefined, what: string): number {
  if (rowVersion === undefined) throw new VersionRequired(`请先读取${what}再修改（缺少版本号）`);
  return rowVersion;
}

/** What a 409 tells of the row as it is now. */
export type VersionedRow = { row_version: number; update_user: string | null; update_time: Date | null };

/** 409 with the current version, who changed the row last and when. */
export async function staleRow(db: Kysely<Database>, what: string, tenantId: string, current: VersionedRow): Promise<Conflict> {
  const editor = current.update_user ? await findUserById(db, tenantId, current.update_user) : undefined;
  const updateUserName = editor?.real_name ?? '';
  const updateTime = current.update_time ? dateTime(new Date(current.update_time)) : '';
  const who = updateUserName ? `${updateUserName}于${updateTime}` : updateTime ? `他人于${updateTime}` : '他人';
  return new Conflict(`${what}已被${who}修改，请刷新后重试`, { rowVersion: current.row_version, updateUserName, updateTime });
}

/**
 * The new version an update over the version read answered; when it changed nothing (undefined),
 * the row read again tells why: gone meanwhile is 404 `notFound`, moved on a 409.
 */
export async function versionOrStale(
  db: Kysely<Database>,
  what: string,
  tenantId: string,
  next: number | undefined,
  reread: () => Promise<VersionedRow | undefined>,
  notFound: string,
): Promise<number> {
  if (next !== undefined) return next;
  const latest = await reread();
  if (!latest) throw new NotFound(notFound);
  throw await staleRow(db, what, tenantId, latest);
}

/** What a department's and a post's view end with: order, remark, the version to send back and the times. */
export const viewTail = (row: VersionedRow & { sort: number; remark: string; create_time: Date }) => ({
  sort: row.sort,
  remark: row.remark,
  rowVersion: row.row_version,
  createTime: dateTime(new Date(row.create_time)),
  updateTime: row.update_time ? dateTime(new Date(row.update_time)) : '',
});
