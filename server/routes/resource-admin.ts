import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps';

/** blade-resource: object storage configuration, attachments, SMS configuration, sending and records. */
export const resourceAdminRoutes =
  (_deps: AppDeps): FastifyPluginAsyncTypebox =>
  async () => {};
