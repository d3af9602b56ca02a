import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { badRequest, forbidden, notFound, ok, page } from '../../http/envelope';
import {
  findOwnParamByKey,
  findVisibleParam,
  insertParam,
  listParams,
  softDeleteParams,
  toParamView,
  updateParam,
  type ParamWrite,
} from '../repositories/systemparam';
import { checkDialog, dialogValues, DIALOG_FORMS, idList, isFormAdministrator } from '../../forms/index';
import { requiredRowVersion, staleRow } from '../services/dict-row-versions';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { fieldOf } from '../../http/request-values';
import { AdminIdQuery, AdminIdsQuery, dictAnswers as answers, ParamListQuery, ParamSubmitBody } from '../../../src/shared/contract/dicts';

const listQuery = { querystring: ParamListQuery, response: { 200: answers.paramPage } };
const idQuery = { querystring: AdminIdQuery, response: { 200: answers.param } };
const idsQuery = { querystring: AdminIdsQuery, response: { 200: answers.done } };

// The three required fields and the key's characters are the dialog's form (schemas/systemparam.json),
// checked in the handler with the dialog's messages; the schema only bounds types and sizes (ajv coerces: null arrives as '').
const submitBody = { body: ParamSubmitBody, response: { 200: answers.saved } };

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function requireParamAdmin(auth: AccessClaims): void {
  if (!isFormAdministrator(auth)) throw forbidden('只有管理员可以维护系统参数');
}

/** systemparam management (spec 002 §7): list, detail, submit (create or update), remove. */
export const systemParamRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());

    app.get('/blade-system/systemparam/list', { config: { access: SIGNED_IN }, schema: listQuery }, async (request) => {
      const result = await listParams(deps.db, request.auth.tenant_id, request.query);
      return ok(
        page(
          result.rows.map((r) => toParamView(r, request.auth.tenant_id)),
          result.total,
          result.current,
          result.size,
        ),
      );
    });

    app.get('/blade-system/systemparam/detail', { config: { access: SIGNED_IN }, schema: idQuery }, async (request) => {
      const row = await findVisibleParam(deps.db, request.auth.tenant_id, request.query.id);
      if (!row) throw notFound('参数不存在');
      return ok(toParamView(row, request.auth.tenant_id));
    });

    app.post('/blade-system/systemparam/submit', { config: { access: ADMINISTRATORS }, schema: submitBody }, async (request) => {
      requireParamAdmin(request.auth);
      const tenantId = request.auth.tenant_id;
      const body = request.body;
      const input: ParamWrite = {
        paramName: str(body.paramName).trim(),
        paramKey: str(body.paramKey).trim(),
        paramValue: str(body.paramValue),
        remark: str(body.remark).trim(),
      };
      // The dialog's form (schemas/systemparam.json): the required messages and the key's characters.
      await checkDialog(
        { db: deps.db, tenantId, now: now(), dictionaries: deps.caches },
        DIALOG_FORMS.systemParam,
        dialogValues(input, ['paramName', 'paramKey', 'paramValue', 'remark']),
      );
      const clash = await findOwnParamByKey(deps.db, tenantId, input.paramKey);
      const id = str(body.id).trim();
      if (!id) {
        if (clash) throw badRequest('参数键名已存在');
        return ok({ id: await insertParam(deps.db, tenantId, input, now()) }, '新增成功');
      }
      const current = await findVisibleParam(deps.db, tenantId, id);
      if (!current) throw notFound('参数不存在');
      const rowVersion = requiredRowVersion(body.rowVersion, '参数');
      if (current.row_version !== rowVersion) throw await staleRow(deps.db, current, '参数');
      if (current.tenant_id !== tenantId) {
        // A tenant's change to a platform parameter becomes its own override of that key.
        if (input.paramKey !== current.param_key) throw forbidden('平台参数，租户不可修改键名');
        if (clash) throw badRequest('参数键名已存在');
        return ok({ id: await insertParam(deps.db, tenantId, input, now()) }, '更新成功');
      }
      if (clash && clash.id !== current.id) throw badRequest('参数键名已存在');
      if (!(await updateParam(deps.db, tenantId, current.id, input, now(), { rowVersion, userId: request.auth.user_id }))) {
        throw await staleRow(deps.db, (await findVisibleParam(deps.db, tenantId, id)) ?? current, '参数');
      }
      return ok({ id: current.id }, '更新成功');
    });

    app.post('/blade-system/systemparam/remove', { config: { access: ADMINISTRATORS }, schema: idsQuery }, async (request) => {
      requireParamAdmin(request.auth);
      const tenantId = request.auth.tenant_id;
      const raw = request.query.ids ?? fieldOf(request.body, 'ids') ?? '';
      const ids = idList(String(raw));
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      for (const id of ids) {
        const row = await findVisibleParam(deps.db, tenantId, id);
        if (!row) throw notFound('参数不存在');
        if (row.tenant_id !== tenantId) throw forbidden('平台参数，租户不可删除');
      }
      await softDeleteParams(deps.db, tenantId, ids, now());
      return ok(true, '删除成功');
    });
  };
