import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { notFound, ok, page } from '../../http/envelope';
import { findVisible, listChildren, listParents, toDictView } from '../repositories/dict-admin';
import { removeDicts, submitDict } from '../services/dict-admin';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { fieldOf } from '../../http/request-values';
import {
  AdminIdQuery,
  AdminIdsQuery,
  DictChildQuery,
  dictAnswers as answers,
  DictListQuery,
  DictSubmitBody,
} from '../../../src/shared/contract/dicts';

const listQuery = { querystring: DictListQuery, response: { 200: answers.dictPage } };
const childQuery = { querystring: DictChildQuery, response: { 200: answers.dictPage } };
const idQuery = { querystring: AdminIdQuery, response: { 200: answers.dict } };
const idsQuery = { querystring: AdminIdsQuery, response: { 200: answers.done } };

type ListQuery = Static<typeof DictListQuery>;

// Required fields are checked in the handler so each answers with the screen's own message
// (spec 002 §5) instead of the generic 参数[x]不能为空. The app's ajv coerces types, so numbers
// arrive as strings and null as ''.
const submitBody = { body: DictSubmitBody, response: { 200: answers.saved } };

/** dict-biz management (spec 002 §7): lists, detail, submit (create or update), remove. */
export const dictAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // The query also carries the list's search fields (filterConditions reads them by name).
    const parents = async (auth: AccessClaims, query: ListQuery) => {
      const result = await listParents(deps.db, auth.tenant_id, query);
      return ok(
        page(
          result.rows.map((r) => toDictView(r, auth.tenant_id)),
          result.total,
          result.current,
          result.size,
        ),
      );
    };
    const children = async (auth: AccessClaims, parentId: string, query: ListQuery) => {
      const parent = await findVisible(deps.db, auth.tenant_id, parentId);
      if (!parent || parent.parent_id !== '0') throw notFound('字典不存在');
      const result = await listChildren(deps.db, auth.tenant_id, parent, query);
      return ok(
        page(
          result.rows.map((r) => toDictView(r, auth.tenant_id)),
          result.total,
          result.current,
          result.size,
        ),
      );
    };

    app.get('/blade-system/dict-biz/parent-list', { config: { access: SIGNED_IN }, schema: listQuery }, (request) =>
      parents(request.auth, request.query),
    );
    app.get('/blade-system/dict-biz/child-list', { config: { access: SIGNED_IN }, schema: childQuery }, (request) =>
      children(request.auth, request.query.parentId, request.query),
    );
    // list: the children of parentId when given, else the parents.
    app.get('/blade-system/dict-biz/list', { config: { access: SIGNED_IN }, schema: listQuery }, (request) => {
      const { parentId } = request.query;
      return parentId ? children(request.auth, parentId, request.query) : parents(request.auth, request.query);
    });

    app.get('/blade-system/dict-biz/detail', { config: { access: SIGNED_IN }, schema: idQuery }, async (request) => {
      const row = await findVisible(deps.db, request.auth.tenant_id, request.query.id);
      if (!row) throw notFound('字典不存在');
      return ok(toDictView(row, request.auth.tenant_id));
    });

    app.post('/blade-system/dict-biz/submit', { config: { access: ADMINISTRATORS }, schema: submitBody }, async (request) => {
      const saved = await submitDict(deps, request.auth, request.body, new Date(deps.now()));
      return ok({ id: saved.id }, saved.created ? '新增成功' : '更新成功');
    });

    app.post('/blade-system/dict-biz/remove', { config: { access: ADMINISTRATORS }, schema: idsQuery }, async (request) => {
      const raw = request.query.ids ?? fieldOf(request.body, 'ids') ?? '';
      await removeDicts(deps, request.auth, String(raw), new Date(deps.now()));
      return ok(true, '删除成功');
    });
  };
