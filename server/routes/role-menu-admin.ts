import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps';

/** blade-system: roles, menus, user menus, top menus, data scopes and api scopes. */
export const roleMenuAdminRoutes =
  (_deps: AppDeps): FastifyPluginAsyncTypebox =>
  async () => {};
