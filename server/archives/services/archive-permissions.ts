import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { type AccessClaims, splitIds } from '../../auth/index';
import type { Database } from '../../db/schema';
import { Forbidden } from '../../domain/errors';
import { roleMenuCodes } from '../../access/index';

/**
 * What a role may do with archives, from the menus and buttons granted to it (spec 001 §6: the
 * health-archive permissions are buttons of category 2). Seeded codes:
 * - menu `publichealthwork` (居民健康档案): see archives at all (lists, detail, lookup by ID card);
 * - button `archive_add` (新增档案): create and edit;
 * - button `archive_cancel` (注销档案): cancel and restore;
 * - button `archive_sensitive_view` (查看完整证件号): see ID numbers and phones unmasked — held by
 *   the administrators only; every such read is audited.
 */
export const ARCHIVE_CODES = {
  view: 'publichealthwork',
  edit: 'archive_add',
  cancel: 'archive_cancel',
  sensitive: 'archive_sensitive_view',
} as const;

export type ArchivePermission = keyof typeof ARCHIVE_CODES;

export async function archivePermissions(db: Kysely<Database>, auth: AccessClaims): Promise<Set<ArchivePermission>> {
  const roleIds = splitIds(auth.role_id);
  const granted = new Set<ArchivePermission>();
  if (roleIds.length === 0) return granted;
  const codes = new Set(await roleMenuCodes(db, auth.tenant_id, roleIds, Object.values(ARCHIVE_CODES)));
  for (const [permission, code] of Object.entries(ARCHIVE_CODES) as [ArchivePermission, string][]) {
    if (codes.has(code)) granted.add(permission);
  }
  return granted;
}

/**
 * How long a role's archive permissions are believed without reading them again (ms). A grant
 * (blade-system/role/grant) clears the tenant's cache at once, here and in the other processes; a
 * change made in the database by hand is seen within this time, or at once after 清除缓存.
 */
export const PERMISSION_CACHE_TTL_MS = 5_000;

/**
 * The caller's archive permissions, kept per tenant and role ids for PERMISSION_CACHE_TTL_MS in the
 * app's per-tenant cache when `kept` is given (the archive list runs on every page, and the join
 * behind it is a round trip of its own).
 */
async function keptPermissions(
  db: Kysely<Database>,
  auth: AccessClaims,
  kept: Pick<AppDeps, 'caches' | 'now'> | undefined,
): Promise<Set<ArchivePermission>> {
  if (!kept) return archivePermissions(db, auth);
  const key = `archive-permissions ${auth.role_id}`;
  const now = kept.now();
  const hit = kept.caches.get(auth.tenant_id, key) as { granted: ArchivePermission[]; at: number } | undefined;
  if (hit && now - hit.at < PERMISSION_CACHE_TTL_MS) return new Set(hit.granted);
  const granted = await archivePermissions(db, auth);
  kept.caches.set(auth.tenant_id, key, { granted: [...granted], at: now });
  return granted;
}

export async function requireArchivePermission(
  db: Kysely<Database>,
  auth: AccessClaims,
  permission: ArchivePermission,
  kept?: Pick<AppDeps, 'caches' | 'now'>,
): Promise<Set<ArchivePermission>> {
  const granted = await keptPermissions(db, auth, kept);
  if (!granted.has(permission)) throw new Forbidden();
  return granted;
}
