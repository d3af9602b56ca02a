// userapplyphysical/* and userapplyproject/listBarCodeData (spec 001 lines 55 and 118; decision 0037):
// physical-exam applications for one resident or many, their residents' projects with bar codes, and
// the label print rows.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { Id } from '../../http/route-schemas';
import { paging } from '../../platform/repositories/crud-filters';
import {
  ApplyListQuery,
  ApplyManyBody,
  ApplyOneBody,
  ApplyProjectQuery,
  measureAnswers as answers,
} from '../../../src/shared/contract/measurements';
import { applicationDetail, applications, apply, applyProjects, barCodeRows } from '../services/apply-physical';
import { APPLY_PHYSICAL, B, MEASURE_READ, measureContext, rangeOf } from './access';

const A = `${B}/userapplyphysical`;

export const userApplyPhysicalRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const read = (tenantId: string) => ({ db: deps.db, tenantId });

    // The applications, newest first.
    app.get(
      `${A}/list`,
      { config: { access: MEASURE_READ }, schema: { querystring: ApplyListQuery, response: { 200: answers.applyPage } } },
      async (request) => {
        const { current, size } = paging(request.query);
        const { records, total } = await applications(read(request.auth.tenant_id), rangeOf(request.query), current, size);
        return ok(page(records, total, current, size));
      },
    );

    // The residents' projects of the applications (a resident's, an application's, 待检查 or 已出报告).
    app.get(
      `${A}/new-list`,
      { config: { access: MEASURE_READ }, schema: { querystring: ApplyProjectQuery, response: { 200: answers.applyProjectPage } } },
      async (request) => {
        const q = request.query;
        const { current, size } = paging(q);
        const filter = { archId: q.archId, mainId: q.mainId, status: q.status, name: q.name_like?.trim() || undefined };
        const { records, total } = await applyProjects(read(request.auth.tenant_id), filter, current, size);
        return ok(page(records, total, current, size));
      },
    );

    // One application with every resident's projects (the screen's right panel).
    app.get(
      `${A}/detail-right`,
      { config: { access: MEASURE_READ }, schema: { querystring: Type.Object({ id: Id }), response: { 200: answers.applyDetail } } },
      async (request) => ok(await applicationDetail(read(request.auth.tenant_id), request.query.id)),
    );

    app.post(
      `${A}/apply-modal`,
      { config: { access: APPLY_PHYSICAL }, schema: { body: ApplyOneBody, response: { 200: answers.applied } } },
      async (request) => {
        const { archId, ...rest } = request.body;
        return ok(await apply(measureContext(deps, request), { ...rest, archIds: [archId] }), '申请成功');
      },
    );

    app.post(
      `${A}/apply-modal-archs`,
      { config: { access: APPLY_PHYSICAL }, schema: { body: ApplyManyBody, response: { 200: answers.applied } } },
      async (request) => ok(await apply(measureContext(deps, request), request.body), '申请成功'),
    );

    // The label print rows of an application (spec 001 line 55).
    app.get(
      `${B}/userapplyproject/listBarCodeData`,
      { config: { access: MEASURE_READ }, schema: { querystring: Type.Object({ mainId: Id }), response: { 200: answers.barCodes } } },
      async (request) => ok(await barCodeRows(read(request.auth.tenant_id), request.query.mainId)),
    );
  };
