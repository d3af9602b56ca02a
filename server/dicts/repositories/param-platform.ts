import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import type { ParamRow } from './systemparam';

/**
 * The platform's parameters (blade-system/param): the root tenant's rows of blade_param, the
 * defaults every tenant's getByKey falls back to. Every tenant reads them; the platform writes them.
 */
const FILTERS: Record<string, FilterColumn> = {
  paramName: { column: 'param_name', kind: 'text' },
  paramKey: { column: 'param_key', kind: 'text' },
  paramValue: { column: 'param_value', kind: 'text' },
  createTime: { column: 'create_time', kind: 'date' },
};

const live = (db: Kysely<Database>) => db.selectFrom('blade_param').where('tenant_id', '=', ROOT_TENANT).where('is_deleted', '=', 0);

export async function listPlatformParams(db: Kysely<Database>, query: Record<string, unknown> & { current?: number; size?: number }) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, FILTERS);
  const base = live(db).$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('param_key').orderBy('id').limit(size).offset(offset).execute();
  return { rows, total, current, size };
}

export async function findPlatformParam(db: Kysely<Database>, by: { id?: string; key?: string }): Promise<ParamRow | undefined> {
  return live(db)
    .selectAll()
    .$if(by.id !== undefined, (q) => q.where('id', '=', by.id!))
    .$if(by.key !== undefined, (q) => q.where('param_key', '=', by.key!))
    .executeTakeFirst();
}

export async function findPlatformParams(db: Kysely<Database>, ids: string[]): Promise<ParamRow[]> {
  if (ids.length === 0) return [];
  return live(db).selectAll().where('id', 'in', ids).execute();
}
