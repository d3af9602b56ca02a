// Data scopes and api scopes (blade-system/data-scope, api-scope; spec 002 §7): platform rows
// attached to a menu, written by the platform administrator, granted to roles with role/grant.
// What they do: access/services/scope-data.ts (a list narrowed for a role), access/services/scope-api-access.ts
// (paths only the roles granted them may call).
import type { AccessClaims } from '../../auth/index';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../db/ids';
import { asSystem } from '../../db/tenant-scope';
import { NotFound, Refusal } from '../../domain/errors';
import { paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { findMenu } from '../repositories/menu-admin';
import { dropGrantsOf } from '../repositories/role-grants';
import {
  findScope,
  insertScope,
  liveScopes,
  pageScopes,
  updateScopeAt,
  type ScopeApiRow,
  type ScopeDataRow,
  type ScopeTable,
  type ScopeWriteOf,
} from '../repositories/scope-rules';
import { softDeletePlatformRows } from '../../platform/repositories/soft-delete';
import { checkDialog, dialogValues, DIALOG_FORMS, dateTime } from '../../forms/index';
import { bladeConditions } from './menu-admin';
import { byName, idsOf, requiredRowVersion, requirePlatformAdministrator, staleRow } from './role-callers';
import { compileApiPattern, PROTECTED_PATHS } from './scope-api-access';

/** BladeX's data scope types. */
export const DATA_SCOPE_TYPES: Readonly<Record<number, string>> = {
  1: '全部可见',
  2: '本人可见',
  3: '所在机构可见',
  4: '所在机构及子级可见',
  5: '自定义',
};

const NAMES = { blade_scope_data: '数据权限', blade_scope_api: '接口权限' } as const;

const FILTERS: Record<ScopeTable, Record<string, FilterColumn>> = {
  blade_scope_data: {
    scopeName: { column: 'scope_name', kind: 'text' },
    resourceCode: { column: 'resource_code', kind: 'text' },
    menuId: { column: 'menu_id', kind: 'text' },
    scopeType: { column: 'scope_type', kind: 'number' },
  },
  blade_scope_api: {
    scopeName: { column: 'scope_name', kind: 'text' },
    resourceCode: { column: 'resource_code', kind: 'text' },
    menuId: { column: 'menu_id', kind: 'text' },
    scopePath: { column: 'scope_path', kind: 'text' },
  },
};

const common = (s: ScopeDataRow | ScopeApiRow) => ({
  id: s.id,
  menuId: s.menu_id,
  resourceCode: s.resource_code,
  scopeName: s.scope_name,
  scopeType: s.scope_type,
  remark: s.remark,
  rowVersion: s.row_version,
  updateUserName: s.update_user_name,
  updateTime: s.update_time ? dateTime(new Date(s.update_time)) : '',
});

export function scopeView(table: ScopeTable, s: ScopeDataRow | ScopeApiRow) {
  if (table === 'blade_scope_api') return { ...common(s), scopePath: (s as ScopeApiRow).scope_path };
  const data = s as ScopeDataRow;
  return {
    ...common(s),
    scopeColumn: data.scope_column,
    scopeValue: data.scope_value,
    scopeTypeName: DATA_SCOPE_TYPES[data.scope_type] ?? '',
  };
}

export async function scopePage(deps: AppDeps, table: ScopeTable, query: Record<string, unknown> & { current?: number; size?: number }) {
  const { current, size, offset } = paging(query);
  const { rows, total } = await pageScopes(deps.db, table, bladeConditions(query, FILTERS[table]), offset, size);
  return { records: rows.map((s) => scopeView(table, s)), total, current, size };
}

export async function scopeDetail(deps: AppDeps, table: ScopeTable, id: string) {
  const row = await findScope(deps.db, table, id);
  if (!row) throw new NotFound(`${NAMES[table]}不存在`);
  return scopeView(table, row);
}

export interface ScopeInput {
  id?: string;
  menuId?: string;
  resourceCode?: string;
  scopeName?: string;
  scopeColumn?: string;
  scopeType?: number;
  scopeValue?: string;
  scopePath?: string;
  remark?: string;
  rowVersion?: number;
}

/** The body's fields the api scope dialog's form checks (schemas/adminapiscope.json). */
const API_SCOPE_FIELDS = ['menuId', 'resourceCode', 'scopeName', 'scopePath', 'scopeType', 'remark'] as const;
/** The body's fields the data scope dialog's form checks (schemas/admindatascope.json). */
const DATA_SCOPE_FIELDS = ['menuId', 'resourceCode', 'scopeName', 'scopeColumn', 'scopeType', 'scopeValue', 'remark'] as const;

async function checkedScope<T extends ScopeTable>(
  deps: AppDeps,
  auth: AccessClaims,
  table: T,
  input: ScopeInput,
  now: Date,
): Promise<ScopeWriteOf<T>> {
  // The dialog's own form (schemas/adminapiscope.json, admindatascope.json + rules) checks what is
  // required, with its messages (a data scope's 规则值 only for 自定义); the menu's existence, the
  // path's form and reach and the listed departments are the server's own, below.
  const ctx = { db: deps.db, tenantId: auth.tenant_id, now, dictionaries: deps.caches };
  if (table === 'blade_scope_api') await checkDialog(ctx, DIALOG_FORMS.adminApiScope, dialogValues(input, API_SCOPE_FIELDS));
  else await checkDialog(ctx, DIALOG_FORMS.adminDataScope, dialogValues(input, DATA_SCOPE_FIELDS));
  const scopeName = input.scopeName?.trim() ?? '';
  const menuId = input.menuId?.trim() ?? '';
  if (!(await findMenu(deps.db, menuId))) throw new Refusal('所属菜单不存在');
  const base = { menu_id: menuId, resource_code: input.resourceCode?.trim() ?? '', scope_name: scopeName, remark: input.remark ?? '' };
  if (table === 'blade_scope_api') {
    const path = input.scopePath?.trim() ?? '';
    const pattern = compileApiPattern(path);
    if (!pattern) throw new Refusal('接口路径应以/开头，只含字母、数字、-、_、.、/和通配符*');
    if (PROTECTED_PATHS.some((p) => pattern.test(p))) throw new Refusal('接口权限不能覆盖登录、角色、菜单和权限管理的接口');
    return { ...base, scope_path: path, scope_type: Number(input.scopeType) } as ScopeWriteOf<T>;
  }
  const scopeType = input.scopeType ?? 0;
  if (!DATA_SCOPE_TYPES[scopeType]) throw new Refusal('请选择数据权限类型');
  const value = scopeType === 5 ? idsOf(input.scopeValue ?? '', 'scopeValue').join(',') : '';
  if (scopeType === 5 && !value) throw new Refusal('自定义数据权限请填写机构编号');
  return { ...base, scope_column: input.scopeColumn?.trim() || 'dept_id', scope_type: scopeType, scope_value: value } as ScopeWriteOf<T>;
}

export async function submitScope(deps: AppDeps, auth: AccessClaims, table: ScopeTable, input: ScopeInput, now: Date) {
  requirePlatformAdministrator(auth);
  const row = await checkedScope(deps, auth, table, input, now);
  let created = false;
  let id = input.id;
  if (!id) {
    id = newId(now.getTime());
    await insertScope(deps.db, table, id, row, byName(auth), now);
    created = true;
  } else {
    const version = requiredRowVersion(input.rowVersion, NAMES[table]);
    if (!(await findScope(deps.db, table, id))) throw new NotFound(`${NAMES[table]}不存在`);
    const updated = await updateScopeAt(deps.db, table, id, version, row, byName(auth), now);
    if (!updated) throw staleRow(NAMES[table], await findScope(deps.db, table, id));
  }
  // Every tenant's kept scopes (and the route guard's api patterns) go, here and in the other processes.
  deps.caches.clear(['*']);
  return { id, created };
}

export async function removeScopes(deps: AppDeps, auth: AccessClaims, table: ScopeTable, ids: string, now: Date): Promise<void> {
  requirePlatformAdministrator(auth);
  const scopeIds = idsOf(ids, 'ids');
  if (scopeIds.length === 0) throw new Refusal('参数[ids]不能为空');
  if ((await liveScopes(deps.db, table, scopeIds)).length !== scopeIds.length) throw new NotFound(`${NAMES[table]}不存在`);
  // The grants of a removed scope are every tenant's rows: dropped as the platform's named system work.
  await asSystem('scope remove: grants of every tenant', () =>
    inTransaction(deps.db, async (trx) => {
      await softDeletePlatformRows(trx, table, scopeIds, byName(auth), now);
      await dropGrantsOf(trx, [], scopeIds);
    }),
  );
  deps.caches.clear(['*']);
}
