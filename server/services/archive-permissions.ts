import type { Kysely } from 'kysely';
import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db/schema';
import { forbidden } from '../http/envelope';
import { splitIds } from '../repositories/org';

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
  // Roles are tenant-owned: only the caller's own tenant's roles count.
  const rows = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_role_menu as rm', 'rm.menu_id', 'm.id')
    .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
    .select('m.code')
    .where('r.tenant_id', '=', auth.tenant_id)
    .where('rm.role_id', 'in', roleIds)
    .where('m.code', 'in', Object.values(ARCHIVE_CODES))
    .execute();
  const codes = new Set(rows.map((r) => r.code));
  for (const [permission, code] of Object.entries(ARCHIVE_CODES) as [ArchivePermission, string][]) {
    if (codes.has(code)) granted.add(permission);
  }
  return granted;
}

export async function requireArchivePermission(db: Kysely<Database>, auth: AccessClaims, permission: ArchivePermission): Promise<Set<ArchivePermission>> {
  const granted = await archivePermissions(db, auth);
  if (!granted.has(permission)) throw forbidden();
  return granted;
}
