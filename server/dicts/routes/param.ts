import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { paramValue } from '../repositories/systemparam';
import { dictAnswers as answers, ParamKeyQuery as keyQuery } from '../../../src/shared/contract/dicts';

const schema = { querystring: keyQuery, response: { 200: answers.paramValue } };

/** param / systemparam getByKey: the tenant's value, else the platform's, else ''. */
export const paramRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const getByKey = async (request: { query: Static<typeof keyQuery>; auth: { tenant_id: string } }) => {
      const { key, paramKey } = request.query;
      const wanted = key ?? paramKey;
      if (!wanted) throw badRequest('参数[key]不能为空');
      return ok(await paramValue(deps.db, request.auth.tenant_id, wanted));
    };
    app.get('/blade-system/param/getByKey', { config: { access: SIGNED_IN }, schema }, getByKey);
    app.get('/blade-system/systemparam/getByKey', { config: { access: SIGNED_IN }, schema }, getByKey);
  };
