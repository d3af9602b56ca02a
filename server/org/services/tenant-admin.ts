// 租户管理 (spec 002 §7 tenant): the platform administrator's institutions. Every call but the
// public ones is the root tenant's (000000) alone, whatever menus a tenant grants itself; each reads
// or writes other tenants' rows, so it runs as named system work after that check — or, creating an
// institution, as the new tenant itself.
import type { AppDeps } from '../../app-deps';
import { endTenantSessions, hashPassword, type AccessClaims } from '../../auth/index';
import { newId } from '../../db/ids';
import { PLATFORM_TENANT } from '../../db/tenant-rls';
import { asSystem, withTenant } from '../../db/tenant-scope';
import { Conflict, Forbidden, NotFound, Refusal, VersionRequired } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import {
  domainOwner,
  findTenantByDomain,
  findTenantRow,
  findTenantRows,
  insertTenantRow,
  largestTenantId,
  listActiveTenants,
  listTenantRows,
  setTenantLimits,
  softDeleteTenantRow,
  tenantIdTaken,
  updateTenantRow,
  type TenantRow,
  type TenantWrite,
} from '../repositories/tenant-admin';
import { insertInstitutionStart } from '../repositories/tenant-admin-institution';
import { checkDialog, dialogValues, DIALOG_FORMS, dateTime } from '../../forms/index';
import { generatedPassword } from '../../users/index';

export const TENANT_MESSAGES = {
  platformOnly: '只有平台管理员可以管理租户',
  notFound: '租户不存在',
  root: '不能删除平台租户',
  versionMissing: '参数[rowVersion]不能为空：请先读取租户再修改',
  domainTaken: '域名已被其他租户使用',
  tenantIdTaken: '租户ID已存在',
  badDate: '参数[expireTime]日期格式应为yyyy-MM-dd HH:mm:ss',
  noIds: '请选择至少一条数据',
} as const;

function requirePlatformAdmin(auth: AccessClaims): void {
  if (auth.tenant_id !== PLATFORM_TENANT) throw new Forbidden(TENANT_MESSAGES.platformOnly);
}

const platformWork = <T>(work: () => Promise<T>) => asSystem('租户管理: platform administrator', work);

/** What 租户管理 shows of an institution. */
export function tenantView(row: TenantRow) {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    domain: row.domain,
    linkman: row.linkman,
    contactNumber: row.contact_number,
    address: row.address,
    regionCode: row.region_code ?? '',
    accountNumber: row.account_number,
    expireTime: row.expire_time ? dateTime(new Date(row.expire_time)) : '',
    isRoot: row.is_root,
    status: row.status,
    rowVersion: row.row_version,
    // platform.ts types this column Generated<Timestamp>, which kysely reads back as the column type itself.
    createTime: dateTime(new Date(row.create_time as unknown as Date)),
    updateUserName: row.update_user_name,
    updateTime: row.update_time ? dateTime(new Date(row.update_time)) : '',
  };
}

export async function listTenants(deps: AppDeps, auth: AccessClaims, query: Record<string, unknown> & { current?: number; size?: number }) {
  requirePlatformAdmin(auth);
  const result = await platformWork(() => listTenantRows(deps.db, query));
  return { ...result, records: result.rows.map(tenantView) };
}

export async function tenantDetail(deps: AppDeps, auth: AccessClaims, id: string) {
  requirePlatformAdmin(auth);
  const row = await platformWork(() => findTenantRow(deps.db, id));
  if (!row) throw new NotFound(TENANT_MESSAGES.notFound);
  return tenantView(row);
}

/** 'yyyy-MM-dd' (the end of that day) or 'yyyy-MM-dd HH:mm:ss', server time; '' none. */
export function parseExpireTime(text: string | undefined): Date | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?$/.exec(value);
  const date = match ? new Date(`${match[1]}T${match[2] ?? '23:59:59'}`) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw new Refusal(TENANT_MESSAGES.badDate);
  return date;
}

export interface TenantSubmit extends TenantWrite {
  id?: string;
  /** Only when creating: a chosen six-digit id; otherwise the next free one. */
  tenantId?: string;
  rowVersion?: number;
}

export interface CreatedInstitution {
  id: string;
  tenantId: string;
  /** The administrator's account and temporary password: answered this once, never stored in clear. */
  account: string;
  password: string;
}

/** The body's fields the dialog's form checks (schemas/admintenant.json). */
const TENANT_FIELDS = ['tenantName', 'linkman', 'contactNumber', 'address', 'domain', 'accountNumber', 'expireTime'] as const;

/**
 * The submit body checked by the dialog's own form (schemas/admintenant.json + rules), with its
 * messages — before the call reads it further (parseExpireTime, submitTenant).
 */
export async function checkTenantDialog(
  deps: AppDeps,
  auth: AccessClaims,
  body: Partial<Record<(typeof TENANT_FIELDS)[number], unknown>>,
): Promise<void> {
  requirePlatformAdmin(auth);
  const ctx = { db: deps.db, tenantId: auth.tenant_id, now: new Date(deps.now()), dictionaries: deps.caches };
  await checkDialog(ctx, DIALOG_FORMS.adminTenant, dialogValues(body, TENANT_FIELDS));
}

/** 新增 or 修改 (one call, as BladeX's submit). A create makes the institution's administrator too. */
export async function submitTenant(
  deps: AppDeps,
  auth: AccessClaims,
  input: TenantSubmit,
): Promise<{ created: CreatedInstitution } | { updated: { id: string; rowVersion: number } }> {
  requirePlatformAdmin(auth);
  const who = { userId: auth.user_id, userName: auth.real_name, now: new Date(deps.now()) };
  if (input.domain) {
    const owner = await platformWork(() => domainOwner(deps.db, input.domain));
    if (owner && owner !== input.id) throw new Refusal(TENANT_MESSAGES.domainTaken);
  }
  if (!input.id) return { created: await createInstitution(deps, input, who) };

  if (input.rowVersion === undefined) throw new VersionRequired(TENANT_MESSAGES.versionMissing);
  const rowVersion = input.rowVersion;
  const id = input.id;
  return platformWork(async () => {
    const current = await findTenantRow(deps.db, id);
    if (!current) throw new NotFound(TENANT_MESSAGES.notFound);
    const updated = await updateTenantRow(deps.db, id, rowVersion, input, who);
    if (updated) return { updated: { id, rowVersion: updated.row_version } };
    const now = await findTenantRow(deps.db, id);
    if (!now) throw new NotFound(TENANT_MESSAGES.notFound);
    throw staleTenant(now);
  });
}

function staleTenant(current: TenantRow): Conflict {
  const updateTime = current.update_time ? dateTime(new Date(current.update_time)) : '';
  const who = current.update_user_name ? `${current.update_user_name}于${updateTime}` : `他人于${updateTime}`;
  return new Conflict(`租户已被${who}修改，请刷新后重试`, {
    rowVersion: current.row_version,
    updateUserName: current.update_user_name,
    updateTime,
  });
}

async function createInstitution(
  deps: AppDeps,
  input: TenantSubmit,
  who: { userId: string; userName: string; now: Date },
): Promise<CreatedInstitution> {
  const tenantId = input.tenantId || String((await platformWork(() => largestTenantId(deps.db))) + 1).padStart(6, '0');
  if (!/^\d{6}$/.test(tenantId)) throw new Refusal('租户ID应为6位数字');
  if (await platformWork(() => tenantIdTaken(deps.db, tenantId))) throw new Refusal(TENANT_MESSAGES.tenantIdTaken);
  const password = generatedPassword();
  const passwordHash = await hashPassword(password);
  const at = who.now.getTime();
  const ids = { id: newId(at), deptId: newId(at), roleId: newId(at), userId: newId(at) };
  // As the new tenant: row-level security lets exactly its rows be written.
  await withTenant(tenantId, () =>
    inTransaction(deps.db, async (trx) => {
      await insertTenantRow(trx, { id: ids.id, tenantId, ...who }, input);
      await insertInstitutionStart(trx, {
        tenantId,
        tenantName: input.tenantName,
        regionCode: input.regionCode,
        deptId: ids.deptId,
        roleId: ids.roleId,
        userId: ids.userId,
        passwordHash,
        now: who.now,
      });
    }),
  ).catch((error: unknown) => {
    // Two creates that chose the same id (or domain) at once: the unique index decides.
    if (/unique|duplicate/i.test(String((error as Error)?.message))) throw new Conflict('租户ID或域名已被占用，请重试');
    throw error;
  });
  return { id: ids.id, tenantId, account: 'admin', password };
}

/** Soft removal; the root tenant never. Its users can no longer log in (status 0). */
export async function removeTenants(deps: AppDeps, auth: AccessClaims, ids: string[]): Promise<void> {
  requirePlatformAdmin(auth);
  if (ids.length === 0) throw new Refusal(TENANT_MESSAGES.noIds);
  const who = { userId: auth.user_id, now: new Date(deps.now()) };
  await platformWork(async () => {
    const rows = await findTenantRows(deps.db, ids);
    if (rows.length !== new Set(ids).size) throw new NotFound(TENANT_MESSAGES.notFound);
    if (rows.some((r) => r.is_root || r.tenant_id === PLATFORM_TENANT)) throw new Refusal(TENANT_MESSAGES.root);
    await inTransaction(deps.db, async (trx) => {
      for (const row of rows) await softDeleteTenantRow(trx, row, who);
    });
    // Issue 35 §2: a removed institution's sessions end now, on every process.
    await endTenantSessions(
      deps,
      rows.map((r) => r.tenant_id),
      true,
    );
  });
}

/** 授权配置: account limit and expiry of the chosen institutions (BladeX's tenant/setting). */
export async function settingTenants(
  deps: AppDeps,
  auth: AccessClaims,
  ids: string[],
  limits: { accountNumber: number; expireTime: Date | null },
): Promise<void> {
  requirePlatformAdmin(auth);
  if (ids.length === 0) throw new Refusal(TENANT_MESSAGES.noIds);
  const who = { userId: auth.user_id, userName: auth.real_name, now: new Date(deps.now()) };
  const changed = await platformWork(() => setTenantLimits(deps.db, ids, limits, who));
  if (changed.length !== new Set(ids).size) throw new NotFound(TENANT_MESSAGES.notFound);
  // A licence end in the past ends the sessions now; any other is read again by every process at once.
  const expired = limits.expireTime !== null && limits.expireTime.getTime() < deps.now();
  await platformWork(() =>
    endTenantSessions(
      deps,
      changed.map((r) => r.tenant_id),
      expired,
    ),
  );
}

/**
 * tenant/info?domain=: the login page asks which institution its address belongs to before anyone
 * has signed in — only what that page shows (id and name), nothing of the contact or licence.
 */
export async function tenantInfoByDomain(deps: AppDeps, domain: string) {
  const row = await asSystem('tenant/info: the login page’s institution by domain', () => findTenantByDomain(deps.db, domain));
  if (!row) throw new NotFound('租户不存在');
  return { tenantId: row.tenant_id, tenantName: row.tenant_name, domain: row.domain };
}

/** tenant/list-info: every live institution's id and name (tenant pickers of any signed-in user). */
export async function tenantInfoList(deps: AppDeps) {
  const rows = await asSystem('tenant/list-info: institutions’ names', () => listActiveTenants(deps.db));
  return rows.map((r) => ({ tenantId: r.tenant_id, tenantName: r.tenant_name, domain: r.domain, regionCode: r.region_code ?? '' }));
}
