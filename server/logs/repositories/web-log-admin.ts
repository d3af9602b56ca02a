// The administrators' view of blade_log_web (blade-log/web list, detail, remove). The browser's
// logs are an audit table kept ≥ 180 days (ops/audit-retention.test.ts): "remove" records the row
// in blade_log_web_removed, which hides it from these calls, and never deletes or rewrites it.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, WebLogTable } from '../../db/schema';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';

export type WebLogRow = Selectable<WebLogTable>;

const FILTERS: Record<string, FilterColumn> = {
  type: { column: 'w.type', kind: 'text' },
  message: { column: 'w.message', kind: 'text' },
  url: { column: 'w.url', kind: 'text' },
  userId: { column: 'w.user_id', kind: 'text' },
  createTime: { column: 'w.create_time', kind: 'date' },
};

/** The tenant's web log rows nobody removed. */
function shown(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('blade_log_web as w')
    .where('w.tenant_id', '=', tenantId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blade_log_web_removed as r').select('r.id').whereRef('r.id', '=', 'w.id'))));
}

export async function listWebLogs(
  db: Kysely<Database>,
  tenantId: string,
  query: Record<string, unknown> & { current?: number; size?: number },
) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, FILTERS);
  const base = shown(db, tenantId).$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll('w').orderBy('w.create_time', 'desc').orderBy('w.id', 'desc').limit(size).offset(offset).execute();
  return { rows, total, current, size };
}

export async function findWebLog(db: Kysely<Database>, tenantId: string, id: string): Promise<WebLogRow | undefined> {
  return shown(db, tenantId).selectAll('w').where('w.id', '=', id).executeTakeFirst();
}

/** The ids among `ids` that are shown web log rows of the tenant. */
export async function shownWebLogIds(db: Kysely<Database>, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await shown(db, tenantId).select('w.id').where('w.id', 'in', ids).execute()).map((r) => r.id);
}
