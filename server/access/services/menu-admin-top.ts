// Top menus (blade-system/topmenu, menu/grant-top-tree, menu/top-tree-keys; spec 002 §7): the
// top bar's groups of menus. Platform rows like the menus: everyone with 顶部菜单 reads them, the
// platform administrator writes them and says which menus each groups (grant).
import { type AccessClaims, allTenantIds } from '../../auth/index';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../db/ids';
import { asSystem } from '../../db/tenant-scope';
import { NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { liveMenus } from '../repositories/menu-admin';
import {
  findTopMenu,
  insertTopMenu,
  liveTopMenuIds,
  pageTopMenus,
  replaceTopMenuSettings,
  softDeleteTopMenus,
  topMenuCodeTaken,
  topMenuMenuIds,
  updateTopMenuAt,
  type TopMenuRow,
} from '../repositories/menu-admin-top';
import { checkDialog, dialogValues, DIALOG_FORMS, dateTime } from '../../forms/index';
import { forest, treeNode } from './menu-admin-tree';
import { byName, idsOf, PLATFORM_TENANT, requiredRowVersion, requirePlatformAdministrator, staleRow } from './role-callers';

const topMenuView = (t: TopMenuRow) => ({
  id: t.id,
  code: t.code,
  name: t.name,
  source: t.source,
  path: t.path,
  sort: t.sort,
  rowVersion: t.row_version,
  updateUserName: t.update_user_name,
  updateTime: t.update_time ? dateTime(new Date(t.update_time)) : '',
});

export async function topMenuPage(deps: AppDeps, query: Record<string, unknown> & { current?: number; size?: number }) {
  const { rows, total, current, size } = await pageTopMenus(deps.db, query);
  return { records: rows.map(topMenuView), total, current, size };
}

export async function topMenuDetail(deps: AppDeps, id: string) {
  const row = await findTopMenu(deps.db, id);
  if (!row) throw new NotFound('顶部菜单不存在');
  return { ...topMenuView(row), menuIds: await topMenuMenuIds(deps.db, [id]) };
}

export interface TopMenuInput {
  id?: string;
  code?: string;
  name?: string;
  source?: string;
  path?: string;
  sort?: number;
  rowVersion?: number;
}

/** The body's fields the dialog's form checks (schemas/admintopmenu.json). */
const TOP_MENU_FIELDS = ['name', 'code', 'source', 'path', 'sort'] as const;

export async function submitTopMenu(deps: AppDeps, auth: AccessClaims, input: TopMenuInput, now: Date) {
  requirePlatformAdministrator(auth);
  // The dialog's own form (schemas/admintopmenu.json + rules) checks what is required, with its messages.
  await checkDialog(
    { db: deps.db, tenantId: auth.tenant_id, now, dictionaries: deps.caches },
    DIALOG_FORMS.adminTopMenu,
    dialogValues(input, TOP_MENU_FIELDS),
  );
  const name = input.name?.trim() ?? '';
  const code = input.code?.trim() ?? '';
  if (await topMenuCodeTaken(deps.db, code, input.id)) throw new Refusal('顶部菜单编号已存在');
  const row = { code, name, source: input.source?.trim() ?? '', path: input.path?.trim() ?? '', sort: input.sort ?? 0 };
  if (!input.id) {
    const id = newId(now.getTime());
    await insertTopMenu(deps.db, id, row, byName(auth), now);
    return { id, created: true };
  }
  const version = requiredRowVersion(input.rowVersion, '顶部菜单');
  if (!(await findTopMenu(deps.db, input.id))) throw new NotFound('顶部菜单不存在');
  const updated = await updateTopMenuAt(deps.db, input.id, version, row, byName(auth), now);
  if (!updated) throw staleRow('顶部菜单', await findTopMenu(deps.db, input.id));
  return { id: input.id, created: false };
}

export async function removeTopMenus(deps: AppDeps, auth: AccessClaims, ids: string, now: Date): Promise<void> {
  requirePlatformAdministrator(auth);
  const topIds = idsOf(ids, 'ids');
  if (topIds.length === 0) throw new Refusal('参数[ids]不能为空');
  if ((await liveTopMenuIds(deps.db, topIds)).length !== topIds.length) throw new NotFound('顶部菜单不存在');
  await inTransaction(deps.db, (trx) => softDeleteTopMenus(trx, topIds, byName(auth), now));
}

/** grant: the menus each named top menu groups, replaced (the menus of a role's top bar follow at once). */
export async function grantTopMenus(deps: AppDeps, auth: AccessClaims, topMenuIds: unknown, menuIds: unknown): Promise<void> {
  requirePlatformAdministrator(auth);
  const tops = idsOf(topMenuIds as string | string[] | undefined, 'topMenuIds');
  const menus = idsOf(menuIds as string | string[] | undefined, 'menuIds');
  if (tops.length === 0) throw new Refusal('请选择顶部菜单');
  if ((await liveTopMenuIds(deps.db, tops)).length !== tops.length) throw new NotFound('顶部菜单不存在');
  const live = new Set((await liveMenus(deps.db)).map((m) => m.id));
  if (menus.some((id) => !live.has(id))) throw new NotFound('菜单不存在');
  await inTransaction(deps.db, (trx) => replaceTopMenuSettings(trx, tops, menus));
}

/**
 * syn-top-menu: BladeX copies the root tenant's top menus to other tenants. Here top menus are
 * platform rows every tenant already reads, so there is nothing to copy: the call checks what it
 * is given (the platform administrator, live top menus, existing tenants) and says so.
 */
export async function synTopMenus(deps: AppDeps, auth: AccessClaims, ids: string, tenantIds: string) {
  requirePlatformAdministrator(auth);
  const tops = idsOf(ids, 'ids');
  const tenants = tenantIds
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (tops.length === 0) throw new Refusal('请选择顶部菜单');
  if (tenants.length === 0) throw new Refusal('请选择租户');
  if ((await liveTopMenuIds(deps.db, tops)).length !== tops.length) throw new NotFound('顶部菜单不存在');
  // blade_tenant is under row-level security: the list of tenants is the platform's named system read.
  const known = new Set(await asSystem('top menu sync: tenants', () => allTenantIds(deps.db)));
  if (tenants.some((t) => !known.has(t) || t === PLATFORM_TENANT)) throw new NotFound('租户不存在');
  return { topMenuIds: tops, tenantIds: tenants, copied: 0 };
}

/** grant-top-tree: every menu (no buttons), for the top menu's grant dialog: `{menu}`. */
export async function grantTopTree(deps: AppDeps) {
  const menus = await liveMenus(deps.db, [], 1);
  return { menu: forest(menus.map((m) => treeNode(m.id, m.parent_id, m.name))) };
}

/** top-tree-keys: the menus the named top menus group: `{menu}`. */
export async function topTreeKeys(deps: AppDeps, topMenuIds: string | undefined) {
  return { menu: await topMenuMenuIds(deps.db, idsOf(topMenuIds, 'topMenuIds')) };
}
