import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { notFound, ok } from '../http/envelope';
import { findTenant } from '../repositories/tenants';
import { SIGNED_IN } from '../http/route-access';

/** blade-system: the caller's tenant. */
export const systemRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get('/blade-system/tenant/info', { config: { access: SIGNED_IN } }, async (request) => {
      const tenant = await findTenant(deps.db, request.auth.tenant_id);
      if (!tenant) throw notFound('租户ID未找到');
      return ok({
        id: tenant.id,
        tenantId: tenant.tenant_id,
        tenantName: tenant.tenant_name,
        regionCode: tenant.region_code ?? '',
        isRoot: tenant.is_root,
      });
    });
  };
