import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { dictionaryEntries } from '../../platform/repositories/dicts';
import { systemEntries } from '../repositories/dict-system';
import { SIGNED_IN } from '../../http/route-access';
import { dictAnswers as answers, DictCodeQuery as codeQuery, type DictEntryView } from '../../../src/shared/contract/dicts';

const schema = { querystring: codeQuery, response: { 200: answers.entries } };

/** Business dictionaries by code (blade-system/dict-biz) and the system dictionary path, same store. */
export const dictRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const handler = async (request: { query: Static<typeof codeQuery>; auth: { tenant_id: string } }) => {
      const { code } = request.query;
      const cacheKey = `dict:${code}`;
      const cached = deps.caches.get(request.auth.tenant_id, cacheKey);
      if (cached) return ok(cached as DictEntryView[]);
      const rows = await dictionaryEntries(deps.db, request.auth.tenant_id, code);
      const entries = rows.map((r): DictEntryView => ({
        id: r.id,
        parentId: r.parent_id,
        code: r.code,
        dictKey: r.dict_key,
        dictValue: r.dict_value,
        sort: r.sort,
        remark: r.remark,
      }));
      deps.caches.set(request.auth.tenant_id, cacheKey, entries);
      return ok(entries);
    };
    app.get('/blade-system/dict-biz/dictionary', { config: { access: SIGNED_IN }, schema }, handler);
    // System dictionaries (blade_dict, the platform's); a code they do not have is read from the business store as before.
    app.get('/blade-system/dict/dictionary', { config: { access: SIGNED_IN }, schema }, async (request) => {
      const system = await systemEntries(deps.db, request.query.code);
      if (system.length === 0) return handler(request);
      return ok(
        system.map((r): DictEntryView => ({
          id: r.id,
          parentId: r.parent_id,
          code: r.code,
          dictKey: r.dict_key,
          dictValue: r.dict_value,
          sort: r.sort,
          remark: r.remark,
        })),
      );
    });
  };
