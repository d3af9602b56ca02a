import type { Kysely, Selectable } from 'kysely';
import type { Database, PostTable } from '../../db/schema';
import { insertCreated, updateAtVersion } from '../../platform/repositories/resource-rows';

/** Posts (岗位, blade-system/post): the tenant's live blade_post rows, for post/select and syn-post (list, detail, submit and remove are the resource document's). */
export type PostRow = Selectable<PostTable>;

const live = (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('blade_post').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

/** Every live post of the tenant, in screen order (post/select, the user form's picker). */
export async function allPosts(db: Kysely<Database>, tenantId: string): Promise<PostRow[]> {
  return live(db, tenantId).selectAll().orderBy('sort').orderBy('id').execute();
}

export async function findPosts(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return live(db, tenantId).selectAll().where('id', 'in', ids).orderBy('sort').orderBy('id').execute();
}

export async function findPostByCode(db: Kysely<Database>, tenantId: string, code: string): Promise<PostRow | undefined> {
  return live(db, tenantId).selectAll().where('post_code', '=', code).executeTakeFirst();
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

export const insertPost = (db: Kysely<Database>, tenantId: string, input: PostWrite, userId: string, now: Date): Promise<string> =>
  insertCreated(db, 'blade_post', tenantId, columns(input), userId, now);

/** Changes a post over the version given (undefined: any version, the synchronisation's overwrite); the new version or undefined. */
export const updatePost = (
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number | undefined,
  input: PostWrite,
  userId: string,
  now: Date,
) => updateAtVersion(db, 'blade_post', tenantId, id, rowVersion, { ...columns(input), update_user: userId, update_time: now });
