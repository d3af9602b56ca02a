// Wraps the routes that save child records (the generic userfollowup/submit and formrecord/submit the
// archive page uses, and the spec's child calls) with the post-save step of services/after-save.ts:
// once a 高危儿 register is stored and its answer is a success, the child case's high-risk flag
// follows. The record's answer is unchanged. As maternal-care/routes/maternal-saves.ts does.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { afterChildSave, HIGH_RISK_FORM, type SavedChildRecord } from '../services/after-save';

export const withChildSaveSteps =
  (routes: (deps: AppDeps) => FastifyPluginAsyncTypebox) =>
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.addHook('preSerialization', async (request, reply, payload: unknown) => {
      const body = payload as { success?: boolean; data?: Partial<SavedChildRecord> } | null;
      const data = body?.data;
      if (reply.statusCode !== 200 || request.method !== 'POST' || !body?.success || data?.formCode !== HIGH_RISK_FORM) return payload;
      if (typeof data.archId !== 'string' || typeof data.otherId !== 'string') return payload;
      await afterChildSave(
        deps.db,
        request.auth.tenant_id,
        { formCode: data.formCode, archId: data.archId, otherId: data.otherId },
        new Date(deps.now()),
      );
      return payload;
    });
    await app.register(routes(deps));
  };
