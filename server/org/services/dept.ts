// Departments (机构管理, blade-system/dept; spec 002 §7, issue 21 §2). Everyone signed in reads the
// tenant's tree (the screens' department pickers); administrators with the dept_* buttons write.
// A department's parent is a live department of the same tenant (or '0', the top), never itself
// nor one of its own descendants; one with children or users is not removed.
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-scope';
import { NotFound, Refusal } from '../../domain/errors';
import {
  deptsWithChildren,
  deptsWithUsers,
  findDept,
  findDepts,
  insertDept,
  listDeptChildren,
  listDeptRows,
  lockTenantDepts,
  softDeleteDepts,
  updateDept,
  type DeptRow,
  type DeptWrite,
} from '../repositories/dept';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { checkDialog, dialogValues, DIALOG_FORMS, idList } from '../../forms/index';
import { readableTenant } from './org-admin-access';
import { mergeForest, treeNode, type TreeNode, type WithChildren } from './org-admin-tree';
import { requiredRowVersion, versionOrStale, viewTail } from './org-admin-versions';
import type { DeptView } from '../../../src/shared/contract/org';

export type { DeptView };

export const TOP_PARENT = '0';
const NOT_FOUND = '机构不存在';

export const DEPT_MESSAGES = {
  parentMissing: '上级机构不存在',
  parentSelf: '上级机构不可选择自身',
  parentDescendant: '上级机构不可选择自身的下级机构',
  hasChildren: (name: string) => `机构[${name}]存在下级机构，请先删除下级机构`,
  hasUsers: (name: string) => `机构[${name}]下存在用户，不能删除`,
  noneChosen: '请选择至少一条数据',
  otherTenant: '不能查看其他租户的机构',
} as const;

/** Ancestors of each department, walking the parents of the tenant's live rows (a broken chain stops at the gap). */
function ancestorsOf(all: DeptRow[]): Map<string, string[]> {
  const byId = new Map(all.map((d) => [d.id, d]));
  const out = new Map<string, string[]>();
  for (const dept of all) {
    const chain: string[] = [];
    const seen = new Set([dept.id]);
    let parent = dept.parent_id;
    while (parent !== TOP_PARENT && byId.has(parent) && !seen.has(parent)) {
      chain.unshift(parent);
      seen.add(parent);
      parent = byId.get(parent)!.parent_id;
    }
    out.set(dept.id, [TOP_PARENT, ...chain]);
  }
  return out;
}

function viewsOf(rows: DeptRow[], all: DeptRow[]): DeptView[] {
  const names = new Map(all.map((d) => [d.id, d.dept_name]));
  const ancestors = ancestorsOf(all);
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id,
    parentId: row.parent_id,
    parentName: names.get(row.parent_id) ?? '',
    ancestors: (ancestors.get(row.id) ?? [TOP_PARENT]).join(','),
    deptName: row.dept_name,
    // Seeded rows predate full_name: the short name stands in.
    fullName: row.full_name || row.dept_name,
    deptCategory: row.dept_category,
    regionCode: row.region_code ?? '',
    ...viewTail(row),
  }));
}

/** dept/list: the tenant's departments matching the conditions, as BladeX's tree (`children`). */
export async function deptList(
  db: Kysely<Database>,
  auth: AccessClaims,
  query: Record<string, unknown>,
): Promise<WithChildren<DeptView>[]> {
  const all = await listDeptRows(db, auth.tenant_id);
  const found = await listDeptRows(db, auth.tenant_id, query);
  return mergeForest(
    viewsOf(found, all),
    (d) => d.id,
    (d) => d.parentId,
  );
}

/** dept/lazy-list: one level under `parentId` (default the top), each with `hasChildren`. */
export async function deptLazyList(db: Kysely<Database>, auth: AccessClaims, parentId: string | undefined) {
  const all = await listDeptRows(db, auth.tenant_id);
  const rows = await listDeptChildren(db, auth.tenant_id, parentId || TOP_PARENT);
  const views = viewsOf(rows, all);
  return views.map((view, i) => ({ ...view, hasChildren: Boolean(rows[i]!.has_children) }));
}

const toNode = (d: DeptRow, hasChildren = false) => treeNode(d.id, d.parent_id, d.dept_name, hasChildren);

/** dept/tree: the whole tree as TreeNodes; `tenantId` another tenant's, for the platform administrator only. */
export async function deptTree(db: Kysely<Database>, auth: AccessClaims, tenantId: string | undefined): Promise<TreeNode[]> {
  const tenant = readableTenant(auth, tenantId, DEPT_MESSAGES.otherTenant);
  // Row-level security shows the caller's tenant only: another tenant's rows are read in its own scope.
  const rows = tenant === auth.tenant_id ? await listDeptRows(db, tenant) : await withTenant(tenant, () => listDeptRows(db, tenant));
  return mergeForest(
    rows.map((d) => toNode(d)),
    (n) => n.id,
    (n) => n.parentId,
  );
}

/** dept/lazy-tree: the TreeNodes one level under `parentId` (default the top). */
export async function deptLazyTree(db: Kysely<Database>, auth: AccessClaims, parentId: string | undefined): Promise<TreeNode[]> {
  const rows = await listDeptChildren(db, auth.tenant_id, parentId || TOP_PARENT);
  return rows.map((d) => toNode(d, Boolean(d.has_children)));
}

/** dept/select: the departments named by `deptId` (comma-separated), or all the tenant's when none is named. */
export async function deptSelect(db: Kysely<Database>, auth: AccessClaims, deptId: string | undefined): Promise<DeptView[]> {
  const all = await listDeptRows(db, auth.tenant_id);
  const ids = deptId ? idList(deptId) : [];
  return viewsOf(ids.length > 0 ? await findDepts(db, auth.tenant_id, ids) : all, all);
}

export async function deptDetail(db: Kysely<Database>, auth: AccessClaims, id: string): Promise<DeptView> {
  const row = await findDept(db, auth.tenant_id, id);
  if (!row) throw new NotFound(NOT_FOUND);
  return viewsOf([row], await listDeptRows(db, auth.tenant_id))[0]!;
}

export interface DeptSubmit {
  id?: string;
  parentId?: string;
  deptName?: string;
  fullName?: string;
  deptCategory?: number;
  regionCode?: string;
  sort?: number;
  remark?: string;
  rowVersion?: number;
}

/** The parent must be a live department of the tenant and not the department itself or below it. */
async function checkParent(db: Kysely<Database>, tenantId: string, id: string | undefined, parentId: string): Promise<void> {
  if (parentId === TOP_PARENT) return;
  if (id !== undefined && parentId === id) throw new Refusal(DEPT_MESSAGES.parentSelf);
  const all = await listDeptRows(db, tenantId);
  const byId = new Map(all.map((d) => [d.id, d]));
  if (!byId.has(parentId)) throw new Refusal(DEPT_MESSAGES.parentMissing);
  if (id === undefined) return;
  // Walk up from the new parent: meeting the department itself means the parent is one of its descendants.
  const seen = new Set<string>();
  for (let at = byId.get(parentId); at && !seen.has(at.id); at = byId.get(at.parent_id)) {
    if (at.id === id) throw new Refusal(DEPT_MESSAGES.parentDescendant);
    seen.add(at.id);
  }
}

/** dept/submit: no id creates (新增成功), an id updates over the version read (修改成功; 428 / 409). */
/** The body's fields the dialog's form checks (schemas/admindept.json; parentId, a tree picker, is checked below). */
const DEPT_FIELDS = ['deptName', 'fullName', 'deptCategory', 'sort', 'remark'] as const;

export async function submitDept(
  db: Kysely<Database>,
  auth: AccessClaims,
  body: DeptSubmit,
  now: Date,
): Promise<{ id: string; rowVersion: number; msg: string }> {
  const tenantId = auth.tenant_id;
  // The dialog's own form (schemas/admindept.json + rules) checks what is required, with its messages;
  // the parent (a tree of the tenant's departments) is the server's own check below.
  await checkDialog({ db, tenantId, now }, DIALOG_FORMS.adminDept, dialogValues(body, DEPT_FIELDS));
  const id = body.id?.trim() || undefined;
  const parentId = body.parentId?.trim() || TOP_PARENT;
  const input: DeptWrite = {
    parentId,
    deptName: (body.deptName ?? '').trim(),
    fullName: (body.fullName ?? '').trim(),
    deptCategory: Number(body.deptCategory),
    regionCode: body.regionCode?.trim() || null,
    sort: body.sort ?? 0,
    remark: (body.remark ?? '').trim(),
  };
  return inTransaction(db, async (trx) => {
    await lockTenantDepts(trx, tenantId);
    if (id === undefined) {
      await checkParent(trx, tenantId, undefined, parentId);
      return { id: await insertDept(trx, tenantId, input, auth.user_id, now), rowVersion: 1, msg: '新增成功' };
    }
    const current = await findDept(trx, tenantId, id);
    if (!current) throw new NotFound(NOT_FOUND);
    const rowVersion = requiredRowVersion(body.rowVersion, '机构');
    await checkParent(trx, tenantId, id, parentId);
    const updated = await updateDept(trx, tenantId, id, rowVersion, input, auth.user_id, now);
    const next = await versionOrStale(trx, '机构', tenantId, updated, () => findDept(trx, tenantId, id), NOT_FOUND);
    return { id, rowVersion: next, msg: '修改成功' };
  });
}

/** dept/remove: all or nothing; a department with children or users stays. */
export async function removeDepts(db: Kysely<Database>, auth: AccessClaims, rawIds: string, now: Date): Promise<void> {
  const tenantId = auth.tenant_id;
  const ids = [...new Set(idList(rawIds))];
  if (ids.length === 0) throw new Refusal(DEPT_MESSAGES.noneChosen);
  await inTransaction(db, async (trx) => {
    await lockTenantDepts(trx, tenantId);
    const rows = await findDepts(trx, tenantId, ids);
    if (rows.length !== ids.length) throw new NotFound(NOT_FOUND);
    const name = (id: string) => rows.find((r) => r.id === id)?.dept_name ?? id;
    const withChildren = await deptsWithChildren(trx, tenantId, ids);
    if (withChildren.length > 0) throw new Refusal(DEPT_MESSAGES.hasChildren(name(withChildren[0]!)));
    const withUsers = await deptsWithUsers(trx, tenantId, ids);
    if (withUsers.length > 0) throw new Refusal(DEPT_MESSAGES.hasUsers(name(withUsers[0]!)));
    await softDeleteDepts(trx, tenantId, ids, auth.user_id, now);
  });
}
