import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PostTable } from '../db/schema';
import { newId } from '../db/ids';
import { filterConditions, paging, type FilterColumn } from './crud-filters';
import { softDeleteFrom } from './soft-delete';

/** Posts (岗位, blade-system/post): the tenant's live blade_post rows. */
export type PostRow = Selectable<PostTable>;

const FILTERS: Record<string, FilterColumn> = {
  postCode: { column: 'post_code', kind: 'text' },
  postName: { column: 'post_name', kind: 'text' },
  category: { column: 'category', kind: 'number' },
};

export async function listPosts(
  db: Kysely<Database>,
  tenantId: string,
  query: Record<string, unknown> & { current?: number; size?: number },
) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, FILTERS);
  const base = db
    .selectFrom('blade_post')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('sort').orderBy('id').limit(size).offset(offset).execute();
  return { rows, total, current, size };
}

/** Every live post of the tenant, in screen order (post/select, the user form's picker). */
export async function allPosts(db: Kysely<Database>, tenantId: string): Promise<PostRow[]> {
  return db
    .selectFrom('blade_post')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findPosts(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_post')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findPost(db: Kysely<Database>, tenantId: string, id: string): Promise<PostRow | undefined> {
  return (await findPosts(db, tenantId, [id]))[0];
}

export async function findPostByCode(db: Kysely<Database>, tenantId: string, code: string): Promise<PostRow | undefined> {
  return db
    .selectFrom('blade_post')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('post_code', '=', code)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export interface PostWrite {
  category: number;
  postCode: string;
  postName: string;
  sort: number;
  remark: string;
}

const columns = (input: PostWrite) => ({
  category: input.category,
  post_code: input.postCode,
  post_name: input.postName,
  sort: input.sort,
  remark: input.remark,
});

export async function insertPost(db: Kysely<Database>, tenantId: string, input: PostWrite, userId: string, now: Date): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_post')
    .values({ id, tenant_id: tenantId, ...columns(input), create_user: userId, create_time: now, update_user: userId, update_time: now })
    .execute();
  return id;
}

/** Changes a post over the version given (undefined: any version, the synchronisation's overwrite); the new version or undefined. */
export async function updatePost(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number | undefined,
  input: PostWrite,
  userId: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('blade_post')
    .set({ ...columns(input), row_version: sql<number>`row_version + 1`, update_user: userId, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .$if(rowVersion !== undefined, (q) => q.where('row_version', '=', rowVersion!))
    .returning('row_version')
    .executeTakeFirst();
  return row?.row_version;
}

export async function softDeletePosts(db: Kysely<Database>, tenantId: string, ids: string[], userId: string, now: Date): Promise<number> {
  const rows = await softDeleteFrom(db, 'blade_post', tenantId, { update_user: userId, update_time: now })
    .set({ row_version: sql<number>`row_version + 1` })
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.length;
}
