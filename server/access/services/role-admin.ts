// Roles of a tenant (blade-system/role, spec 002 §7): a tree per tenant. Each tenant's
// administrators keep their own; the platform administrator may read another tenant's (its
// pickers name tenantId). An update carries the rowVersion it read (428 without, 409 stale); a
// role still held by a user, or with roles under it, is not removed.
import type { AccessClaims } from '../../auth/index';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../db/ids';
import { withTenant } from '../../db/tenant-scope';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { liveMenus } from '../repositories/menu-admin';
import {
  administratorRolesHolding,
  findTenantRole,
  insertRole,
  listTenantRoles,
  roleAliasTaken,
  rolesHeldByUsers,
  softDeleteRoles,
  updateRoleAt,
  type RoleRow,
} from '../repositories/role-admin';
import { checkDialog, dialogValues, DIALOG_FORMS, dateTime } from '../../forms/index';
import { bladeConditions } from './menu-admin';
import { descendantsOf, forest, treeNode, type TreeNode } from './menu-admin-tree';
import { byName, idsOf, isAdministrator, isPlatformAdministrator, requiredRowVersion, staleRow } from './role-callers';

export interface RoleView {
  id: string;
  tenantId: string;
  parentId: string;
  parentName: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  rowVersion: number;
  updateUserName: string;
  updateTime: string;
  hasChildren: boolean;
  children?: RoleView[];
}

const ROLE_FILTERS: Record<string, FilterColumn> = {
  roleName: { column: 'role_name', kind: 'text' },
  roleAlias: { column: 'role_alias', kind: 'text' },
};

const ADMIN_ALIASES = new Set(['administrator', 'admin']);

export function roleView(role: RoleRow, names: Map<string, string>): RoleView {
  return {
    id: role.id,
    tenantId: role.tenant_id,
    parentId: role.parent_id,
    parentName: names.get(role.parent_id) ?? '顶级',
    roleName: role.role_name,
    roleAlias: role.role_alias,
    sort: role.sort,
    rowVersion: role.row_version,
    updateUserName: role.update_user_name,
    updateTime: role.update_time ? dateTime(new Date(role.update_time)) : '',
    hasChildren: false,
  };
}

/**
 * The tenant whose roles a read shows: the caller's own; the platform administrator may name
 * another (its user and sync screens). Another tenant's administrator naming one is refused.
 */
export function roleTenant(auth: AccessClaims, tenantId: string | undefined): string {
  const wanted = tenantId?.trim() || auth.tenant_id;
  if (wanted !== auth.tenant_id && !isPlatformAdministrator(auth)) throw new Forbidden('不能查看其他机构的角色');
  return wanted;
}

/** Reads `tenantId`'s rows: in that tenant's scope when it is not the caller's (row-level security). */
export function inTenant<T>(auth: AccessClaims, tenantId: string, work: () => Promise<T>): Promise<T> {
  return tenantId === auth.tenant_id ? work() : withTenant(tenantId, work);
}

/** list: the tenant's roles as a tree (roleName / roleAlias narrow it, as fragments). */
export async function roleList(deps: AppDeps, auth: AccessClaims, query: Record<string, unknown> & { tenantId?: string }) {
  const tenantId = roleTenant(auth, query.tenantId);
  return inTenant(auth, tenantId, async () => {
    const all = await listTenantRoles(deps.db, tenantId);
    const names = new Map(all.map((r) => [r.id, r.role_name]));
    const rows = await listTenantRoles(deps.db, tenantId, bladeConditions(query, ROLE_FILTERS));
    return forest(rows.map((r) => roleView(r, names)));
  });
}

/** tree: the tenant's roles as TreeNodes (the user screen's role picker). */
export async function roleTree(deps: AppDeps, auth: AccessClaims, tenantId: string | undefined): Promise<TreeNode[]> {
  const tenant = roleTenant(auth, tenantId);
  const rows = await inTenant(auth, tenant, () => listTenantRoles(deps.db, tenant));
  return forest(rows.map((r) => treeNode(r.id, r.parent_id, r.role_name)));
}

/** tree-by-id: the role and the roles under it, as TreeNodes. */
export async function roleTreeById(deps: AppDeps, auth: AccessClaims, roleId: string): Promise<TreeNode[]> {
  const rows = await listTenantRoles(deps.db, auth.tenant_id);
  if (!rows.some((r) => r.id === roleId)) throw new NotFound('角色不存在');
  const under = descendantsOf(rows, [roleId]);
  return forest(rows.filter((r) => under.has(r.id)).map((r) => treeNode(r.id, r.parent_id, r.role_name)));
}

/** select: the named roles (comma list), or every role of the tenant when none is named. */
export async function roleSelect(deps: AppDeps, auth: AccessClaims, roleId: string | undefined) {
  const ids = idsOf(roleId, 'roleId');
  const rows = await listTenantRoles(deps.db, auth.tenant_id);
  return rows
    .filter((r) => ids.length === 0 || ids.includes(r.id))
    .map((r) => ({ id: r.id, parentId: r.parent_id, roleName: r.role_name, roleAlias: r.role_alias, sort: r.sort }));
}

export interface RoleInput {
  id?: string;
  parentId?: string;
  roleName?: string;
  roleAlias?: string;
  sort?: number;
  rowVersion?: number;
}

/** The body's fields the dialog's form checks (schemas/adminrole.json; parentId, a tree picker, is checked below). */
const ROLE_FIELDS = ['roleName', 'roleAlias', 'sort'] as const;

/** submit: a new role without id, a change with id and its rowVersion. */
export async function submitRole(
  deps: AppDeps,
  auth: AccessClaims,
  input: RoleInput,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const tenantId = auth.tenant_id;
  // The dialog's own form (schemas/adminrole.json + rules) checks what is required and the alias's
  // form, with its messages; the parent (a tree of the tenant's roles) is the server's own check below.
  await checkDialog({ db: deps.db, tenantId, now, dictionaries: deps.caches }, DIALOG_FORMS.adminRole, dialogValues(input, ROLE_FIELDS));
  const roleName = input.roleName?.trim() ?? '';
  const roleAlias = input.roleAlias?.trim() ?? '';
  // The alias administrator opens every administration route: only an administrator hands it out.
  if (ADMIN_ALIASES.has(roleAlias) && !isAdministrator(auth)) throw new Forbidden('只有管理员可以设置管理员角色');
  const parentId = input.parentId?.trim() || '0';
  const all = await listTenantRoles(deps.db, tenantId);
  if (parentId !== '0') {
    if (input.id && parentId === input.id) throw new Refusal('父节点不可选择自身!');
    if (!all.some((r) => r.id === parentId)) throw new Refusal('上级角色不存在');
    if (input.id && descendantsOf(all, [input.id]).has(parentId)) throw new Refusal('父节点不可选择自身的下级!');
  }
  if (await roleAliasTaken(deps.db, tenantId, roleAlias, input.id)) throw new Refusal('角色别名已存在');
  const row = { parent_id: parentId, role_name: roleName, role_alias: roleAlias, sort: input.sort ?? 0 };
  if (!input.id) {
    const id = newId(now.getTime());
    await insertRole(deps.db, tenantId, id, row, byName(auth), now);
    return { id, created: true };
  }
  const version = requiredRowVersion(input.rowVersion, '角色');
  const before = all.find((r) => r.id === input.id);
  if (!before) throw new NotFound('角色不存在');
  await inTransaction(deps.db, async (trx) => {
    const updated = await updateRoleAt(trx, tenantId, before.id, version, row, byName(auth), now);
    if (!updated) throw staleRow('角色', await findTenantRole(trx, tenantId, before.id));
    if (ADMIN_ALIASES.has(before.role_alias) && !ADMIN_ALIASES.has(roleAlias)) await keepAnAdministrator(trx, tenantId, before.id);
  });
  // The alias is in the callers' tokens only at their next login; the kept grants go now.
  deps.caches.clear([tenantId]);
  return { id: before.id, created: false };
}

/**
 * Refuses (rolling back) a change that leaves the tenant without an administrator role holding
 * 系统管理 — nobody could grant anything back. `changed` is the role that just lost it.
 */
export async function keepAnAdministrator(trx: AppDeps['db'], tenantId: string, changed: string | undefined): Promise<void> {
  const system = await systemMenuId(trx);
  if (!system) return;
  const holders = await administratorRolesHolding(trx, tenantId, system);
  if (holders.length === 0) throw new Refusal('不能取消最后一个管理员角色的系统管理权限', { roleId: changed });
}

async function systemMenuId(db: AppDeps['db']): Promise<string | undefined> {
  return (await liveMenus(db)).find((m) => m.code === 'system' && m.category === 1)?.id;
}

/** remove: soft-deletes the roles; refused while a user holds one or a role sits under one. */
export async function removeRoles(deps: AppDeps, auth: AccessClaims, ids: string, now: Date): Promise<void> {
  const tenantId = auth.tenant_id;
  const roleIds = idsOf(ids, 'ids');
  if (roleIds.length === 0) throw new Refusal('参数[ids]不能为空');
  const all = await listTenantRoles(deps.db, tenantId);
  const names = new Map(all.map((r) => [r.id, r.role_name]));
  if (roleIds.some((id) => !names.has(id))) throw new NotFound('角色不存在');
  if (all.some((r) => roleIds.includes(r.parent_id) && !roleIds.includes(r.id))) throw new Refusal('请先删除子节点!');
  await inTransaction(deps.db, async (trx) => {
    const held = await rolesHeldByUsers(trx, tenantId, roleIds);
    if (held.length > 0) throw new Refusal(`角色仍有用户使用，不能删除：${held.map((id) => names.get(id)).join('、')}`, { roleIds: held });
    await softDeleteRoles(trx, tenantId, roleIds, byName(auth), now);
    if (roleIds.some((id) => all.some((r) => r.id === id && ADMIN_ALIASES.has(r.role_alias))))
      await keepAnAdministrator(trx, tenantId, roleIds[0]!);
  });
  deps.caches.clear([tenantId]);
}
