import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { AccessClaims } from '../auth/tokens';
import { badRequest, forbidden, notFound, ok, page } from '../http/envelope';
import { findOwnParamByKey, findVisibleParam, insertParam, listParams, softDeleteParams, toParamView, updateParam, type ParamWrite } from '../repositories/systemparam';
import { idList, isFormAdministrator } from '../services/form-access';
import { ADMINISTRATORS, SIGNED_IN } from '../http/route-access';

const listQuery = {
  querystring: {
    type: 'object',
    properties: { current: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: 200 } },
  },
} as const;
const idQuery = { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9]{1,40}$' } } } } as const;
const idsQuery = { querystring: { type: 'object', properties: { ids: { type: 'string', maxLength: 4000 } } } } as const;

// The three required fields answer with the screen's messages (spec 002 §5), so they are checked
// in the handler; the schema only bounds types and sizes (ajv coerces: null arrives as '').
const submitBody = {
  body: {
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 40 },
      paramName: { type: 'string', maxLength: 255 },
      paramKey: { type: 'string', maxLength: 100 },
      paramValue: { type: 'string', maxLength: 20000 },
      remark: { type: 'string', maxLength: 500 },
    },
  },
} as const;

const KEY = /^[A-Za-z0-9_.-]+$/;
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function requireParamAdmin(auth: AccessClaims): void {
  if (!isFormAdministrator(auth)) throw forbidden('只有管理员可以维护系统参数');
}

/** systemparam management (spec 002 §7): list, detail, submit (create or update), remove. */
export const systemParamRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const now = () => new Date(deps.now());

    app.get('/blade-system/systemparam/list', { config: { access: SIGNED_IN }, schema: listQuery }, async (request) => {
      const result = await listParams(deps.db, request.auth.tenant_id, request.query as Record<string, unknown>);
      return ok(page(result.rows.map((r) => toParamView(r, request.auth.tenant_id)), result.total, result.current, result.size));
    });

    app.get('/blade-system/systemparam/detail', { config: { access: SIGNED_IN }, schema: idQuery }, async (request) => {
      const row = await findVisibleParam(deps.db, request.auth.tenant_id, (request.query as { id: string }).id);
      if (!row) throw notFound('参数不存在');
      return ok(toParamView(row, request.auth.tenant_id));
    });

    app.post('/blade-system/systemparam/submit', { config: { access: ADMINISTRATORS }, schema: submitBody }, async (request) => {
      requireParamAdmin(request.auth);
      const tenantId = request.auth.tenant_id;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const input: ParamWrite = { paramName: str(body.paramName).trim(), paramKey: str(body.paramKey).trim(), paramValue: str(body.paramValue), remark: str(body.remark).trim() };
      if (!input.paramName) throw badRequest('请输入参数名称');
      if (!input.paramKey) throw badRequest('请输入参数键名');
      if (!KEY.test(input.paramKey)) throw badRequest('参数键名只能包含字母、数字、下划线、点和中划线');
      if (input.paramValue.trim() === '') throw badRequest('请输入参数键值');
      const clash = await findOwnParamByKey(deps.db, tenantId, input.paramKey);
      const id = str(body.id).trim();
      if (!id) {
        if (clash) throw badRequest('参数键名已存在');
        return ok({ id: await insertParam(deps.db, tenantId, input, now()) }, '新增成功');
      }
      const current = await findVisibleParam(deps.db, tenantId, id);
      if (!current) throw notFound('参数不存在');
      if (current.tenant_id !== tenantId) {
        // A tenant's change to a platform parameter becomes its own override of that key.
        if (input.paramKey !== current.param_key) throw forbidden('平台参数，租户不可修改键名');
        if (clash) throw badRequest('参数键名已存在');
        return ok({ id: await insertParam(deps.db, tenantId, input, now()) }, '更新成功');
      }
      if (clash && clash.id !== current.id) throw badRequest('参数键名已存在');
      await updateParam(deps.db, tenantId, current.id, input, now());
      return ok({ id: current.id }, '更新成功');
    });

    app.post('/blade-system/systemparam/remove', { config: { access: ADMINISTRATORS }, schema: idsQuery }, async (request) => {
      requireParamAdmin(request.auth);
      const tenantId = request.auth.tenant_id;
      const raw = (request.query as { ids?: string }).ids ?? (request.body as { ids?: string } | undefined)?.ids ?? '';
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
