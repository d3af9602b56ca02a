import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { param } from '../../http/request-values';
import { AdminId, AdminIdList, paging, text } from '../../http/route-schemas';
import { findSystemDict, listSystemDicts, toSystemDictView } from '../repositories/dict-system';
import { findPlatformParam, listPlatformParams } from '../repositories/param-platform';
import { listParams, toParamView } from '../repositories/systemparam';
import { backupDicts, recoverDicts } from '../services/dict-backups';
import { bizDictionaryTree, bizDictTree, childErrors, dictionaryBatch, dictValueOf } from '../services/dict-biz-views';
import { dictSyncProgress, startDictSync } from '../services/dict-sync';
import { removeSystemDicts, submitSystemDict, systemDictionaryTree, systemDictTree } from '../services/dict-system';
import { removePlatformParams, submitPlatformParam, synParams } from '../services/param-platform';

const optional = Type.Optional;
const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_\\-]+$' });
const ParamKey = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-]+$' });

const listQuery = { querystring: Type.Object({ ...paging(), parentId: optional(AdminId) }) };
const childQuery = { querystring: Type.Object({ ...paging(), parentId: AdminId }) };
const idQuery = { querystring: Type.Object({ id: AdminId }) };
const optionalCode = { querystring: Type.Object({ code: optional(Code) }) };
const codeQuery = { querystring: Type.Object({ code: Code }) };
// ids (and tenantIds, over) arrive in the query or in a form or JSON body, as BladeX sends them.
const idsQuery = { querystring: Type.Object({ ids: optional(AdminIdList) }) };
const syncQuery = {
  querystring: Type.Object({ ids: optional(AdminIdList), tenantIds: optional(text(4000)), over: optional(text(5)) }),
};
const dictSubmitBody = {
  body: Type.Object({
    id: optional(text(40)),
    parentId: optional(text(40)),
    code: optional(text(64)),
    dictKey: optional(text(64)),
    dictValue: optional(text(255)),
    sort: optional(text(10)),
    remark: optional(text(500)),
    isSealed: optional(text(2)),
    rowVersion: optional(text(10)),
  }),
};
const paramSubmitBody = {
  body: Type.Object({
    id: optional(text(40)),
    paramName: optional(text(255)),
    paramKey: optional(text(100)),
    paramValue: optional(text(20000)),
    remark: optional(text(500)),
    rowVersion: optional(text(10)),
  }),
};

/** A query-or-body parameter bounded in length (the schema cannot bound a body it does not declare). */
function sent(request: FastifyRequest, name: string, maxLength = 4000): string {
  const value = param(request, name);
  if (value.length > maxLength) throw badRequest(`参数[${name}]过长`);
  return value;
}
const isOver = (value: string) => value === '1' || value === 'true';

/** blade-system: dictionary trees, batches, sync with progress, backups; params and system params beyond getByKey. */
export const dictParamAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());

    // ---- System dictionaries (blade-system/dict): the platform's, read by all, written by the platform administrator.
    const systemPage = async (parentId: string, query: Record<string, unknown> & { current?: number; size?: number }) => {
      const result = await listSystemDicts(deps.db, parentId, query);
      return ok(page(result.rows.map(toSystemDictView), result.total, result.current, result.size));
    };
    app.get('/blade-system/dict/list', { config: { access: SIGNED_IN }, schema: listQuery }, (request) =>
      systemPage(request.query.parentId ?? '0', request.query),
    );
    app.get('/blade-system/dict/parent-list', { config: { access: SIGNED_IN }, schema: listQuery }, (request) =>
      systemPage('0', request.query),
    );
    app.get('/blade-system/dict/child-list', { config: { access: SIGNED_IN }, schema: childQuery }, async (request) => {
      const parent = await findSystemDict(deps.db, request.query.parentId);
      if (!parent || parent.parent_id !== '0') throw notFound('字典不存在');
      return systemPage(parent.id, request.query);
    });
    app.get('/blade-system/dict/detail', { config: { access: SIGNED_IN }, schema: idQuery }, async (request) => {
      const row = await findSystemDict(deps.db, request.query.id);
      if (!row) throw notFound('字典不存在');
      return ok(toSystemDictView(row));
    });
    app.post('/blade-system/dict/submit', { config: { access: ADMINISTRATORS }, schema: dictSubmitBody }, async (request) => {
      const saved = await submitSystemDict(deps, request.auth, request.body, now());
      return ok({ id: saved.id }, saved.created ? '新增成功' : '修改成功');
    });
    app.post('/blade-system/dict/remove', { config: { access: ADMINISTRATORS }, schema: idsQuery }, async (request) => {
      await removeSystemDicts(deps, request.auth, sent(request, 'ids'), now());
      return ok(true, '删除成功');
    });
    app.get('/blade-system/dict/tree', { config: { access: SIGNED_IN }, schema: optionalCode }, async (request) =>
      ok(await systemDictTree(deps, request.query.code)),
    );
    app.get('/blade-system/dict/dictionary-tree', { config: { access: SIGNED_IN }, schema: codeQuery }, async (request) =>
      ok(await systemDictionaryTree(deps, request.query.code)),
    );

    // ---- Business dictionaries (blade-system/dict-biz) beyond the management lists of dict-admin.ts.
    app.get('/blade-system/dict-biz/tree', { config: { access: SIGNED_IN }, schema: optionalCode }, async (request) =>
      ok(await bizDictTree(deps, request.auth.tenant_id, request.query.code)),
    );
    app.get('/blade-system/dict-biz/dictionary-tree', { config: { access: SIGNED_IN }, schema: codeQuery }, async (request) =>
      ok(await bizDictionaryTree(deps, request.auth.tenant_id, request.query.code)),
    );
    app.get(
      '/blade-system/dict-biz/dictionary-batch',
      { config: { access: SIGNED_IN }, schema: { querystring: Type.Object({ codes: text(2000) }) } },
      async (request) => {
        const codes = [
          ...new Set(
            request.query.codes
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean),
          ),
        ];
        if (codes.length === 0) throw badRequest('参数[codes]不能为空');
        if (codes.length > 50) throw badRequest('一次最多读取50个字典');
        if (codes.some((c) => !/^[A-Za-z0-9_-]{1,64}$/.test(c))) throw badRequest('参数[codes]格式不正确');
        return ok(await dictionaryBatch(deps, request.auth.tenant_id, codes));
      },
    );
    app.get('/blade-system/dict-biz/child-list-errs', { config: { access: SIGNED_IN }, schema: childQuery }, async (request) => {
      const rows = await childErrors(deps, request.auth.tenant_id, request.query.parentId);
      const size = request.query.size ?? 10;
      const current = request.query.current ?? 1;
      return ok(page(rows.slice((current - 1) * size, current * size), rows.length, current, size));
    });
    app.get(
      '/blade-system/client/dict-biz/get-value',
      {
        config: { access: SIGNED_IN },
        schema: { querystring: Type.Object({ code: Code, key: optional(text(64)), dictKey: optional(text(64)) }) },
      },
      async (request) => {
        const key = request.query.key ?? request.query.dictKey;
        if (key === undefined || key === '') throw badRequest('参数[key]不能为空');
        return ok(await dictValueOf(deps, request.auth.tenant_id, request.query.code, key));
      },
    );
    app.post('/blade-system/dict-biz/syndict', { config: { access: ADMINISTRATORS }, schema: syncQuery }, async (request) => {
      const jobId = await startDictSync(
        deps,
        request.auth,
        sent(request, 'ids'),
        sent(request, 'tenantIds'),
        isOver(sent(request, 'over', 5)),
      );
      return ok({ jobId }, '同步任务已开始');
    });
    app.get(
      '/blade-system/dict-biz/syndict-progress',
      { config: { access: ADMINISTRATORS }, schema: { querystring: Type.Object({ jobId: optional(AdminId) }) } },
      async (request) => ok(await dictSyncProgress(deps, request.auth, request.query.jobId)),
    );
    app.post('/blade-system/dict-biz/backups', { config: { access: ADMINISTRATORS } }, async (request) =>
      ok(await backupDicts(deps, request.auth, now()), '备份成功'),
    );
    app.post(
      '/blade-system/dict-biz/recovery',
      { config: { access: ADMINISTRATORS }, schema: { querystring: Type.Object({ id: optional(AdminId) }) } },
      async (request) => {
        const id = sent(request, 'id', 40);
        if (id && !/^[0-9]{1,40}$/.test(id)) throw badRequest('参数[id]格式不正确');
        return ok(await recoverDicts(deps, request.auth, id || undefined, now()), '恢复成功');
      },
    );

    // ---- Parameters: blade-system/param is the platform's; systemparam's sync and name search.
    app.get(
      '/blade-system/param/list',
      { config: { access: SIGNED_IN }, schema: { querystring: Type.Object(paging()) } },
      async (request) => {
        const result = await listPlatformParams(deps.db, request.query);
        return ok(
          page(
            result.rows.map((r) => toParamView(r, request.auth.tenant_id)),
            result.total,
            result.current,
            result.size,
          ),
        );
      },
    );
    app.get(
      '/blade-system/param/detail',
      { config: { access: SIGNED_IN }, schema: { querystring: Type.Object({ paramKey: optional(ParamKey), id: optional(AdminId) }) } },
      async (request) => {
        const { paramKey, id } = request.query;
        if (!paramKey && !id) throw badRequest('参数[paramKey]不能为空');
        const row = await findPlatformParam(deps.db, paramKey ? { key: paramKey } : { id });
        if (!row) throw notFound('参数不存在');
        return ok(toParamView(row, request.auth.tenant_id));
      },
    );
    app.post('/blade-system/param/submit', { config: { access: ADMINISTRATORS }, schema: paramSubmitBody }, async (request) => {
      const saved = await submitPlatformParam(deps, request.auth, request.body, now());
      return ok({ id: saved.id }, saved.created ? '新增成功' : '修改成功');
    });
    app.post('/blade-system/param/remove', { config: { access: ADMINISTRATORS }, schema: idsQuery }, async (request) => {
      await removePlatformParams(deps, request.auth, sent(request, 'ids'), now());
      return ok(true, '删除成功');
    });
    app.post('/blade-system/systemparam/synparam', { config: { access: ADMINISTRATORS }, schema: syncQuery }, async (request) =>
      ok(
        await synParams(deps, request.auth, sent(request, 'ids'), sent(request, 'tenantIds'), isOver(sent(request, 'over', 5)), now()),
        '同步成功',
      ),
    );
    app.get(
      '/blade-system/systemparam/listByName',
      { config: { access: SIGNED_IN }, schema: { querystring: Type.Object({ name: text(255) }) } },
      async (request) => {
        const name = request.query.name.trim();
        if (!name) throw badRequest('参数[name]不能为空');
        const result = await listParams(deps.db, request.auth.tenant_id, { paramName_like: name, current: 1, size: 200 });
        return ok(result.rows.map((r) => toParamView(r, request.auth.tenant_id)));
      },
    );
  };
