import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps';

/** blade-system: tenants and OAuth clients. */
export const tenantClientAdminRoutes =
  (_deps: AppDeps): FastifyPluginAsyncTypebox =>
  async () => {};
