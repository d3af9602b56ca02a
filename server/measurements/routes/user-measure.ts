// usermeasure/* (spec 001 lines 54 and 116; decision 0037): the entry dialog's save (save-measure-data,
// checked with the dialog's form document schemas/measureentry.json first), a device's or lab system's
// put-data, the projects the entry picks from, a resident's lab history, a report by jyid, linking
// reports to archives by id card and refreshing what they feed.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { IdList } from '../../http/route-schemas';
import { checkDialog, dialogValues, idList } from '../../forms/index';
import { MeasurePutBody, MeasureSaveBody, ProjType, measureAnswers as answers } from '../../../src/shared/contract/measurements';
import { ArchId, text } from '../../../src/shared/contract/pieces';
import { putReports, saveReport, savedMessage } from '../services/measure-save';
import { associateArchives, historyRows, measureProjects, refreshReports, reportDetail } from '../services/measure-reads';
import { B, MEASURE_LINK, MEASURE_READ, MEASURE_SAVE, idsOf, measureContext } from './access';

const M = `${B}/usermeasure`;

/** The dialog's form document (placement kind dialog): the browser renders it, this call checks the same file. */
export const MEASURE_ENTRY_FORM = 'measureentry';
const ENTRY_FIELDS = [
  'proj_type',
  'jyid',
  'bar_code',
  'serial_no',
  'proj_code',
  'proj_name',
  'charge',
  'card_type',
  'id_card',
  'uname',
  'usex',
  'uage',
  'sqyy_mc',
  'sqks_mc',
  'sqys_xm',
  'cjrq',
  'bb_mc',
  'jyxm_dm',
  'jyxm_mc',
  'jyrq',
  'bgrq',
  'jyys_xm',
  'bgys_xm',
  'shys_xm',
  'source_code',
  'remark',
] as const;

export const userMeasureRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const read = (tenantId: string) => ({ db: deps.db, tenantId });

    // The tenant's projects of the tree with the indicators each measures (the entry fills its result rows from them).
    app.get(
      `${M}/measure-project-list`,
      {
        config: { access: MEASURE_READ },
        schema: {
          querystring: Type.Object({ projType: Type.Optional(ProjType), projCode: Type.Optional(text(50)) }),
          response: { 200: answers.projects },
        },
      },
      async (request) =>
        ok(await measureProjects(read(request.auth.tenant_id), request.query.projType, request.query.projCode || undefined)),
    );

    // The lab history rows of a resident (spec 001 line 55).
    app.get(
      `${M}/measure-list`,
      {
        config: { access: MEASURE_READ },
        schema: { querystring: Type.Object({ archId: ArchId, projType: Type.Optional(ProjType) }), response: { 200: answers.history } },
      },
      async (request) => ok(await historyRows(read(request.auth.tenant_id), request.query.archId, request.query.projType)),
    );

    // A report by its 检验单号.
    app.get(
      `${M}/cl-new-list`,
      {
        config: { access: MEASURE_READ },
        schema: { querystring: Type.Object({ jyid: Type.String({ minLength: 1, maxLength: 50 }) }), response: { 200: answers.report } },
      },
      async (request) => ok(await reportDetail(read(request.auth.tenant_id), { jyid: request.query.jyid.trim() })),
    );

    // The entry dialog's save: the form document's rules, then the report's own; a jyid already there is overwritten.
    app.post(
      `${M}/save-measure-data`,
      { config: { access: MEASURE_SAVE }, schema: { body: MeasureSaveBody, response: { 200: answers.saved } } },
      async (request) => {
        const ctx = measureContext(deps, request);
        await checkDialog(
          { db: deps.db, tenantId: ctx.tenantId, now: ctx.now, dictionaries: deps.caches },
          MEASURE_ENTRY_FORM,
          dialogValues(request.body, ENTRY_FIELDS),
        );
        const saved = await saveReport(ctx, request.body);
        return ok(saved, savedMessage(saved));
      },
    );

    // A device or lab system puts its reports (all or none); each jyid already there is overwritten.
    app.post(
      `${M}/put-data`,
      { config: { access: MEASURE_SAVE }, schema: { body: MeasurePutBody, response: { 200: answers.put } } },
      async (request) => {
        const saved = await putReports(measureContext(deps, request), request.body.data);
        const overwritten = saved.filter((s) => s.overwritten).length;
        return ok(saved, `已接收 ${saved.length} 份报告${overwritten ? `，其中 ${overwritten} 份覆盖了同一检验单号的原报告` : ''}`);
      },
    );

    app.post(
      `${M}/associated-archives`,
      {
        config: { access: MEASURE_LINK },
        schema: { body: Type.Object({ ids: Type.Optional(IdList) }, { additionalProperties: false }), response: { 200: answers.links } },
      },
      async (request) => {
        const ids = request.body.ids === undefined ? null : idList(request.body.ids);
        const links = await associateArchives(measureContext(deps, request), ids);
        return ok(links, `已关联 ${links.linked.length} 份报告`);
      },
    );

    app.post(
      `${M}/refresh-user-measure-by-ids`,
      {
        config: { access: MEASURE_LINK },
        schema: { querystring: Type.Object({ ids: Type.Optional(IdList) }), response: { 200: answers.refreshed } },
      },
      async (request) => {
        const outcome = await refreshReports(measureContext(deps, request), idsOf(request));
        return ok(outcome, `已刷新 ${outcome.refreshed} 份报告`);
      },
    );
  };
