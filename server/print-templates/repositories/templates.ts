// 打印模板's rows (iph_report, migration 076): folders and templates of a tenant, as a tree by
// parent_id. Raw SQL, values always bound; every statement names the tenant (row-level security besides).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface TemplateRow {
  id: string;
  tenant_id: string;
  parent_id: string;
  category: number;
  origin: string;
  code: string;
  name: string;
  form_codes: string;
  param_schema: unknown;
  content: unknown;
  sort: number;
  remark: string;
  row_version: number;
  update_user: string | null;
  update_time: Date | string | null;
  create_time: Date | string;
  has_children: boolean;
}

export const FOLDER = 1;
export const TEMPLATE = 2;

const COLUMNS = sql`r.id, r.tenant_id, r.parent_id, r.category, r.origin, r.code, r.name, r.form_codes, r.param_schema, r.content,
  r.sort, r.remark, r.row_version, r.update_user, r.update_time, r.create_time,
  exists (select 1 from iph_report c where c.tenant_id = r.tenant_id and c.parent_id = r.id and c.is_deleted = 0) as has_children`;

export interface TemplateFilter {
  parentId?: string | undefined;
  name?: string | undefined;
  code?: string | undefined;
  origin?: string | undefined;
  category?: number | undefined;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(tenantId: string, f: TemplateFilter): RawBuilder<unknown> {
  return sql`r.tenant_id = ${tenantId} and r.is_deleted = 0
    ${f.parentId !== undefined ? sql`and r.parent_id = ${f.parentId}` : sql``}
    ${f.name ? sql`and r.name ilike ${like(f.name)}` : sql``}
    ${f.code ? sql`and r.code ilike ${like(f.code)}` : sql``}
    ${f.origin ? sql`and r.origin = ${f.origin}` : sql``}
    ${f.category ? sql`and r.category = ${f.category}` : sql``}`;
}

export async function listTemplates(
  db: Db,
  tenantId: string,
  f: TemplateFilter,
  paging?: { current: number; size: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const where = whereOf(tenantId, f);
  const limit = paging ? sql`limit ${paging.size} offset ${(paging.current - 1) * paging.size}` : sql`limit 2000`;
  const [rows, count] = await Promise.all([
    sql<TemplateRow>`select ${COLUMNS} from iph_report r where ${where} order by r.sort, r.name, r.id ${limit}`.execute(db),
    paging ? sql<{ n: number }>`select count(*)::int as n from iph_report r where ${where}`.execute(db) : undefined,
  ]);
  return { rows: rows.rows, total: count ? Number(count.rows[0]?.n ?? 0) : rows.rows.length };
}

export async function findTemplate(db: Db, tenantId: string, id: string): Promise<TemplateRow | undefined> {
  return (
    await sql<TemplateRow>`select ${COLUMNS} from iph_report r where r.tenant_id = ${tenantId} and r.id = ${id} and r.is_deleted = 0`.execute(
      db,
    )
  ).rows[0];
}

/** The tenant's template of an origin and code (folders have none). */
export async function findTemplateByCode(db: Db, tenantId: string, origin: string, code: string): Promise<TemplateRow | undefined> {
  return (
    await sql<TemplateRow>`select ${COLUMNS} from iph_report r where r.tenant_id = ${tenantId} and r.origin = ${origin} and r.code = ${code}
      and r.category = ${TEMPLATE} and r.is_deleted = 0`.execute(db)
  ).rows[0];
}

export interface TemplateValues {
  parentId: string;
  category: number;
  origin: string;
  code: string;
  name: string;
  formCodes: string;
  paramSchema: unknown;
  content: unknown;
  sort: number;
  remark: string;
}

export async function insertTemplate(db: Db, tenantId: string, id: string, v: TemplateValues, userId: string, now: Date): Promise<void> {
  await sql`insert into iph_report (id, tenant_id, parent_id, category, origin, code, name, form_codes, param_schema, content, sort, remark,
      create_user, create_time, update_user, update_time)
    values (${id}, ${tenantId}, ${v.parentId}, ${v.category}, ${v.origin}, ${v.code}, ${v.name}, ${v.formCodes},
      ${JSON.stringify(v.paramSchema)}::jsonb, ${JSON.stringify(v.content)}::jsonb, ${v.sort}, ${v.remark}, ${userId}, ${now}, ${userId}, ${now})`.execute(
    db,
  );
}

/** Changes a row at the version read; false when it was changed (or removed) meanwhile. */
export async function updateTemplate(
  db: Db,
  tenantId: string,
  id: string,
  rowVersion: number,
  v: TemplateValues,
  userId: string,
  now: Date,
): Promise<boolean> {
  const r = await sql<{
    id: string;
  }>`update iph_report set parent_id = ${v.parentId}, category = ${v.category}, origin = ${v.origin}, code = ${v.code},
      name = ${v.name}, form_codes = ${v.formCodes}, param_schema = ${JSON.stringify(v.paramSchema)}::jsonb,
      content = ${JSON.stringify(v.content)}::jsonb, sort = ${v.sort}, remark = ${v.remark},
      row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id} and row_version = ${rowVersion} and is_deleted = 0 returning id`.execute(db);
  return r.rows.length === 1;
}

/** Another live template of the tenant with this origin and code. */
export async function codeTaken(db: Db, tenantId: string, origin: string, code: string, exceptId: string | undefined): Promise<boolean> {
  const r = await sql`select 1 from iph_report where tenant_id = ${tenantId} and origin = ${origin} and code = ${code}
    and category = ${TEMPLATE} and is_deleted = 0 ${exceptId ? sql`and id <> ${exceptId}` : sql``}`.execute(db);
  return r.rows.length > 0;
}

/** Removes the rows of `ids` (all the tenant's, or none: the count found tells). */
export async function removeTemplates(db: Db, tenantId: string, ids: string[], userId: string, now: Date): Promise<number> {
  const r = await sql<{
    id: string;
  }>`update iph_report set is_deleted = 1, row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id in (${sql.join(ids)}) and is_deleted = 0 returning id`.execute(db);
  return r.rows.length;
}

/** The ids of `ids` that are the tenant's live rows, and which of them have live children outside `ids`. */
export async function removable(db: Db, tenantId: string, ids: string[]): Promise<{ found: string[]; withChildren: string[] }> {
  const found = await sql<{
    id: string;
  }>`select id from iph_report where tenant_id = ${tenantId} and id in (${sql.join(ids)}) and is_deleted = 0`.execute(db);
  const parents = await sql<{ parent_id: string }>`select distinct parent_id from iph_report where tenant_id = ${tenantId}
    and parent_id in (${sql.join(ids)}) and is_deleted = 0 and id not in (${sql.join(ids)})`.execute(db);
  return { found: found.rows.map((r) => r.id), withChildren: parents.rows.map((r) => r.parent_id) };
}
