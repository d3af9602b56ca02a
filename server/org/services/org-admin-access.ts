// Who may do what in departments, posts and regions beyond the route's gate (http/route-access.ts):
// the platform's own work (regions, post synchronisation, another tenant's trees) belongs to the
// administrators of the root tenant 000000 only.
import type { AccessClaims } from '../../auth/index';
import { Forbidden, Refusal } from '../../domain/errors';
import { TENANT_ID_PATTERN } from '../../db/scope-sql';
import { PLATFORM_TENANT } from '../../db/tenant-rls';
import { isFormAdministrator } from '../../forms/index';

export const ROOT_TENANT = PLATFORM_TENANT;

export const isPlatformAdministrator = (auth: AccessClaims): boolean => auth.tenant_id === ROOT_TENANT && isFormAdministrator(auth);

export function requirePlatformAdministrator(auth: AccessClaims, message = '只有平台管理员可以执行此操作'): void {
  if (!isPlatformAdministrator(auth)) throw new Forbidden(message);
}

/**
 * The tenant a tree or select call reads: the caller's own unless `tenantId` names another, which
 * only the platform administrator may (BladeX's tenant pickers of the root tenant).
 */
export function readableTenant(auth: AccessClaims, tenantId: string | undefined, message: string): string {
  const wanted = tenantId?.trim() || auth.tenant_id;
  if (wanted !== auth.tenant_id && !isPlatformAdministrator(auth)) throw new Forbidden(message);
  if (!TENANT_ID_PATTERN.test(wanted)) throw new Refusal('参数[tenantId]格式不正确');
  return wanted;
}
