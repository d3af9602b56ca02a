import type { AccessClaims } from '../../auth/index';
import { Forbidden, Refusal } from '../../domain/errors';
import type { Actor } from '../../domain/actor';

/** Role aliases allowed to change and publish forms (spec 002 §6: administrator; 'admin' as some tenants spell it). */
const ADMIN_ALIASES = new Set(['administrator', 'admin']);

export function isFormAdministrator(auth: AccessClaims): boolean {
  return auth.role_alias.split(',').some((alias) => ADMIN_ALIASES.has(alias.trim()));
}

export function requireFormAdministrator(auth: AccessClaims): void {
  if (!isFormAdministrator(auth)) throw new Forbidden('只有管理员可以修改或发布表单');
}

export const actorOf = (auth: AccessClaims): Actor => ({ userId: auth.user_id, userName: auth.real_name || auth.account });

/** 'ids=1,2' (query or body) as a list; empty entries dropped, anything but digits refused. */
export function idList(value: string): string[] {
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (ids.some((id) => !/^[0-9]{1,40}$/.test(id))) throw new Refusal('参数[ids]格式不正确');
  return ids;
}
