// Role grants (blade-system/role/grant, menu/grant-tree, menu/role-tree-keys; spec 002 §6: "Role
// grant combines menus, data scopes and API scopes"). A grant replaces what the roles hold, all
// three, in one transaction. What a caller may hand out:
// - the platform administrator: every menu, button and scope;
// - a tenant's administrator: every menu the platform gives tenants — all but 租户管理 and its
//   buttons — and the scopes on them;
// - anyone else who holds 权限设置 (role_grant): only what their own roles hold.
// The tenant's last administrator role keeps 系统管理. Once committed, the tenant's kept
// permissions (route grants, archive permissions, scopes: `deps.caches`) are cleared and, on
// PostgreSQL, the clear is announced to the other processes — as 清除缓存 does.
import type { AccessClaims } from '../../auth/index';
import type { AppDeps } from '../../app-deps';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { liveMenus } from '../repositories/menu-admin';
import type { Menu } from '../repositories/menus';
import { administratorRolesHolding, listTenantRoles } from '../repositories/role-admin';
import { replaceRoleMenus, replaceRoleScopes, roleMenuIds, roleScopeRows, SCOPE_API, SCOPE_DATA } from '../repositories/role-grants';
import { liveScopes } from '../repositories/scope-rules';
import { SYSTEM_MENU_CODE, tenantMenuIds } from './menu-admin';
import { forest, treeNode, type TreeNode } from './menu-admin-tree';
import { callerRoleIds, idsOf, isAdministrator, isPlatformAdministrator } from './role-callers';

/** The live menus and buttons the caller may grant (see the file's comment). */
export async function grantableMenus(deps: AppDeps, auth: AccessClaims): Promise<Menu[]> {
  const all = await liveMenus(deps.db);
  if (isPlatformAdministrator(auth)) return all;
  const forTenants = tenantMenuIds(all);
  const own = isAdministrator(auth) ? undefined : new Set(await roleMenuIds(deps.db, auth.tenant_id, callerRoleIds(auth)));
  return all.filter((m) => forTenants.has(m.id) && (own === undefined || own.has(m.id)));
}

/** A scope tree: the menus that carry grantable scopes (and their ancestors), each scope a leaf under its menu. */
function scopeTree(menus: Menu[], scopes: { id: string; menu_id: string; scope_name: string }[]): TreeNode[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const scope of scopes) {
    for (let at = byId.get(scope.menu_id); at && !keep.has(at.id); at = byId.get(at.parent_id)) keep.add(at.id);
  }
  const nodes = menus.filter((m) => keep.has(m.id)).map((m) => treeNode(m.id, m.parent_id, m.name));
  return forest([...nodes, ...scopes.map((s) => treeNode(s.id, s.menu_id, s.scope_name))]);
}

/** grant-tree: what the caller may grant, as TreeNodes: `{menu, dataScope, apiScope}` (BladeX's GrantTreeVO). */
export async function grantTree(deps: AppDeps, auth: AccessClaims) {
  const menus = await grantableMenus(deps, auth);
  const allowed = new Set(menus.map((m) => m.id));
  const dataScopes = (await liveScopes(deps.db, 'blade_scope_data')).filter((s) => allowed.has(s.menu_id));
  const apiScopes = (await liveScopes(deps.db, 'blade_scope_api')).filter((s) => allowed.has(s.menu_id));
  return {
    menu: forest(menus.map((m) => treeNode(m.id, m.parent_id, m.name))),
    dataScope: scopeTree(menus, dataScopes),
    apiScope: scopeTree(menus, apiScopes),
  };
}

async function tenantRoleIds(deps: AppDeps, auth: AccessClaims, value: string | readonly string[] | undefined, db = deps.db) {
  const roleIds = idsOf(value, 'roleIds');
  if (roleIds.length === 0) throw new Refusal('请选择角色');
  const live = new Set((await listTenantRoles(db, auth.tenant_id)).map((r) => r.id));
  if (roleIds.some((id) => !live.has(id))) throw new NotFound('角色不存在');
  return roleIds;
}

/** role-tree-keys: what the roles hold now, `{menu, dataScope, apiScope}` (BladeX's CheckedTreeVO). */
export async function roleTreeKeys(deps: AppDeps, auth: AccessClaims, roleIds: string | undefined) {
  const ids = await tenantRoleIds(deps, auth, roleIds);
  const unique = (rows: { scope_id: string }[]) => [...new Set(rows.map((r) => r.scope_id))];
  return {
    menu: await roleMenuIds(deps.db, auth.tenant_id, ids),
    dataScope: unique(await roleScopeRows(deps.db, auth.tenant_id, ids, SCOPE_DATA)),
    apiScope: unique(await roleScopeRows(deps.db, auth.tenant_id, ids, SCOPE_API)),
  };
}

export interface GrantInput {
  roleIds?: string | string[];
  menuIds?: string | string[];
  dataScopeIds?: string | string[];
  apiScopeIds?: string | string[];
}

/** grant: replaces the roles' menus and buttons, data scopes and api scopes (absent lists grant none). */
export async function grantRoles(deps: AppDeps, auth: AccessClaims, input: GrantInput): Promise<void> {
  const tenantId = auth.tenant_id;
  const roleIds = await tenantRoleIds(deps, auth, input.roleIds);
  const menuIds = idsOf(input.menuIds, 'menuIds');
  const dataScopeIds = idsOf(input.dataScopeIds, 'dataScopeIds');
  const apiScopeIds = idsOf(input.apiScopeIds, 'apiScopeIds');

  const all = await liveMenus(deps.db);
  const known = new Map(all.map((m) => [m.id, m]));
  if (menuIds.some((id) => !known.has(id))) throw new NotFound('菜单不存在');
  const allowed = new Set((await grantableMenus(deps, auth)).map((m) => m.id));
  const refused = menuIds.filter((id) => !allowed.has(id));
  if (refused.length > 0)
    throw new Forbidden(`不能授予这些菜单：${refused.map((id) => known.get(id)?.name ?? id).join('、')}`, { menuIds: refused });
  for (const [table, ids] of [
    ['blade_scope_data', dataScopeIds],
    ['blade_scope_api', apiScopeIds],
  ] as const) {
    const scopes = await liveScopes(deps.db, table, ids);
    if (scopes.length !== ids.length) throw new NotFound(table === 'blade_scope_data' ? '数据权限不存在' : '接口权限不存在');
    if (scopes.some((s) => !allowed.has(s.menu_id))) throw new Forbidden('不能授予这些菜单下的权限');
  }

  const system = all.find((m) => m.code === SYSTEM_MENU_CODE && m.category === 1)?.id;
  await inTransaction(deps.db, async (trx) => {
    const before = system ? await administratorRolesHolding(trx, tenantId, system) : [];
    await replaceRoleMenus(trx, tenantId, roleIds, menuIds);
    await replaceRoleScopes(trx, tenantId, roleIds, SCOPE_DATA, dataScopeIds);
    await replaceRoleScopes(trx, tenantId, roleIds, SCOPE_API, apiScopeIds);
    if (system && before.length > 0 && (await administratorRolesHolding(trx, tenantId, system)).length === 0)
      throw new Refusal('不能取消最后一个管理员角色的系统管理权限');
  });
  deps.caches.clear([tenantId]);
}
