import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { paramValue } from '../repositories/systemparam';

// A parameter's key, under either name the screens use.
const KEY = Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-]+$' }));
const keyQuery = Type.Object({ key: KEY, paramKey: KEY });

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
    app.get('/blade-system/param/getByKey', { config: { access: SIGNED_IN }, schema: { querystring: keyQuery } }, getByKey);
    app.get('/blade-system/systemparam/getByKey', { config: { access: SIGNED_IN }, schema: { querystring: keyQuery } }, getByKey);
  };
