import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps';

/** blade-user: users (page, detail, submit, update, remove, grant, reset, unlock, import, doctors lists, login log rows). */
export const userAdminRoutes =
  (_deps: AppDeps): FastifyPluginAsyncTypebox =>
  async () => {};
