// Who is calling the role, menu and scope administration, beyond the route's gate
// (http/route-access.ts): menus, top menus and scopes are platform rows, written by the platform
// administrator (an administrator of the root tenant 000000) only.
import { type AccessClaims, splitIds } from '../../auth/index';
import { PLATFORM_TENANT } from '../../db/tenant-rls';
import { Conflict, Forbidden, Refusal, VersionRequired } from '../../domain/errors';
import { dateTime, isFormAdministrator } from '../../forms/index';

export { PLATFORM_TENANT };

export const isAdministrator = (auth: AccessClaims): boolean => isFormAdministrator(auth);

export const isPlatformAdministrator = (auth: AccessClaims): boolean => auth.tenant_id === PLATFORM_TENANT && isAdministrator(auth);

export const PLATFORM_ONLY = '只有平台管理员可以执行此操作';

export function requirePlatformAdministrator(auth: AccessClaims): void {
  if (!isPlatformAdministrator(auth)) throw new Forbidden(PLATFORM_ONLY);
}

export const callerRoleIds = (auth: AccessClaims): string[] => splitIds(auth.role_id);

export const byName = (auth: AccessClaims): string => auth.real_name || auth.account;

/** 428 for an update that did not send the version it read (it would overwrite whatever is there). */
export function requiredRowVersion(rowVersion: number | undefined, what: string): number {
  if (rowVersion === undefined) throw new VersionRequired(`请先读取${what}再修改（缺少版本号）`);
  return rowVersion;
}

/** 409 naming who changed the row last and when, with its current version (the screen's conflict dialog). */
export function staleRow(
  what: string,
  current: { row_version: number; update_user_name: string; update_time: Date | null } | undefined,
): Conflict {
  const updateUserName = current?.update_user_name ?? '';
  const updateTime = current?.update_time ? dateTime(new Date(current.update_time)) : '';
  const who = `${updateUserName || '他人'}${updateTime ? `于${updateTime}` : ''}`;
  return new Conflict(`${what}已被${who}修改，请刷新后重试`, { rowVersion: current?.row_version, updateUserName, updateTime });
}

/** A comma list or array of ids, as BladeX sends them; each must be digits. */
export function idsOf(value: string | readonly string[] | undefined, name: string): string[] {
  const parts = (typeof value === 'string' ? value.split(',') : (value ?? [])).map((s) => String(s).trim()).filter(Boolean);
  if (parts.some((id) => !/^[0-9]{1,40}$/.test(id))) throw new Refusal(`参数[${name}]格式不正确`);
  return [...new Set(parts)];
}
