// Posts (岗位管理, blade-system/post; spec 002 §7, issue 21 §2): list, detail, submit and remove are
// the resource document's (schemas/crud/post.crud.json: the administrators' post_add / post_edit /
// post_delete). Here the calls beyond CRUD: post/select (every signed-in user's picker) and
// syn-post, which copies the root tenant's posts to chosen tenants (spec 002 §2 "Synchronisation"),
// the platform administrator's work.
import type { Kysely } from 'kysely';
import { type AccessClaims, findTenant } from '../../auth/index';
import type { Database } from '../../db/schema';
import { TENANT_ID_PATTERN } from '../../db/scope-sql';
import { withTenant } from '../../db/tenant-scope';
import { Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { allPosts, findPostByCode, findPosts, insertPost, updatePost, type PostRow, type PostWrite } from '../repositories/post';
import { idList } from '../../forms/index';
import { readableTenant, requirePlatformAdministrator, ROOT_TENANT } from './org-admin-access';
import { viewTail } from './org-admin-versions';
import type { PostView, SynResult } from '../../../src/shared/contract/org';

export type { PostView, SynResult };

/** BladeX's post_category dictionary (the resource document's `labels` of category say the same for its list and detail). */
export const POST_CATEGORIES: Readonly<Record<number, string>> = { 1: '高层', 2: '中层', 3: '基层', 4: '其他' };

export const POST_MESSAGES = {
  noneChosen: '请选择至少一条数据',
  noTarget: '请选择目标租户',
  notRoot: '不能跨租户同步数据',
  tenantMissing: (id: string) => `租户[${id}]不存在`,
  otherTenant: '不能查看其他租户的岗位',
} as const;

export const postView = (row: PostRow): PostView => ({
  id: row.id,
  tenantId: row.tenant_id,
  category: row.category,
  categoryName: POST_CATEGORIES[row.category] ?? '',
  postCode: row.post_code,
  postName: row.post_name,
  ...viewTail(row),
});

/** post/select: every post of the tenant (another tenant's for the platform administrator). */
export async function postSelect(db: Kysely<Database>, auth: AccessClaims, tenantId: string | undefined): Promise<PostView[]> {
  const tenant = readableTenant(auth, tenantId, POST_MESSAGES.otherTenant);
  const rows = tenant === auth.tenant_id ? await allPosts(db, tenant) : await withTenant(tenant, () => allPosts(db, tenant));
  return rows.map(postView);
}

/**
 * post/syn-post: the root tenant's posts `ids` into each tenant of `tenantIds`, matched by code. A
 * tenant's post of the same code is overwritten when `over`, else kept (skipped). Each target is
 * written in its own scope (row-level security lets a scope write its own tenant's rows only) and
 * its own transaction; every target is checked before any is written.
 */
export async function synPosts(
  db: Kysely<Database>,
  auth: AccessClaims,
  rawIds: string,
  rawTenantIds: string,
  over: boolean,
  now: Date,
): Promise<SynResult> {
  requirePlatformAdministrator(auth);
  const ids = [...new Set(idList(rawIds))];
  if (ids.length === 0) throw new Refusal(POST_MESSAGES.noneChosen);
  const targets = [
    ...new Set(
      rawTenantIds
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].filter((t) => t !== ROOT_TENANT);
  if (targets.length === 0) throw new Refusal(POST_MESSAGES.noTarget);
  const sources = await findPosts(db, ROOT_TENANT, ids);
  // An id that is not a root post (another tenant's, or none): BladeX's refusal for non-root rows.
  if (sources.length !== ids.length) throw new Refusal(POST_MESSAGES.notRoot);
  for (const target of targets) {
    if (!TENANT_ID_PATTERN.test(target) || !(await withTenant(target, () => findTenant(db, target))))
      throw new Refusal(POST_MESSAGES.tenantMissing(target));
  }
  const result: SynResult = { created: 0, updated: 0, skipped: 0 };
  for (const target of targets) {
    await withTenant(target, () =>
      inTransaction(db, async (trx) => {
        for (const source of sources) {
          const input: PostWrite = {
            category: source.category,
            postCode: source.post_code,
            postName: source.post_name,
            sort: source.sort,
            remark: source.remark,
          };
          const existing = await findPostByCode(trx, target, source.post_code);
          if (!existing) {
            await insertPost(trx, target, input, auth.user_id, now);
            result.created += 1;
          } else if (over) {
            await updatePost(trx, target, existing.id, undefined, input, auth.user_id, now);
            result.updated += 1;
          } else {
            result.skipped += 1;
          }
        }
      }),
    );
  }
  return result;
}
