// Issue 22 §6 for dictionaries and parameters, as archives do it (archives/services/archive-versions.ts): an
// update carries the row version it read. Without one it is refused with 428 (it would overwrite
// whatever is there); with an old one, 409 naming who changed the row and when, with the current
// version, so the screen keeps the user's input and offers to reload.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Conflict, Refusal, VersionRequired } from '../../domain/errors';
import { findUserById } from '../../auth/index';
import { dateTime } from '../../forms/index';

type Sent = string | number | null | undefined;

/** What a stale update reports: the row as it is now. */
export interface VersionedRow {
  tenant_id: string;
  row_version: number;
  update_user: string | null;
  update_time: Date | string | null;
  create_time: Date | string;
}

/** The version an update must carry (the body's rowVersion; ajv may hand it over as a string). */
export function requiredRowVersion(sent: Sent, what: string): number {
  if (sent === undefined || sent === null || sent === '') throw new VersionRequired(`请先读取${what}再修改（缺少版本号）`);
  const version = Number(sent);
  if (!Number.isInteger(version) || version < 1) throw new Refusal('参数[rowVersion]格式不正确');
  return version;
}

/** 409 with the current version, who changed the row last and when. */
export async function staleRow(db: Kysely<Database>, current: VersionedRow, what: string): Promise<Conflict> {
  const editor = current.update_user ? await findUserById(db, current.tenant_id, current.update_user) : undefined;
  const updateUserName = editor?.real_name ?? '';
  const updateTime = dateTime(new Date(current.update_time ?? current.create_time));
  const who = updateUserName ? `${updateUserName}于${updateTime}` : `他人于${updateTime}`;
  return new Conflict(`${what}已被${who}修改，请刷新后重试（您填写的内容已保留）`, {
    rowVersion: current.row_version,
    updateUserName,
    updateTime,
  });
}
