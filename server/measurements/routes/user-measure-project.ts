// usermeasureproject/* (spec 001 line 116; decision 0037): the reports — list (BladeX page, newest
// first), details, a resident's reports and result rows, the excel import, removal by id or jyid.
import multipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { MAX_IMPORT_BYTES, readXlsxUpload } from '../../http/xlsx-upload';
import { Id, IdList } from '../../http/route-schemas';
import { paging } from '../../platform/repositories/crud-filters';
import {
  MeasureArchResultsQuery,
  MeasureListQuery,
  MeasureRangeQuery,
  measureAnswers as answers,
} from '../../../src/shared/contract/measurements';
import { ArchId, DatePrefix } from '../../../src/shared/contract/pieces';
import { importReports } from '../services/measure-import';
import {
  listReports,
  orderOf,
  removeByJyids,
  removeReports,
  reportDetail,
  reportsOfFilter,
  residentResults,
  resultsOfReports,
} from '../services/measure-reads';
import { B, MEASURE_IMPORT, MEASURE_READ, MEASURE_REMOVE, dayParam, idsOf, jyidsOf, measureContext, rangeOf } from './access';

const P = `${B}/usermeasureproject`;

export const userMeasureProjectRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const read = (tenantId: string) => ({ db: deps.db, tenantId });

    app.get(
      `${P}/list`,
      { config: { access: MEASURE_READ }, schema: { querystring: MeasureListQuery, response: { 200: answers.page } } },
      async (request) => {
        const q = request.query;
        const { current, size } = paging(q);
        const filter = {
          archId: q.archId,
          projType: q.projType ?? q.proj_type_equal,
          ...rangeOf(q),
          uname: q.uname_like?.trim() || undefined,
          idCard: q.id_card_like?.trim() || undefined,
          jyid: q.jyid_equal?.trim() || undefined,
        };
        const { records, total } = await listReports(read(request.auth.tenant_id), filter, orderOf(q.descs, q.ascs), current, size);
        return ok(page(records, total, current, size));
      },
    );

    app.get(
      `${P}/detail`,
      { config: { access: MEASURE_READ }, schema: { querystring: Type.Object({ id: Id }), response: { 200: answers.report } } },
      async (request) => ok(await reportDetail(read(request.auth.tenant_id), { id: request.query.id })),
    );

    // One report's result rows.
    app.get(
      `${P}/detail-list`,
      { config: { access: MEASURE_READ }, schema: { querystring: Type.Object({ id: Id }), response: { 200: answers.results } } },
      async (request) => ok(await resultsOfReports(read(request.auth.tenant_id), [request.query.id])),
    );

    // Several reports' result rows (each names its report).
    app.get(
      `${P}/detail-lists`,
      { config: { access: MEASURE_READ }, schema: { querystring: Type.Object({ ids: IdList }), response: { 200: answers.results } } },
      async (request) => ok(await resultsOfReports(read(request.auth.tenant_id), idsOf(request))),
    );

    // A resident's result rows, newest first; of one indicator (the lab history) when named.
    app.get(
      `${P}/detail-list-arch`,
      { config: { access: MEASURE_READ }, schema: { querystring: MeasureArchResultsQuery, response: { 200: answers.results } } },
      async (request) => ok(await residentResults(read(request.auth.tenant_id), request.query)),
    );

    // A resident's reports of a date range (and type), with their results.
    app.get(
      `${P}/cl-project-new-List`,
      { config: { access: MEASURE_READ }, schema: { querystring: MeasureRangeQuery, response: { 200: answers.reports } } },
      async (request) => {
        const q = request.query;
        return ok(await reportsOfFilter(read(request.auth.tenant_id), { archId: q.archId, projType: q.projType, ...rangeOf(q) }));
      },
    );

    // A resident's result rows of one day (a follow-up dated that day reads its measurements from them).
    app.get(
      `${P}/get-cl-data-cureent-day`,
      {
        config: { access: MEASURE_READ },
        schema: { querystring: Type.Object({ archId: ArchId, date: DatePrefix }), response: { 200: answers.results } },
      },
      async (request) =>
        ok(
          await residentResults(read(request.auth.tenant_id), { archId: request.query.archId, day: dayParam(request.query.date, '日期') }),
        ),
    );

    app.post(
      `${P}/remove`,
      {
        config: { access: MEASURE_REMOVE },
        schema: { querystring: Type.Object({ ids: Type.Optional(IdList) }), response: { 200: answers.done } },
      },
      async (request) => {
        await removeReports(measureContext(deps, request), idsOf(request));
        return ok(true, '删除成功');
      },
    );

    // A lab's recall: the reports of these 检验单号 removed.
    app.post(
      `${P}/remove-measurement`,
      {
        config: { access: MEASURE_REMOVE },
        schema: { querystring: Type.Object({ jyids: Type.Optional(Type.String({ maxLength: 4000 })) }), response: { 200: answers.done } },
      },
      async (request) => {
        const n = await removeByJyids(measureContext(deps, request), jyidsOf(request));
        return ok(true, `已删除 ${n} 份报告`);
      },
    );

    await app.register(async (upload) => {
      await upload.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
      upload.post(
        `${P}/import-measure`,
        { config: { access: MEASURE_IMPORT }, schema: { response: { 200: answers.imported } }, bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024 },
        async (request) => {
          const { content, fileName } = await readXlsxUpload(request);
          const outcome = await importReports(measureContext(deps, request), fileName, content);
          const overwritten = outcome.reports.filter((r) => r.overwritten).length;
          return ok(
            outcome,
            `导入成功：${outcome.reports.length}份报告${overwritten ? `，其中${overwritten}份覆盖了同一检验单号的原报告` : ''}`,
          );
        },
      );
    });
  };
