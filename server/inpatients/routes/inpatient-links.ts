// userinpatient/associated-archives (spec 001 §7, POST): links in-patient records without an archive
// to the tenant's archive of the same id card. The CRUD calls (list, detail, submit, remove) are the
// resource document's (schemas/crud/userinpatient.crud.json).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import type { RouteAccess } from '../../http/route-access';
import { IdList } from '../../http/route-schemas';
import { idList } from '../../forms/index';
import { envelope } from '../../../src/shared/contract/envelope';
import { associateArchives } from '../services/inpatient-links';

/** Linking changes the records: the 住院记录 screen's 修改 button. */
const INPATIENT_EDIT: RouteAccess = { permission: 'userinpatient_edit' };

export const inpatientLinkRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/blade-iph-business/userinpatient/associated-archives',
      {
        config: { access: INPATIENT_EDIT },
        schema: {
          body: Type.Object({ ids: Type.Optional(IdList) }, { additionalProperties: false }),
          response: {
            200: envelope(
              Type.Object({
                linked: Type.Array(Type.Object({ id: Type.String(), archId: Type.String(), personName: Type.String() })),
                unmatched: Type.Integer(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const { tenant_id, user_id } = request.auth;
        const ids = request.body.ids === undefined ? null : idList(request.body.ids);
        const links = await associateArchives(deps.db, tenant_id, ids, user_id, new Date(deps.now()));
        return ok(links, `已关联 ${links.linked.length} 条住院记录`);
      },
    );
  };
