// role/syn-role (spec 002 §4 "Synchronisation"): the platform administrator copies roles of the
// root tenant to chosen tenants, with their menus and scopes — only what the platform gives
// tenants (never 租户管理). A role is matched in the target by its alias: `over` overwrites a
// match (name, order, grants), otherwise a match is left as it is. Rows of another tenant are
// refused (不能跨租户同步数据).
import { type AccessClaims, allTenantIds } from '../../auth/index';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../db/ids';
import { asSystem, withTenant } from '../../db/tenant-scope';
import { NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { liveMenus } from '../repositories/menu-admin';
import { administratorRolesHolding, insertRole, listTenantRoles, updateRoleAt, type RoleRow } from '../repositories/role-admin';
import { replaceRoleMenus, replaceRoleScopes, roleMenuIds, roleScopeRows, SCOPE_API, SCOPE_DATA } from '../repositories/role-grants';
import { liveScopes } from '../repositories/scope-rules';
import { SYSTEM_MENU_CODE, tenantMenuIds } from './menu-admin';
import { byName, idsOf, PLATFORM_TENANT, requirePlatformAdministrator } from './role-callers';

interface SourceRole {
  role: RoleRow;
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

/** Parents before children, so a copied child finds its copied parent. */
function parentsFirst(roles: RoleRow[]): RoleRow[] {
  const ids = new Set(roles.map((r) => r.id));
  const out: RoleRow[] = [];
  const placed = new Set<string>();
  const place = (role: RoleRow, depth = 0) => {
    if (placed.has(role.id) || depth > roles.length) return;
    const parent = roles.find((r) => r.id === role.parent_id);
    if (parent && ids.has(parent.id)) place(parent, depth + 1);
    placed.add(role.id);
    out.push(role);
  };
  roles.forEach((r) => place(r));
  return out;
}

export async function synRoles(deps: AppDeps, auth: AccessClaims, ids: string, tenantIds: string, over: boolean, now: Date) {
  requirePlatformAdministrator(auth);
  const roleIds = idsOf(ids, 'ids');
  const targets = idsOf(tenantIds, 'tenantIds');
  if (roleIds.length === 0) throw new Refusal('请选择角色');
  if (targets.length === 0) throw new Refusal('请选择租户');
  const platformRoles = await listTenantRoles(deps.db, PLATFORM_TENANT);
  const chosen = platformRoles.filter((r) => roleIds.includes(r.id));
  if (chosen.length !== roleIds.length) throw new Refusal('不能跨租户同步数据');
  const known = new Set(await asSystem('role sync: tenants', () => allTenantIds(deps.db)));
  if (targets.some((t) => !known.has(t) || t === PLATFORM_TENANT)) throw new NotFound('租户不存在');

  const menus = await liveMenus(deps.db);
  const forTenants = tenantMenuIds(menus);
  const system = menus.find((m) => m.code === SYSTEM_MENU_CODE && m.category === 1)?.id;
  const scopeMenus = new Map<string, string>();
  for (const table of ['blade_scope_data', 'blade_scope_api'] as const)
    for (const s of await liveScopes(deps.db, table)) scopeMenus.set(s.id, s.menu_id);
  const tenantScope = (id: string) => forTenants.has(scopeMenus.get(id) ?? '');
  const sources: SourceRole[] = [];
  for (const role of parentsFirst(chosen)) {
    sources.push({
      role,
      menuIds: (await roleMenuIds(deps.db, PLATFORM_TENANT, [role.id])).filter((id) => forTenants.has(id)),
      dataScopeIds: (await roleScopeRows(deps.db, PLATFORM_TENANT, [role.id], SCOPE_DATA)).map((r) => r.scope_id).filter(tenantScope),
      apiScopeIds: (await roleScopeRows(deps.db, PLATFORM_TENANT, [role.id], SCOPE_API)).map((r) => r.scope_id).filter(tenantScope),
    });
  }

  const result = { created: 0, updated: 0, skipped: 0 };
  for (const tenantId of targets) {
    await withTenant(tenantId, () =>
      inTransaction(deps.db, async (trx) => {
        const before = system ? await administratorRolesHolding(trx, tenantId, system) : [];
        const existing = await listTenantRoles(trx, tenantId);
        const mapped = new Map<string, string>();
        for (const source of sources) {
          const match = existing.find((r) => r.role_alias === source.role.role_alias);
          const parentId = mapped.get(source.role.parent_id);
          let targetId: string;
          if (match && !over) {
            mapped.set(source.role.id, match.id);
            result.skipped++;
            continue;
          } else if (match) {
            targetId = match.id;
            const row = { role_name: source.role.role_name, sort: source.role.sort, ...(parentId && { parent_id: parentId }) };
            await updateRoleAt(trx, tenantId, match.id, match.row_version, row, byName(auth), now);
            result.updated++;
          } else {
            targetId = newId(now.getTime());
            const row = {
              parent_id: parentId ?? '0',
              role_name: source.role.role_name,
              role_alias: source.role.role_alias,
              sort: source.role.sort,
            };
            await insertRole(trx, tenantId, targetId, row, byName(auth), now);
            result.created++;
          }
          mapped.set(source.role.id, targetId);
          await replaceRoleMenus(trx, tenantId, [targetId], source.menuIds);
          await replaceRoleScopes(trx, tenantId, [targetId], SCOPE_DATA, source.dataScopeIds);
          await replaceRoleScopes(trx, tenantId, [targetId], SCOPE_API, source.apiScopeIds);
        }
        if (system && before.length > 0 && (await administratorRolesHolding(trx, tenantId, system)).length === 0)
          throw new Refusal('不能取消最后一个管理员角色的系统管理权限');
      }),
    );
  }
  deps.caches.clear(targets);
  return result;
}
