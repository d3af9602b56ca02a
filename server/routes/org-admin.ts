import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps';

/** blade-system: departments, posts and regions. */
export const orgAdminRoutes =
  (_deps: AppDeps): FastifyPluginAsyncTypebox =>
  async () => {};
