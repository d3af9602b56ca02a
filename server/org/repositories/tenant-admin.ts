import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, TenantAdminColumns, TenantTable } from '../../db/schema';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

/**
 * Institutions (blade_tenant) as 租户管理 reads and writes them: every tenant's row, so the service
 * runs these as the platform administrator's named system work (or as the new tenant itself when
 * creating one); each call still names the rows it means.
 */
export type TenantRow = Selectable<TenantTable & TenantAdminColumns>;

const FILTERS: Record<string, FilterColumn> = {
  tenantId: { column: 'tenant_id', kind: 'text' },
  tenantName: { column: 'tenant_name', kind: 'text' },
  domain: { column: 'domain', kind: 'text' },
  linkman: { column: 'linkman', kind: 'text' },
  contactNumber: { column: 'contact_number', kind: 'text' },
  address: { column: 'address', kind: 'text' },
  regionCode: { column: 'region_code', kind: 'text' },
  accountNumber: { column: 'account_number', kind: 'number' },
  status: { column: 'status', kind: 'number' },
  expireTime: { column: 'expire_time', kind: 'date' },
  createTime: { column: 'create_time', kind: 'date' },
};

const live = (db: Kysely<Database>) => db.selectFrom('blade_tenant').where('is_deleted', '=', 0);

export async function listTenantRows(db: Kysely<Database>, query: Record<string, unknown> & { current?: number; size?: number }) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, FILTERS);
  const base = live(db).$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('tenant_id').limit(size).offset(offset).execute();
  return { rows, total, current, size };
}

export async function findTenantRow(db: Kysely<Database>, id: string): Promise<TenantRow | undefined> {
  return live(db).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTenantRows(db: Kysely<Database>, ids: string[]): Promise<TenantRow[]> {
  if (ids.length === 0) return [];
  return live(db).selectAll().where('id', 'in', ids).execute();
}

/** The live, enabled institution at a login page's domain. */
export async function findTenantByDomain(db: Kysely<Database>, domain: string): Promise<TenantRow | undefined> {
  return live(db).selectAll().where('domain', '=', domain).where('status', '=', 1).executeTakeFirst();
}

/** Any row (removed ones too) holding this tenant id or domain: ids are never reused. */
export async function tenantIdTaken(db: Kysely<Database>, tenantId: string): Promise<boolean> {
  return !!(await db.selectFrom('blade_tenant').select('id').where('tenant_id', '=', tenantId).executeTakeFirst());
}

export async function domainOwner(db: Kysely<Database>, domain: string): Promise<string | undefined> {
  return (await live(db).select('id').where('domain', '=', domain).executeTakeFirst())?.id;
}

/** The largest six-digit tenant id in use (removed rows included), for the next one. */
export async function largestTenantId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('blade_tenant')
    .select(sql<string | null>`max(tenant_id)`.as('top'))
    .where(sql<boolean>`tenant_id ~ '^[0-9]{6}$'`)
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** The live, enabled institutions: what list-info and the login page may show of each. */
export async function listActiveTenants(db: Kysely<Database>) {
  return live(db).select(['tenant_id', 'tenant_name', 'domain', 'region_code']).where('status', '=', 1).orderBy('tenant_id').execute();
}

export interface TenantWrite {
  tenantName: string;
  domain: string;
  linkman: string;
  contactNumber: string;
  address: string;
  regionCode: string | null;
  accountNumber: number;
  expireTime: Date | null;
}

const columns = (input: TenantWrite) => ({
  tenant_name: input.tenantName,
  domain: input.domain,
  linkman: input.linkman,
  contact_number: input.contactNumber,
  address: input.address,
  region_code: input.regionCode,
  account_number: input.accountNumber,
  expire_time: input.expireTime,
});

export async function insertTenantRow(
  db: Kysely<Database>,
  row: { id: string; tenantId: string; userId: string; userName: string; now: Date },
  input: TenantWrite,
): Promise<void> {
  await db
    .insertInto('blade_tenant')
    .values({
      id: row.id,
      tenant_id: row.tenantId,
      is_root: false,
      ...columns(input),
      update_user: row.userId,
      update_user_name: row.userName,
      update_time: row.now,
    })
    .execute();
}

/** Updates the institution when its version is still `rowVersion` (+1); undefined when stale or gone. */
export async function updateTenantRow(
  db: Kysely<Database>,
  id: string,
  rowVersion: number,
  input: TenantWrite,
  who: { userId: string; userName: string; now: Date },
): Promise<{ row_version: number } | undefined> {
  return db
    .updateTable('blade_tenant')
    .set({
      ...columns(input),
      row_version: sql<number>`row_version + 1`,
      update_user: who.userId,
      update_user_name: who.userName,
      update_time: who.now,
    })
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('row_version', '=', rowVersion)
    .returning('row_version')
    .executeTakeFirst();
}

/** 租户授权配置: the account limit and expiry of several institutions at once. */
export async function setTenantLimits(
  db: Kysely<Database>,
  ids: string[],
  limits: { accountNumber: number; expireTime: Date | null },
  who: { userId: string; userName: string; now: Date },
): Promise<{ id: string; tenant_id: string }[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable('blade_tenant')
    .set({
      account_number: limits.accountNumber,
      expire_time: limits.expireTime,
      row_version: sql<number>`row_version + 1`,
      update_user: who.userId,
      update_user_name: who.userName,
      update_time: who.now,
    })
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .returning(['id', 'tenant_id'])
    .execute();
}

/**
 * Removes one institution (never the root: the caller checks, and so does this statement). Its
 * status goes to 0 as well, so the login's tenant lookup (auth/repositories/tenants.ts) refuses it.
 */
export async function softDeleteTenantRow(
  db: Kysely<Database>,
  row: { id: string; tenant_id: string },
  who: { userId: string; now: Date },
) {
  const removed = await softDeleteFrom(db, 'blade_tenant', row.tenant_id, { update_time: who.now, update_user: who.userId })
    .set({ status: 0, row_version: sql<number>`row_version + 1` })
    .where('id', '=', row.id)
    .where('is_root', '=', false)
    .returning('id')
    .executeTakeFirst();
  return !!removed;
}
