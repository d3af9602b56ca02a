import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { findRecord, listRecords, personNamesOf } from '../repositories/records';
import { idList } from '../../forms/index';
import { removeRecords } from '../services/record-changes';
import { recordContext, recordSubmitSchema, submitInput, type SubmitRequest } from './record-request';
import { submitRecord } from '../services/record-submit';
import { recordView, type RecordView } from '../services/record-views';
import { ARCHIVE_WORK } from '../../http/route-access';
import { ArchId, DatePrefix, Id, paging } from '../../http/route-schemas';
import { followupAnswers } from '../../../src/shared/contract/followups';
import { careAnswers, type AskView, type ScreenView } from '../../../src/shared/contract/followups-care';

/** The forms the spec's calls stand for (schemas/<code>.json). */
export const SCREENING_FORMS = {
  hypertension: 'hypertensionscreening',
  hyperglycemia: 'hyperglycemiascreening',
  breast: 'breastscreening',
  cervix: 'cervicalscreening',
} as const;
export const INQUIRY_FORMS = { hypertension: 'hypertensioninquiry', hyperglycemia: 'diabetesinquiry' } as const;

const optional = Type.Optional;
const archList = { querystring: Type.Object({ ...paging(), archId: ArchId }) };
// The everyone list also takes the CRUD screen's date search (问诊记录: visitDate_dategt / visitDate_datelt).
const anyList = {
  querystring: Type.Object({
    ...paging(),
    archId: optional(ArchId),
    startDate: optional(DatePrefix),
    endDate: optional(DatePrefix),
    visitDate_dategt: optional(DatePrefix),
    visitDate_datelt: optional(DatePrefix),
  }),
};
const idQuery = { querystring: Type.Object({ id: Id }) };
const screenIdQuery = { querystring: Type.Object({ id: optional(Id), screenId: optional(Id) }) };

/** detail(screenId): the record id under the spec's name (id accepted too); neither → 400. */
function screenIdOf(q: Static<typeof screenIdQuery.querystring>): string {
  const id = q.screenId ?? q.id;
  if (!id) throw badRequest('参数[screenId]不能为空');
  return id;
}

type ListQuery = Static<typeof anyList.querystring>;

/**
 * The calls of one form, on the generic record store: save (create, or update with an id), a
 * resident's records or everyone's (newest visit first), detail and remove. Each call answers for
 * its own form only: an id of another form's record is "not found", as another tenant's is.
 */
function formCalls<V extends ScreenView | AskView>(deps: AppDeps, formCode: string, notFoundText: string, view: (r: RecordView) => V) {
  const save = async (request: SubmitRequest) => {
    const input = submitInput(request, formCode);
    return ok(view(await submitRecord(recordContext(deps, request), input)), input.id ? '更新成功' : '新增成功');
  };
  const list = async (request: FastifyRequest<{ Querystring: ListQuery }>) => {
    const q = request.query;
    const current = q.current ?? 1;
    const size = q.size ?? 10;
    const filter = {
      formCodes: [formCode],
      archId: q.archId,
      visitFrom: (q.startDate ?? q.visitDate_dategt)?.slice(0, 10),
      visitTo: (q.endDate ?? q.visitDate_datelt)?.slice(0, 10),
    };
    const { rows, total } = await listRecords(deps.db, request.auth.tenant_id, filter, current, size);
    // Whose each record is: the 问诊记录 screens list the tenant's residents by name.
    const names = await personNamesOf(
      deps.db,
      request.auth.tenant_id,
      rows.map((r) => r.arch_id),
    );
    return ok(
      page(
        rows.map((r) => ({ ...view(recordView(r)), personName: names.get(r.arch_id) ?? '' })),
        total,
        current,
        size,
      ),
    );
  };
  const ownRecord = async (request: FastifyRequest, id: string) => {
    const record = await findRecord(deps.db, request.auth.tenant_id, id);
    if (!record || record.form_code !== formCode) throw notFound(notFoundText);
    return record;
  };
  const detailOf = async (request: FastifyRequest, id: string) => ok(view(recordView(await ownRecord(request, id))));
  const detail = (request: FastifyRequest<{ Querystring: Static<typeof idQuery.querystring> }>) => detailOf(request, request.query.id);
  const remove = async (request: FastifyRequest) => {
    const ids = idList(param(request, 'ids'));
    if (ids.length === 0) throw badRequest('请选择至少一条数据');
    // All or none: one id of another form (or tenant) refuses the whole call before anything is removed.
    for (const id of ids) await ownRecord(request, id);
    await removeRecords(recordContext(deps, request), ids);
    return ok(true, '删除成功');
  };
  return { save, list, detail, detailOf, remove };
}

/**
 * Spec 001 §7 "Screening" (001:115), each resource standing for the form placed for it:
 * hypertension save-hypertension, new-list, remove (高血压筛查); diabetes save-hyperglycemia,
 * new-list, remove (高血糖筛查); breast save-user-screen-breast, new-list, detail, remove and
 * userscreencervix save-user-screen-cervix, new-list, detail, remove (两癌筛查); useraskhypertension
 * and useraskhyperglycemia save-or-update, new-list, list, detail, remove (问诊; their push-to-jw is
 * server/push's, and the tenant's inquiries are listed with it by the 问诊记录 screens,
 * schemas/crud/useraskhypertension.crud.json and useraskhyperglycemia.crud.json).
 */
export const screeningRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const B = '/blade-iph-business';
    const screen = (formCode: string) => formCalls(deps, formCode, '筛查记录不存在', (r): ScreenView => ({ ...r, screenId: r.id }));
    const ask = (formCode: string) => formCalls(deps, formCode, '问诊记录不存在', (r): AskView => ({ ...r, askId: r.id }));
    const access = { access: ARCHIVE_WORK };
    const screenSave = { config: access, schema: { body: recordSubmitSchema, response: { 200: careAnswers.screen } } };
    const screenList = { config: access, schema: { ...archList, response: { 200: careAnswers.screenPage } } };
    const screenDetail = { config: access, schema: { ...idQuery, response: { 200: careAnswers.screen } } };
    const remove = { config: access, schema: { response: { 200: followupAnswers.done } } };

    const hypertension = screen(SCREENING_FORMS.hypertension);
    app.post(`${B}/hypertension/save-hypertension`, screenSave, hypertension.save);
    app.get(`${B}/hypertension/new-list`, screenList, hypertension.list);
    app.post(`${B}/hypertension/remove`, remove, hypertension.remove);

    const diabetes = screen(SCREENING_FORMS.hyperglycemia);
    app.post(`${B}/diabetes/save-hyperglycemia`, screenSave, diabetes.save);
    app.get(`${B}/diabetes/new-list`, screenList, diabetes.list);
    app.post(`${B}/diabetes/remove`, remove, diabetes.remove);

    const breast = screen(SCREENING_FORMS.breast);
    app.post(`${B}/breast/save-user-screen-breast`, screenSave, breast.save);
    app.get(`${B}/breast/new-list`, screenList, breast.list);
    app.get(`${B}/breast/detail`, screenDetail, breast.detail);
    app.post(`${B}/breast/remove`, remove, breast.remove);

    // The cervix calls name the record by screenId (spec: detail(screenId)); id is accepted too.
    const cervix = screen(SCREENING_FORMS.cervix);
    app.post(`${B}/userscreencervix/save-user-screen-cervix`, screenSave, cervix.save);
    app.get(`${B}/userscreencervix/new-list`, screenList, cervix.list);
    app.get(
      `${B}/userscreencervix/detail`,
      { config: access, schema: { ...screenIdQuery, response: { 200: careAnswers.screen } } },
      (request) => cervix.detailOf(request, screenIdOf(request.query)),
    );
    app.post(`${B}/userscreencervix/remove`, remove, cervix.remove);

    const askSave = { config: access, schema: { body: recordSubmitSchema, response: { 200: careAnswers.ask } } };
    const askList = { config: access, schema: { ...archList, response: { 200: careAnswers.askPage } } };
    const askAnyList = { config: access, schema: { ...anyList, response: { 200: careAnswers.askPage } } };
    const askDetail = { config: access, schema: { ...idQuery, response: { 200: careAnswers.ask } } };
    for (const [resource, formCode] of [
      ['useraskhypertension', INQUIRY_FORMS.hypertension],
      ['useraskhyperglycemia', INQUIRY_FORMS.hyperglycemia],
    ] as const) {
      const inquiry = ask(formCode);
      app.post(`${B}/${resource}/save-or-update`, askSave, inquiry.save);
      app.get(`${B}/${resource}/new-list`, askList, inquiry.list);
      app.get(`${B}/${resource}/list`, askAnyList, inquiry.list);
      app.get(`${B}/${resource}/detail`, askDetail, inquiry.detail);
      app.post(`${B}/${resource}/remove`, remove, inquiry.remove);
    }
  };
