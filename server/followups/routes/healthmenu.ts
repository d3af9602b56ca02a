import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ageYears, crowdLabelList } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import { notFound, ok } from '../../http/envelope';
import { findArchive, ARCHIVE_CODES, requireArchivePermission } from '../../archives/index';
import { localDate } from '../services/followup-queries';
import { healthMenuRoutes, publishedForms } from '../../forms/index';
import { ARCHIVE_WORK } from '../../http/route-access';
import { Id } from '../../http/route-schemas';
import { careAnswers } from '../../../src/shared/contract/followups-care';

const archQuery = { querystring: Type.Object({ archId: Id }), response: { 200: careAnswers.healthMenu } };

/**
 * healthmenu/getHealthMenuRoutes (spec 001 §7): the forms of one resident's archive, from the form
 * registry's placements — which forms apply to this resident (crowd labels, sex, age), their menu
 * titles and order, and the tabs other forms join on each page — and the archive buttons the
 * caller's role holds (spec 001 §6: "health-archive permissions come from buttons of category 2 in
 * the health menu route response").
 */
export const healthMenuRoutesApi =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/blade-iph-business/healthmenu/getHealthMenuRoutes',
      { config: { access: ARCHIVE_WORK }, schema: archQuery },
      async (request) => {
        const granted = await requireArchivePermission(deps.db, request.auth, 'view', deps);
        const { archId } = request.query;
        const tenantId = request.auth.tenant_id;
        const [archive, forms] = await Promise.all([findArchive(deps.db, tenantId, archId), publishedForms(deps, tenantId)]);
        if (!archive) throw notFound('档案不存在');
        const resident = {
          crowdLabels: crowdLabelList(archive.crowd_labels),
          sex: archive.sex,
          age: ageYears(archive.birthday, localDate(new Date(deps.now()))),
        };
        return ok({ routes: healthMenuRoutes(forms, resident), buttons: [...granted].map((p) => ARCHIVE_CODES[p]) });
      },
    );
  };
