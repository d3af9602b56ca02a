// Administrative divisions (行政区划, blade-system/region; spec 002 §7, issue 21 §2). Platform rows of
// the root tenant that every tenant reads (the address and region pickers, the tenants' region
// codes); only the platform administrator writes them. Row-level security lets every tenant read
// the root's rows of blade_region (db/tenant-rls.ts PLATFORM_DEFAULT_TABLES), so the reads run in
// the caller's own scope; the writes are the platform administrator's, whose scope is the root's.
import type { Kysely } from 'kysely';
import { type AccessClaims, findTenant } from '../../auth/index';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-scope';
import { NotFound, Refusal } from '../../domain/errors';
import {
  findRegion,
  findRegionEvenRemoved,
  findRegions,
  insertRegion,
  listRegions,
  regionChildren,
  regionDescendants,
  regionsToLevel,
  regionsWithChildren,
  softDeleteRegions,
  updateRegion,
  type RegionRow,
  type RegionWrite,
} from '../repositories/region';
import { dateTime, checkDialog, dialogValues, DIALOG_FORMS } from '../../forms/index';
import { readableTenant, requirePlatformAdministrator, ROOT_TENANT } from './org-admin-access';
import { mergeForest } from './org-admin-tree';
import { requiredRowVersion, versionOrStale } from './org-admin-versions';
import type { RegionTreeNode, RegionView } from '../../../src/shared/contract/org';

export type { RegionView };

/** Above the provinces, as BladeX. */
export const TOP_CODE = '00';
export const MAX_LEVEL = 5;
export const REGION_LEVELS: Readonly<Record<number, string>> = { 1: '省份', 2: '地市', 3: '区县', 4: '乡镇', 5: '村委' };
const NOT_FOUND = '区划不存在';

export const REGION_MESSAGES = {
  parentMissing: '上级区划不存在',
  codePrefix: '区划编号须以上级区划编号开头',
  tooDeep: '区划层级不能超过5级',
  parentFixed: '不可修改上级区划',
  codeTaken: '区划编号已存在',
  hasChildren: (name: string) => `区划[${name}]存在下级区划，请先删除下级区划`,
  noneChosen: '请选择至少一条数据',
  unknown: (code: string) => `区划[${code}]不存在`,
  otherTenant: '不能查看其他租户的区划',
  onlyPlatform: '只有平台管理员可以维护行政区划',
} as const;

const regionView = (row: RegionRow): RegionView => ({
  code: row.code,
  parentCode: row.parent_code,
  ancestors: row.ancestors,
  name: row.name,
  regionLevel: row.region_level,
  regionLevelName: REGION_LEVELS[row.region_level] ?? '',
  sort: row.sort,
  remark: row.remark,
  rowVersion: row.row_version,
  updateTime: row.update_time ? dateTime(new Date(row.update_time)) : '',
});

const codesAbove = (row: RegionRow) => row.ancestors.split(',').filter((c) => c && c !== TOP_CODE);

/** 广东省河源市源城区: the names from the province down to the region itself. */
async function fullNameOf(db: Kysely<Database>, row: RegionRow): Promise<string> {
  const above = await findRegions(db, ROOT_TENANT, codesAbove(row));
  return [...above.sort((a, b) => a.region_level - b.region_level).map((r) => r.name), row.name].join('');
}

export async function regionList(
  db: Kysely<Database>,
  query: Record<string, unknown> & { current?: number; size?: number; parentCode?: string },
) {
  const result = await listRegions(db, ROOT_TENANT, query);
  return { ...result, records: result.rows.map(regionView) };
}

export async function regionDetail(db: Kysely<Database>, code: string) {
  const row = await findRegion(db, ROOT_TENANT, code);
  if (!row) throw new NotFound(NOT_FOUND);
  const parent = row.parent_code === TOP_CODE ? undefined : await findRegion(db, ROOT_TENANT, row.parent_code);
  return { ...regionView(row), parentName: parent?.name ?? '', fullName: await fullNameOf(db, row) };
}

/** The region code of a tenant the caller may read (its own; any, for the platform administrator). */
async function tenantRegionCode(db: Kysely<Database>, auth: AccessClaims, tenantId: string): Promise<string> {
  const tenant = tenantId === auth.tenant_id ? await findTenant(db, tenantId) : await withTenant(tenantId, () => findTenant(db, tenantId));
  return tenant?.region_code ?? '';
}

/** get-tenant-region-code: the caller's tenant's region (null when the tenant names none or an unknown one). */
export async function tenantRegion(db: Kysely<Database>, auth: AccessClaims) {
  const code = await tenantRegionCode(db, auth, auth.tenant_id);
  if (!code) return null;
  const row = await findRegion(db, ROOT_TENANT, code);
  return row ? { ...regionView(row), fullName: await fullNameOf(db, row) } : null;
}

const nodeOf = (row: RegionRow, hasChildren = false): RegionTreeNode => ({
  id: row.code,
  parentId: row.parent_code,
  title: row.name,
  value: row.code,
  key: row.code,
  hasChildren,
  regionLevel: row.region_level,
});

/** lazy-tree: the regions one level under `parentCode` (default: the provinces). */
export async function regionLazyTree(db: Kysely<Database>, parentCode: string | undefined): Promise<RegionTreeNode[]> {
  const rows = await regionChildren(db, ROOT_TENANT, parentCode || TOP_CODE);
  return rows.map((r) => nodeOf(r, Boolean(r.has_children)));
}

/** level-tree: every region down to `level` (default 3, districts) as one tree. */
export async function regionLevelTree(db: Kysely<Database>, level: number | undefined): Promise<RegionTreeNode[]> {
  const rows = await regionsToLevel(db, ROOT_TENANT, level ?? 3);
  return mergeForest(
    rows.map((r) => nodeOf(r)),
    (n) => n.id,
    (n) => n.parentId,
  );
}

export interface TreeByCodesParams {
  tenantId?: string;
  codes?: string;
  child?: boolean;
  id?: string;
  backTree?: boolean;
  opt?: number;
}

const splitCodes = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * treeByCodes (GET and POST alike; the spec names the parameters only, server/README.md has our
 * reading): the regions `codes` (default: the tenant's region code, `tenantId` another tenant's for
 * the platform administrator) as a tree; `child` (default true) adds everything under them,
 * `backTree` (default false) the regions above them up to the province, `opt` the deepest level
 * answered (1–5), `id` answers only the nodes one level under that region.
 */
export async function regionTreeByCodes(db: Kysely<Database>, auth: AccessClaims, params: TreeByCodesParams): Promise<RegionTreeNode[]> {
  const tenant = readableTenant(auth, params.tenantId, REGION_MESSAGES.otherTenant);
  const codes = params.codes ? splitCodes(params.codes) : [await tenantRegionCode(db, auth, tenant)].filter(Boolean);
  const maxLevel = params.opt ?? MAX_LEVEL;
  const child = params.child ?? true;
  const chosen = (await findRegions(db, ROOT_TENANT, codes)).filter((r) => r.region_level <= maxLevel);
  const below = child
    ? await regionDescendants(
        db,
        ROOT_TENANT,
        chosen.map((r) => r.code),
        maxLevel,
      )
    : [];
  const above = params.backTree ? await findRegions(db, ROOT_TENANT, [...new Set(chosen.flatMap(codesAbove))]) : [];
  const byCode = new Map<string, RegionRow>();
  for (const row of [...above, ...chosen, ...below]) byCode.set(row.code, row);
  const rows = [...byCode.values()].sort((a, b) => a.region_level - b.region_level || a.sort - b.sort || a.code.localeCompare(b.code));
  // A node whose children are not in the answer still says whether it has some (to load them later).
  const leaves = rows.filter((r) => !rows.some((c) => c.parent_code === r.code) && r.region_level < maxLevel).map((r) => r.code);
  const withMore = new Set(await regionsWithChildren(db, ROOT_TENANT, leaves));
  const forest = mergeForest(
    rows.map((r) => nodeOf(r, withMore.has(r.code))),
    (n) => n.id,
    (n) => n.parentId,
  );
  if (!params.id) return forest;
  const found = findNode(forest, params.id);
  if (found?.children) return found.children.map((node) => ({ ...node, children: undefined }));
  // Below the answer's leaves (a lazy tree's next level), but never outside the codes asked for.
  if (!chosen.some((r) => params.id!.startsWith(r.code))) return [];
  const next = await regionChildren(db, ROOT_TENANT, params.id);
  return next.filter((r) => r.region_level <= maxLevel).map((r) => nodeOf(r, Boolean(r.has_children) && r.region_level < maxLevel));
}

function findNode(nodes: RegionTreeNode[], id: string): RegionTreeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode(node.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * parseConcatAddress: region codes into one address text. `code` gives its whole chain
 * (广东省河源市源城区), `codes` the named regions in level order; `address` (the street and house)
 * follows.
 */
export async function parseConcatAddress(
  db: Kysely<Database>,
  params: { code?: string; codes?: string; address?: string },
): Promise<string> {
  const code = params.code?.trim();
  const codes = splitCodes(params.codes);
  if (!code && codes.length === 0) throw new Refusal('参数[codes]不能为空');
  if (code) {
    const row = await findRegion(db, ROOT_TENANT, code);
    if (!row) throw new Refusal(REGION_MESSAGES.unknown(code));
    return `${await fullNameOf(db, row)}${params.address?.trim() ?? ''}`;
  }
  const rows = await findRegions(db, ROOT_TENANT, codes);
  const missing = codes.find((c) => !rows.some((r) => r.code === c));
  if (missing) throw new Refusal(REGION_MESSAGES.unknown(missing));
  return `${rows.map((r) => r.name).join('')}${params.address?.trim() ?? ''}`;
}

export interface RegionSubmit {
  code?: string;
  parentCode?: string;
  name?: string;
  /** The dialog's 区划层级 (required by it); the level written is the parent's plus one. */
  regionLevel?: number;
  sort?: number;
  remark?: string;
  rowVersion?: number;
}

/** The body's fields the dialog's form checks (schemas/adminregion.json). */
const REGION_FIELDS = ['parentCode', 'code', 'name', 'regionLevel', 'sort', 'remark'] as const;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** submit: a new code creates (新增成功), a live one updates over the version read (修改成功), a removed one comes back. */
export async function submitRegion(
  db: Kysely<Database>,
  auth: AccessClaims,
  body: RegionSubmit,
  now: Date,
): Promise<{ code: string; rowVersion: number; msg: string }> {
  requirePlatformAdministrator(auth, REGION_MESSAGES.onlyPlatform);
  // The dialog's own form (schemas/adminregion.json + rules) checks what is required, with its messages.
  await checkDialog({ db, tenantId: auth.tenant_id, now }, DIALOG_FORMS.adminRegion, dialogValues(body, REGION_FIELDS));
  const code = (body.code ?? '').trim();
  const name = (body.name ?? '').trim();
  const parentCode = body.parentCode?.trim() || TOP_CODE;
  let level = 1;
  let ancestors = TOP_CODE;
  if (parentCode !== TOP_CODE) {
    const parent = await findRegion(db, ROOT_TENANT, parentCode);
    if (!parent) throw new Refusal(REGION_MESSAGES.parentMissing);
    level = parent.region_level + 1;
    ancestors = `${parent.ancestors},${parent.code}`;
  }
  if (parentCode !== TOP_CODE && (!code.startsWith(parentCode) || code.length <= parentCode.length))
    throw new Refusal(REGION_MESSAGES.codePrefix);
  if (level > MAX_LEVEL) throw new Refusal(REGION_MESSAGES.tooDeep);
  const input: RegionWrite = {
    code,
    parentCode,
    ancestors,
    name,
    regionLevel: level,
    sort: body.sort ?? 0,
    remark: (body.remark ?? '').trim(),
  };
  const existing = await findRegionEvenRemoved(db, ROOT_TENANT, code);
  if (!existing) {
    try {
      await insertRegion(db, ROOT_TENANT, input, auth.user_id, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal(REGION_MESSAGES.codeTaken);
      throw error;
    }
    return { code, rowVersion: 1, msg: '新增成功' };
  }
  if (existing.is_deleted !== 0) {
    const revived = await updateRegion(db, ROOT_TENANT, input, { revive: true }, auth.user_id, now);
    if (revived === undefined) throw new Refusal(REGION_MESSAGES.codeTaken);
    return { code, rowVersion: revived, msg: '新增成功' };
  }
  if (existing.parent_code !== parentCode) throw new Refusal(REGION_MESSAGES.parentFixed);
  const updated = await updateRegion(
    db,
    ROOT_TENANT,
    input,
    { rowVersion: requiredRowVersion(body.rowVersion, '区划') },
    auth.user_id,
    now,
  );
  const next = await versionOrStale(db, '区划', ROOT_TENANT, updated, () => findRegion(db, ROOT_TENANT, code), NOT_FOUND);
  return { code, rowVersion: next, msg: '修改成功' };
}

/** remove: all or nothing; a region with live children stays. */
export async function removeRegions(db: Kysely<Database>, auth: AccessClaims, rawCodes: string, now: Date): Promise<void> {
  requirePlatformAdministrator(auth, REGION_MESSAGES.onlyPlatform);
  const codes = [...new Set(splitCodes(rawCodes))];
  if (codes.length === 0) throw new Refusal(REGION_MESSAGES.noneChosen);
  if (codes.some((c) => !/^[0-9]{2,12}$/.test(c))) throw new Refusal('参数[ids]格式不正确');
  const rows = await findRegions(db, ROOT_TENANT, codes);
  if (rows.length !== codes.length) throw new NotFound(NOT_FOUND);
  const withChildren = await regionsWithChildren(db, ROOT_TENANT, codes);
  if (withChildren.length > 0) throw new Refusal(REGION_MESSAGES.hasChildren(rows.find((r) => r.code === withChildren[0])!.name));
  await softDeleteRegions(db, ROOT_TENANT, codes, auth.user_id, now);
}
