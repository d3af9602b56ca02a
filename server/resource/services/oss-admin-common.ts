// What the blade-resource administration services share (storage and SMS configurations, SMS
// records, attachments): who changed a row and when, the row version an update must carry, the id
// lists of remove, and how a key or secret is shown.
import type { AccessClaims } from '../../auth/index';
import { Conflict, Refusal, VersionRequired } from '../../domain/errors';
import type { Stamp } from '../repositories/oss-configs';
import { dateTime } from '../../forms/index';

export const stampOf = (auth: AccessClaims, time: Date): Stamp => ({ userId: auth.user_id, userName: auth.real_name, time });

export const VERSION_MISSING = '请先读取数据再修改（缺少版本号）';

/** The version an update must carry: 428 without one (it would overwrite whatever is there). */
export function requiredVersion(rowVersion: number | undefined): number {
  if (rowVersion === undefined) throw new VersionRequired(VERSION_MISSING);
  return rowVersion;
}

/** 409 naming who changed the row last and when, with its current version (the screen's conflict dialog). */
export function staleRow(current: { row_version: number; update_user_name: string; update_time: Date | null }): Conflict {
  const updateTime = current.update_time ? dateTime(new Date(current.update_time)) : '';
  const who = current.update_user_name ? `${current.update_user_name}于${updateTime}` : `他人于${updateTime}`;
  return new Conflict(`数据已被${who}修改，请刷新后重试`, {
    rowVersion: current.row_version,
    updateUserName: current.update_user_name,
    updateTime,
  });
}

/** BladeX's `ids=1,2,3`: each must look like an id of the table (`pattern`), at least one, at most 200. */
export function idsOf(raw: string, pattern: RegExp): string[] {
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw new Refusal('参数[ids]不能为空');
  if (ids.length > 200 || ids.some((id) => !pattern.test(id))) throw new Refusal('参数[ids]格式不正确');
  return ids;
}

export const ROW_ID = /^[0-9]{1,40}$/;

/**
 * A key or secret as answers show it: never whole. A secret keeps its last 4 characters when it has
 * at least 12 (enough to tell two apart), otherwise nothing; an access key its first 3 and last 4
 * when it has at least 12. The stars are a fixed 8, so the length is not told either.
 */
export function maskSecret(value: string, keepStart = false): string {
  if (value === '') return '';
  if (value.length < 12) return '********';
  return `${keepStart ? value.slice(0, 3) : ''}********${value.slice(-4)}`;
}

/** An update that sends a key back as shown (masked) or empty keeps the stored one. */
export function keptSecret(sent: string | undefined, stored: string): string {
  const value = (sent ?? '').trim();
  return value === '' || value.includes('*') ? stored : value;
}

export const shownTime = (value: Date | string | null) => (value === null ? '' : dateTime(new Date(value)));

export const trimmed = (value: string | undefined) => (value ?? '').trim();
