import { sql, type Kysely, type Selectable } from 'kysely';
import type { SystemParamWire } from '../../../src/shared/contract/dicts';
import type { Database, ParamTable } from '../../db/schema';
import { newId } from '../../db/ids';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import { updateAtVersion } from '../../platform/repositories/resource-rows';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

/**
 * System parameters (blade-system/systemparam, spec 002 §3) in blade_param, the table getByKey
 * already reads. A tenant sees its own parameters and the platform's (root tenant) ones it has
 * not overridden: getByKey prefers the tenant's value, so an override is simply the tenant's own
 * row with the same key.
 */
export type ParamRow = Selectable<ParamTable>;

export type ParamView = SystemParamWire;

export const toParamView = (row: ParamRow, tenantId: string): ParamView => ({
  id: row.id,
  tenantId: row.tenant_id,
  paramName: row.param_name,
  paramKey: row.param_key,
  paramValue: row.param_value,
  remark: row.remark,
  createTime: new Date(row.create_time).toISOString(),
  own: row.tenant_id === tenantId,
  rowVersion: row.row_version,
});

const FILTERS: Record<string, FilterColumn> = {
  paramName: { column: 'p.param_name', kind: 'text' },
  paramKey: { column: 'p.param_key', kind: 'text' },
  paramValue: { column: 'p.param_value', kind: 'text' },
  createTime: { column: 'p.create_time', kind: 'date' },
};

export async function listParams(
  db: Kysely<Database>,
  tenantId: string,
  query: Record<string, unknown> & { current?: number; size?: number },
) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, FILTERS);
  const base = db
    .selectFrom('blade_param as p')
    .where('p.is_deleted', '=', 0)
    .where((eb) =>
      eb.or([
        eb('p.tenant_id', '=', tenantId),
        // Platform rows the tenant has not overridden with its own.
        eb.and([
          eb('p.tenant_id', '=', ROOT_TENANT),
          eb.not(
            eb.exists(
              eb
                .selectFrom('blade_param as o')
                .select('o.id')
                .where('o.tenant_id', '=', tenantId)
                .where('o.is_deleted', '=', 0)
                .whereRef('o.param_key', '=', 'p.param_key'),
            ),
          ),
        ]),
      ]),
    )
    .$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll('p').orderBy('p.param_key').orderBy('p.id').limit(size).offset(offset).execute();
  return { rows, total, current, size };
}

export async function findVisibleParam(db: Kysely<Database>, tenantId: string, id: string): Promise<ParamRow | undefined> {
  return db
    .selectFrom('blade_param')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', 'in', tenantId === ROOT_TENANT ? [ROOT_TENANT] : [tenantId, ROOT_TENANT])
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findOwnParamByKey(db: Kysely<Database>, tenantId: string, key: string): Promise<ParamRow | undefined> {
  return db
    .selectFrom('blade_param')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('param_key', '=', key)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** getByKey: the tenant's value of a key, else the platform's, else ''. */
export async function paramValue(db: Kysely<Database>, tenantId: string, key: string): Promise<string> {
  const rows = await db
    .selectFrom('blade_param')
    .select(['tenant_id', 'param_value'])
    .where('param_key', '=', key)
    .where('is_deleted', '=', 0)
    .where('tenant_id', 'in', [tenantId, ROOT_TENANT])
    .execute();
  const own = rows.find((r) => r.tenant_id === tenantId) ?? rows.find((r) => r.tenant_id === ROOT_TENANT);
  return own?.param_value ?? '';
}

export interface ParamWrite {
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
}

export async function insertParam(db: Kysely<Database>, tenantId: string, input: ParamWrite, now: Date): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_param')
    .values({
      id,
      tenant_id: tenantId,
      param_name: input.paramName,
      param_key: input.paramKey,
      param_value: input.paramValue,
      remark: input.remark,
      create_time: now,
    })
    .execute();
  return id;
}

/** Updates the row only over the version the caller read (issue 22 §6), +1; answers whether it did. */
export async function updateParam(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  input: ParamWrite,
  now: Date,
  by: { rowVersion: number; userId: string },
): Promise<boolean> {
  const values = {
    param_name: input.paramName,
    param_key: input.paramKey,
    param_value: input.paramValue,
    remark: input.remark,
    update_time: now,
    update_user: by.userId,
  };
  return (await updateAtVersion(db, 'blade_param', tenantId, id, by.rowVersion, values)) !== undefined;
}

export async function softDeleteParams(db: Kysely<Database>, tenantId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await softDeleteFrom(db, 'blade_param', tenantId, { update_time: now }).where('id', 'in', ids).execute();
}
