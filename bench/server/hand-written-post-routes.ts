// The reference bench:server measures the generic resource routes against (issue 31): 岗位管理's
// list and create written by hand over blade_post, as the product served them before posts became
// a resource document (schemas/crud/post.crud.json) — kysely's query builder, the filters and the
// view spelled out, the same dialog form (adminpost) re-run on every create, the code unique among
// the tenant's live posts. Registered under /blade-bench/post beside the product's routes (buildApp's
// extraApiRoutes), behind the same guard, access check and limits; the product serves no such path.
import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../server/app-deps';
import type { Database } from '../../server/db/schema';
import { Refusal } from '../../server/domain/errors';
import { ok, page } from '../../server/http/envelope';
import { paging, text } from '../../server/http/route-schemas';
import { checkDialog, dateTime, dialogValues, DIALOG_FORMS } from '../../server/forms/index';
import type { FilterColumn } from '../../server/platform/repositories/crud-filters';
import { insertCreated, pageOfRows } from '../../server/platform/repositories/resource-rows';

export const HAND_WRITTEN_POST_PATH = '/blade-bench/post';

const CATEGORIES: Readonly<Record<number, string>> = { 1: '高层', 2: '中层', 3: '基层', 4: '其他' };
const FILTERS: Record<string, FilterColumn> = {
  postCode: { column: 'post_code', kind: 'text' },
  postName: { column: 'post_name', kind: 'text' },
  category: { column: 'category', kind: 'number' },
};
const FIELDS = ['category', 'postCode', 'postName', 'sort', 'remark'] as const;

// The answers as the product's post routes declared them (src/shared/contract/org.ts, which bench/ may not import).
const envelope = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.String() });
const PostView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  category: Type.Integer(),
  categoryName: Type.String(),
  postCode: Type.String(),
  postName: Type.String(),
  sort: Type.Integer(),
  remark: Type.String(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
const PostPage = envelope(
  Type.Object({
    records: Type.Array(PostView),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
  }),
);
const Saved = envelope(Type.Object({ id: Type.String(), rowVersion: Type.Integer() }));

const live = (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('blade_post').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

const CreateBody = Type.Object({
  category: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  postCode: Type.Optional(text(64)),
  postName: Type.Optional(text(64)),
  sort: Type.Optional(Type.Integer({ minimum: -999999, maximum: 999999 })),
  remark: Type.Optional(text(255)),
});

export const handWrittenPostRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      `${HAND_WRITTEN_POST_PATH}/list`,
      {
        config: { access: { permission: 'post' } },
        schema: {
          response: { 200: PostPage },
          querystring: Type.Object({ ...paging(), postName_like: Type.Optional(text(64)) }),
        },
      },
      async (request) => {
        const result = await pageOfRows(live(deps.db, request.auth.tenant_id), request.query, FILTERS, (q) =>
          q.selectAll().orderBy('sort').orderBy('id'),
        );
        const records = result.rows.map((row) => ({
          id: row.id,
          tenantId: row.tenant_id,
          category: row.category,
          categoryName: CATEGORIES[row.category] ?? '',
          postCode: row.post_code,
          postName: row.post_name,
          sort: row.sort,
          remark: row.remark,
          rowVersion: row.row_version,
          createTime: dateTime(new Date(row.create_time)),
          updateTime: row.update_time ? dateTime(new Date(row.update_time)) : '',
        }));
        return ok(page(records, result.total, result.current, result.size));
      },
    );

    app.post(
      `${HAND_WRITTEN_POST_PATH}/submit`,
      { config: { access: { permission: 'post_add' } }, schema: { response: { 200: Saved }, body: CreateBody } },
      async (request) => {
        const { tenant_id: tenantId, user_id: userId } = request.auth;
        const now = new Date(deps.now());
        const body = request.body;
        await checkDialog({ db: deps.db, tenantId, now }, DIALOG_FORMS.adminPost, dialogValues(body, FIELDS));
        const postCode = (body.postCode ?? '').trim();
        if (await live(deps.db, tenantId).select('id').where('post_code', '=', postCode).executeTakeFirst())
          throw new Refusal('岗位编号已存在');
        const row = {
          category: Number(body.category),
          post_code: postCode,
          post_name: (body.postName ?? '').trim(),
          sort: body.sort ?? 0,
          remark: (body.remark ?? '').trim(),
        };
        const id = await insertCreated(deps.db, 'blade_post', tenantId, row, userId, now);
        return ok({ id, rowVersion: 1 }, '新增成功');
      },
    );
  };
