// The maternal save calls (spec 001 §7: save_or_update_for_the_first_time_maternal, …,
// postpartum_42_days_health_check) are followups' one handler (formPathRoutes over MATERNAL_FORM_PATHS,
// registered in app.ts); this wraps that plugin with the post-save step of services/after-save.ts: once
// a record is stored and its answer is a success, the case's risk colour, delivery date or close-off
// follow. The record's answer is unchanged.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { afterMaternalSave, type SavedMaternalRecord } from '../services/after-save';
import { MATERNAL_FORM_PATHS } from '../services/maternal-forms';

const PATHS = new Set(MATERNAL_FORM_PATHS.map((p) => `/api${p.path}`));

export const withMaternalSaveSteps =
  (routes: (deps: AppDeps) => FastifyPluginAsyncTypebox) =>
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.addHook('preSerialization', async (request, reply, payload: unknown) => {
      const body = payload as { success?: boolean; data?: SavedMaternalRecord } | null;
      const url = request.routeOptions.url ?? '';
      if (
        reply.statusCode !== 200 ||
        !body?.success ||
        !body.data ||
        !(PATHS.has(url) || MATERNAL_FORM_PATHS.some((p) => url.endsWith(p.path)))
      )
        return payload;
      await afterMaternalSave(deps.db, request.auth.tenant_id, body.data, request.auth.user_id, new Date(deps.now()));
      return payload;
    });
    await app.register(routes(deps));
  };
