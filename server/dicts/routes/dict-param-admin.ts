import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { param } from '../../http/request-values';
import { findSystemDict, listSystemDicts, toSystemDictView } from '../repositories/dict-system';
import { findPlatformParam, listPlatformParams } from '../repositories/param-platform';
import { listParams, toParamView } from '../repositories/systemparam';
import { backupDicts, recoverDicts } from '../services/dict-backups';
import { bizDictionaryTree, bizDictTree, childErrors, dictionaryBatch, dictValueOf } from '../services/dict-biz-views';
import { dictSyncProgress, startDictSync } from '../services/dict-sync';
import { removeSystemDicts, submitSystemDict, systemDictionaryTree, systemDictTree } from '../services/dict-system';
import { removePlatformParams, submitPlatformParam, synParams } from '../services/param-platform';
import {
  AdminIdQuery,
  AdminIdsQuery,
  DictBatchQuery,
  DictChildQuery,
  DictCodeQuery,
  dictAnswers as answers,
  DictListQuery,
  DictOptionalCodeQuery,
  DictValueQuery,
  OptionalIdQuery,
  ParamListQuery,
  ParamNameQuery,
  ParamSubmitBody,
  PlatformParamQuery,
  SyncJobQuery,
  SyncQuery,
  SystemDictSubmitBody,
} from '../../../src/shared/contract/dicts';

const listQuery = { querystring: DictListQuery, response: { 200: answers.systemDictPage } };
const childQuery = { querystring: DictChildQuery, response: { 200: answers.systemDictPage } };
const optionalCode = { querystring: DictOptionalCodeQuery, response: { 200: answers.tree } };
const codeQuery = { querystring: DictCodeQuery, response: { 200: answers.tree } };
// ids (and tenantIds, over) arrive in the query or in a form or JSON body, as BladeX sends them.
const idsQuery = { querystring: AdminIdsQuery, response: { 200: answers.done } };

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
    app.get(
      '/blade-system/dict/detail',
      { config: { access: SIGNED_IN }, schema: { querystring: AdminIdQuery, response: { 200: answers.systemDict } } },
      async (request) => {
        const row = await findSystemDict(deps.db, request.query.id);
        if (!row) throw notFound('字典不存在');
        return ok(toSystemDictView(row));
      },
    );
    app.post(
      '/blade-system/dict/submit',
      { config: { access: ADMINISTRATORS }, schema: { body: SystemDictSubmitBody, response: { 200: answers.saved } } },
      async (request) => {
        const saved = await submitSystemDict(deps, request.auth, request.body, now());
        return ok({ id: saved.id }, saved.created ? '新增成功' : '修改成功');
      },
    );
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
      { config: { access: SIGNED_IN }, schema: { querystring: DictBatchQuery, response: { 200: answers.entryBatch } } },
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
    app.get(
      '/blade-system/dict-biz/child-list-errs',
      { config: { access: SIGNED_IN }, schema: { querystring: DictChildQuery, response: { 200: answers.errorPage } } },
      async (request) => {
        const rows = await childErrors(deps, request.auth.tenant_id, request.query.parentId);
        const size = request.query.size ?? 10;
        const current = request.query.current ?? 1;
        return ok(page(rows.slice((current - 1) * size, current * size), rows.length, current, size));
      },
    );
    app.get(
      '/blade-system/client/dict-biz/get-value',
      {
        config: { access: SIGNED_IN },
        schema: { querystring: DictValueQuery, response: { 200: answers.value } },
      },
      async (request) => {
        const key = request.query.key ?? request.query.dictKey;
        if (key === undefined || key === '') throw badRequest('参数[key]不能为空');
        return ok(await dictValueOf(deps, request.auth.tenant_id, request.query.code, key));
      },
    );
    app.post(
      '/blade-system/dict-biz/syndict',
      { config: { access: ADMINISTRATORS }, schema: { querystring: SyncQuery, response: { 200: answers.syncStarted } } },
      async (request) => {
        const jobId = await startDictSync(
          deps,
          request.auth,
          sent(request, 'ids'),
          sent(request, 'tenantIds'),
          isOver(sent(request, 'over', 5)),
        );
        return ok({ jobId }, '同步任务已开始');
      },
    );
    app.get(
      '/blade-system/dict-biz/syndict-progress',
      { config: { access: ADMINISTRATORS }, schema: { querystring: SyncJobQuery, response: { 200: answers.syncProgress } } },
      async (request) => ok(await dictSyncProgress(deps, request.auth, request.query.jobId)),
    );
    app.post(
      '/blade-system/dict-biz/backups',
      { config: { access: ADMINISTRATORS }, schema: { response: { 200: answers.backup } } },
      async (request) => ok(await backupDicts(deps, request.auth, now()), '备份成功'),
    );
    app.post(
      '/blade-system/dict-biz/recovery',
      { config: { access: ADMINISTRATORS }, schema: { querystring: OptionalIdQuery, response: { 200: answers.backup } } },
      async (request) => {
        const id = sent(request, 'id', 40);
        if (id && !/^[0-9]{1,40}$/.test(id)) throw badRequest('参数[id]格式不正确');
        return ok(await recoverDicts(deps, request.auth, id || undefined, now()), '恢复成功');
      },
    );

    // ---- Parameters: blade-system/param is the platform's; systemparam's sync and name search.
    app.get(
      '/blade-system/param/list',
      { config: { access: SIGNED_IN }, schema: { querystring: ParamListQuery, response: { 200: answers.paramPage } } },
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
      { config: { access: SIGNED_IN }, schema: { querystring: PlatformParamQuery, response: { 200: answers.param } } },
      async (request) => {
        const { paramKey, id } = request.query;
        if (!paramKey && !id) throw badRequest('参数[paramKey]不能为空');
        const row = await findPlatformParam(deps.db, paramKey ? { key: paramKey } : { id });
        if (!row) throw notFound('参数不存在');
        return ok(toParamView(row, request.auth.tenant_id));
      },
    );
    app.post(
      '/blade-system/param/submit',
      { config: { access: ADMINISTRATORS }, schema: { body: ParamSubmitBody, response: { 200: answers.saved } } },
      async (request) => {
        const saved = await submitPlatformParam(deps, request.auth, request.body, now());
        return ok({ id: saved.id }, saved.created ? '新增成功' : '修改成功');
      },
    );
    app.post('/blade-system/param/remove', { config: { access: ADMINISTRATORS }, schema: idsQuery }, async (request) => {
      await removePlatformParams(deps, request.auth, sent(request, 'ids'), now());
      return ok(true, '删除成功');
    });
    app.post(
      '/blade-system/systemparam/synparam',
      { config: { access: ADMINISTRATORS }, schema: { querystring: SyncQuery, response: { 200: answers.synParams } } },
      async (request) =>
        ok(
          await synParams(deps, request.auth, sent(request, 'ids'), sent(request, 'tenantIds'), isOver(sent(request, 'over', 5)), now()),
          '同步成功',
        ),
    );
    app.get(
      '/blade-system/systemparam/listByName',
      { config: { access: SIGNED_IN }, schema: { querystring: ParamNameQuery, response: { 200: answers.paramList } } },
      async (request) => {
        const name = request.query.name.trim();
        if (!name) throw badRequest('参数[name]不能为空');
        const result = await listParams(deps.db, request.auth.tenant_id, { paramName_like: name, current: 1, size: 200 });
        return ok(result.rows.map((r) => toParamView(r, request.auth.tenant_id)));
      },
    );
  };
