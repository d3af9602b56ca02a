import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { badRequest, ok } from '../http/envelope';
import { ROOT_TENANT } from '../repositories/dicts';
import { SIGNED_IN } from '../http/route-access';

const keyQuery = {
  querystring: {
    type: 'object',
    properties: {
      key: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-]+$' },
      paramKey: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-]+$' },
    },
  },
} as const;

/** param / systemparam getByKey: the tenant's value, else the platform's, else ''. */
export const paramRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const getByKey = async (request: { query: unknown; auth: { tenant_id: string } }) => {
      const { key, paramKey } = request.query as { key?: string; paramKey?: string };
      const wanted = key ?? paramKey;
      if (!wanted) throw badRequest('参数[key]不能为空');
      const rows = await deps.db
        .selectFrom('blade_param')
        .select(['tenant_id', 'param_value'])
        .where('param_key', '=', wanted)
        .where('is_deleted', '=', 0)
        .where('tenant_id', 'in', [request.auth.tenant_id, ROOT_TENANT])
        .execute();
      const own = rows.find((r) => r.tenant_id === request.auth.tenant_id) ?? rows.find((r) => r.tenant_id === ROOT_TENANT);
      return ok(own?.param_value ?? '');
    };
    app.get('/blade-system/param/getByKey', { config: { access: SIGNED_IN }, schema: keyQuery }, getByKey);
    app.get('/blade-system/systemparam/getByKey', { config: { access: SIGNED_IN }, schema: keyQuery }, getByKey);
  };
