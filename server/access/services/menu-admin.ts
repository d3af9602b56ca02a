// Menus and buttons (blade-system/menu administration, spec 002 §7, spec 000 "Menus"): platform
// rows every tenant shares. Everyone with 菜单管理 reads them; only the platform administrator
// adds, changes or removes one (a menu with children cannot be removed). A removed menu's grants go
// with it in every tenant, so no role keeps a code that no longer exists.
import type { MenuView } from '../../../src/shared/contract/access';
import type { AccessClaims } from '../../auth/index';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../db/ids';
import { asSystem } from '../../db/tenant-scope';
import { NotFound, Refusal } from '../../domain/errors';
import { filterConditions, type FilterColumn } from '../../platform/repositories/crud-filters';
import { inTransaction } from '../../platform/repositories/form-transaction';
import {
  findMenu,
  insertMenu,
  liveMenus,
  menuCodeTaken,
  menusWithOtherChildren,
  softDeleteMenus,
  updateMenuAt,
  type MenuWrite,
} from '../repositories/menu-admin';
import type { Menu } from '../repositories/menus';
import { dropGrantsOf } from '../repositories/role-grants';
import { scopeIdsOfMenus } from '../repositories/scope-rules';
import { softDeletePlatformRows } from '../../platform/repositories/soft-delete';
import { checkDialog, dialogValues, DIALOG_FORMS, dateTime } from '../../forms/index';
import { descendantsOf, forest, treeNode, type TreeNode } from './menu-admin-tree';
import { byName, idsOf, requiredRowVersion, requirePlatformAdministrator, staleRow } from './role-callers';

/** 租户管理 and its buttons: the platform's own work, never granted to a tenant's role. */
export const PLATFORM_MENU_CODE = 'tenant';
/** 系统管理: the last administrator role of a tenant keeps it. */
export const SYSTEM_MENU_CODE = 'system';

/** A menu or button as 菜单管理 lists it: the contract's (src/shared/contract/access.ts). */
export type { MenuView };

const MENU_FILTERS: Record<string, FilterColumn> = {
  code: { column: 'code', kind: 'text' },
  name: { column: 'name', kind: 'text' },
  alias: { column: 'alias', kind: 'text' },
  path: { column: 'path', kind: 'text' },
  category: { column: 'category', kind: 'number' },
};

/** BladeX's list conditions (a plain `name=…` is a fragment search), read by crud-filters. */
export const bladeConditions = (query: Record<string, unknown>, allowed: Record<string, FilterColumn>) => filterConditions(query, allowed);

export function menuView(menu: Menu, names: Map<string, string>): MenuView {
  return {
    id: menu.id,
    parentId: menu.parent_id,
    parentName: names.get(menu.parent_id) ?? '顶级',
    code: menu.code,
    name: menu.name,
    alias: menu.alias,
    path: menu.path,
    source: menu.source,
    sort: menu.sort,
    category: menu.category,
    isOpen: menu.is_open,
    remark: menu.remark,
    rowVersion: menu.row_version,
    updateUserName: menu.update_user_name,
    updateTime: menu.update_time ? dateTime(new Date(menu.update_time)) : '',
    hasChildren: false,
  };
}

const namesOf = (menus: Menu[]) => new Map(menus.map((m) => [m.id, m.name]));

/** The ids of every live menu a tenant's role may hold: all but 租户管理 and what is under it. */
export function tenantMenuIds(menus: readonly Menu[]): Set<string> {
  const platform = descendantsOf(
    menus,
    menus.filter((m) => m.code === PLATFORM_MENU_CODE).map((m) => m.id),
  );
  return new Set(menus.filter((m) => !platform.has(m.id)).map((m) => m.id));
}

/** list / menu-list: the (filtered) menus as a tree; menu-list leaves the buttons out. */
export async function menuTreeList(deps: AppDeps, query: Record<string, unknown>, category?: 1): Promise<MenuView[]> {
  const all = await liveMenus(deps.db);
  const names = namesOf(all);
  const rows = await liveMenus(deps.db, bladeConditions(query, MENU_FILTERS), category);
  return forest(rows.map((m) => menuView(m, names)));
}

/** lazy-list / lazy-menu-list: one level (parentId, default the top), each saying whether it has children. */
export async function menuLazyList(deps: AppDeps, parentId: string | undefined, query: Record<string, unknown>, category?: 1) {
  const all = await liveMenus(deps.db, [], category);
  const names = namesOf(all);
  const parents = new Set(all.map((m) => m.parent_id));
  const filtered = await liveMenus(deps.db, bladeConditions(query, MENU_FILTERS), category);
  return filtered.filter((m) => m.parent_id === (parentId || '0')).map((m) => ({ ...menuView(m, names), hasChildren: parents.has(m.id) }));
}

/** tree: the menus (no buttons) as TreeNodes, for the parent picker. */
export async function menuPickerTree(deps: AppDeps): Promise<TreeNode[]> {
  const menus = await liveMenus(deps.db, [], 1);
  return forest(menus.map((m) => treeNode(m.id, m.parent_id, m.name)));
}

export async function menuDetail(deps: AppDeps, id: string): Promise<MenuView> {
  const menu = await findMenu(deps.db, id);
  if (!menu) throw new NotFound('菜单不存在');
  const parent = menu.parent_id === '0' ? undefined : await findMenu(deps.db, menu.parent_id);
  return menuView(menu, new Map(parent ? [[parent.id, parent.name]] : []));
}

export interface MenuInput {
  id?: string;
  parentId?: string;
  code?: string;
  name?: string;
  alias?: string;
  path?: string;
  source?: string;
  sort?: number;
  category?: number;
  isOpen?: number;
  remark?: string;
  rowVersion?: number;
}

/** The body's fields the dialog's form checks (schemas/adminmenu.json; parentId, a tree picker, is checked below). */
const MENU_FIELDS = ['name', 'code', 'alias', 'category', 'path', 'source', 'action', 'isOpen', 'sort', 'remark'] as const;

async function checkedMenu(deps: AppDeps, auth: AccessClaims, input: MenuInput, now: Date): Promise<MenuWrite> {
  // The dialog's own form (schemas/adminmenu.json + rules) checks what is required and the code's
  // form, with its messages; the parent, a button's parent and a unique code are the server's own.
  await checkDialog(
    { db: deps.db, tenantId: auth.tenant_id, now, dictionaries: deps.caches },
    DIALOG_FORMS.adminMenu,
    dialogValues(input as MenuInput & { action?: unknown }, MENU_FIELDS),
  );
  const name = input.name?.trim() ?? '';
  const code = input.code?.trim() ?? '';
  const category = Number(input.category);
  const parentId = input.parentId?.trim() || '0';
  if (input.id && parentId === input.id) throw new Refusal('父节点不可选择自身!');
  if (parentId !== '0') {
    const all = await liveMenus(deps.db);
    if (!all.some((m) => m.id === parentId)) throw new Refusal('上级菜单不存在');
    if (input.id && descendantsOf(all, [input.id]).has(parentId)) throw new Refusal('父节点不可选择自身的下级!');
  } else if (category === 2) throw new Refusal('按钮必须选择上级菜单');
  if (await menuCodeTaken(deps.db, code, input.id)) throw new Refusal('菜单编号已存在!');
  return {
    parent_id: parentId,
    code,
    name,
    alias: input.alias?.trim() ?? '',
    path: input.path?.trim() ?? '',
    source: input.source?.trim() ?? '',
    sort: input.sort ?? 0,
    category,
    is_open: input.isOpen ?? 1,
    remark: input.remark ?? '',
  };
}

/** submit: a new menu without id, a change with id and the rowVersion read (428 without, 409 stale). */
export async function submitMenu(
  deps: AppDeps,
  auth: AccessClaims,
  input: MenuInput,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  requirePlatformAdministrator(auth);
  const row = await checkedMenu(deps, auth, input, now);
  if (!input.id) {
    const id = newId(now.getTime());
    await insertMenu(deps.db, id, row, byName(auth), now);
    return { id, created: true };
  }
  const version = requiredRowVersion(input.rowVersion, '菜单');
  const before = await findMenu(deps.db, input.id);
  if (!before) throw new NotFound('菜单不存在');
  const updated = await updateMenuAt(deps.db, input.id, version, row, byName(auth), now);
  if (!updated) throw staleRow('菜单', await findMenu(deps.db, input.id));
  // A changed code changes what route-access grants: every tenant's kept grants go.
  if (before.code !== row.code) deps.caches.clear(['*']);
  return { id: input.id, created: false };
}

/** remove: soft-deletes the menus (none may keep a child), their scopes, and every role's grant of them. */
export async function removeMenus(deps: AppDeps, auth: AccessClaims, ids: string, now: Date): Promise<void> {
  requirePlatformAdministrator(auth);
  const menuIds = idsOf(ids, 'ids');
  if (menuIds.length === 0) throw new Refusal('参数[ids]不能为空');
  const live = new Set((await liveMenus(deps.db)).map((m) => m.id));
  if (menuIds.some((id) => !live.has(id))) throw new NotFound('菜单不存在');
  if ((await menusWithOtherChildren(deps.db, menuIds)).length > 0) throw new Refusal('请先删除子节点!');
  // Grants are rows of every tenant (row-level security): named system work of the platform administrator.
  await asSystem('menu remove: grants of every tenant', () =>
    inTransaction(deps.db, async (trx) => {
      const gone = await softDeleteMenus(trx, menuIds, byName(auth), now);
      const dataScopes = await scopeIdsOfMenus(trx, 'blade_scope_data', gone);
      const apiScopes = await scopeIdsOfMenus(trx, 'blade_scope_api', gone);
      await softDeletePlatformRows(trx, 'blade_scope_data', dataScopes, byName(auth), now);
      await softDeletePlatformRows(trx, 'blade_scope_api', apiScopes, byName(auth), now);
      await dropGrantsOf(trx, gone, [...dataScopes, ...apiScopes]);
    }),
  );
  deps.caches.clear(['*']);
}
