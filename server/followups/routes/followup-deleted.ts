// GET userfollowup/deleted?ids= (spec 002 "Remaining endpoints": the name and `ids` only; the design is
// in followups/README.md): which of these follow-up records have been removed, by whom and when, so a
// list page open elsewhere can tell its user. The caller's tenant only; an unknown id is simply absent.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok } from '../../http/envelope';
import { ARCHIVE_WORK } from '../../http/route-access';
import { text } from '../../http/route-schemas';
import { dateTime } from '../../forms/index';
import { envelope } from '../../../src/shared/contract/envelope';
import { removedRecords } from '../repositories/records';

/** At most this many ids per call (a list page's rows). */
const MAX_IDS = 500;

export const RemovedFollowup = Type.Object({
  id: Type.String(),
  formCode: Type.String(),
  archId: Type.String(),
  removeUser: Type.String(),
  removeUserName: Type.String(),
  removeTime: Type.String(),
});

export const followupDeletedRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/blade-iph-business/userfollowup/deleted',
      {
        config: { access: ARCHIVE_WORK },
        schema: {
          querystring: Type.Object({ ids: Type.Optional(text(20_000)) }),
          response: { 200: envelope(Type.Array(RemovedFollowup)) },
        },
      },
      async (request) => {
        const ids = [
          ...new Set(
            (request.query.ids ?? '')
              .split(',')
              .map((s) => s.trim())
              .filter((s) => s !== ''),
          ),
        ];
        if (ids.length === 0) throw badRequest('请提供要查询的随访记录ID（ids）');
        if (ids.some((id) => !/^[0-9]{1,40}$/.test(id))) throw badRequest('随访记录ID格式不正确，应为以逗号分隔的数字');
        if (ids.length > MAX_IDS) throw badRequest(`每次最多查询${MAX_IDS}条随访记录`);
        const rows = await removedRecords(deps.db, request.auth.tenant_id, ids);
        return ok(
          rows.map((r) => ({
            id: r.id,
            formCode: r.form_code,
            archId: r.arch_id,
            removeUser: r.update_user,
            removeUserName: r.update_user_name,
            removeTime: dateTime(r.update_time),
          })),
        );
      },
    );
  };
