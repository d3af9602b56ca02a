import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { param } from '../http/request-values';
import { findRecord, listRecords } from '../repositories/records';
import { idList } from '../services/form-access';
import { removeRecords } from '../services/record-changes';
import { recordContext, recordSubmitSchema, submitInput, withRefusals } from '../services/record-context';
import { submitRecord } from '../services/record-submit';
import { recordView, type RecordView } from '../services/record-views';

/** The forms the spec's calls stand for (schemas/hypertensionscreening.json, schemas/hypertensioninquiry.json). */
export const SCREENING_FORM = 'hypertensionscreening';
export const INQUIRY_FORM = 'hypertensioninquiry';

const idParam = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+$' } as const;
const ARCH = { type: 'string', minLength: 1, maxLength: 40 } as const;
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}' } as const;
const paging = { current: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: 200 } } as const;
const archList = { querystring: { type: 'object', required: ['archId'], properties: { ...paging, archId: ARCH } } } as const;
const anyList = { querystring: { type: 'object', properties: { ...paging, archId: ARCH, startDate: DATE, endDate: DATE } } } as const;
const idQuery = { querystring: { type: 'object', required: ['id'], properties: { id: idParam } } } as const;

type ListQuery = { current?: number; size?: number; archId?: string; startDate?: string; endDate?: string };

/**
 * The calls of one form, on the generic record store: save (create, or update with an id), a
 * resident's records or everyone's (newest visit first), detail and remove. Each call answers for
 * its own form only: an id of another form's record is "not found", as another tenant's is.
 */
function formCalls(deps: AppDeps, formCode: string, notFoundText: string, view: (r: RecordView) => RecordView & Record<string, unknown>) {
  const save = async (request: FastifyRequest, reply: FastifyReply) => {
    const input = submitInput(request, formCode);
    return withRefusals(reply, async () => view(await submitRecord(recordContext(deps, request), input)), input.id ? '更新成功' : '新增成功');
  };
  const list = async (request: FastifyRequest) => {
    const q = request.query as ListQuery;
    const current = q.current ?? 1;
    const size = q.size ?? 10;
    const filter = { formCodes: [formCode], archId: q.archId, visitFrom: q.startDate?.slice(0, 10), visitTo: q.endDate?.slice(0, 10) };
    const { rows, total } = await listRecords(deps.db, request.auth.tenant_id, filter, current, size);
    return ok(page(rows.map((r) => view(recordView(r))), total, current, size));
  };
  const ownRecord = async (request: FastifyRequest, id: string) => {
    const record = await findRecord(deps.db, request.auth.tenant_id, id);
    if (!record || record.form_code !== formCode) throw notFound(notFoundText);
    return record;
  };
  const detail = async (request: FastifyRequest) => ok(view(recordView(await ownRecord(request, (request.query as { id: string }).id))));
  const remove = async (request: FastifyRequest) => {
    const ids = idList(param(request, 'ids'));
    if (ids.length === 0) throw badRequest('请选择至少一条数据');
    // All or none: one id of another form (or tenant) refuses the whole call before anything is removed.
    for (const id of ids) await ownRecord(request, id);
    await removeRecords(recordContext(deps, request), ids);
    return ok(true, '删除成功');
  };
  return { save, list, detail, remove };
}

/**
 * Spec 001 §7 "Screening": hypertension save-hypertension, new-list, remove (高血压筛查) and
 * useraskhypertension save-or-update, remove, new-list, detail, list (高血压问诊).
 */
export const hypertensionScreeningRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const screening = formCalls(deps, SCREENING_FORM, '筛查记录不存在', (r) => ({ ...r, screenId: r.id }));
    const SCREEN = '/blade-iph-business/hypertension';
    app.post(`${SCREEN}/save-hypertension`, { schema: { body: recordSubmitSchema } }, screening.save);
    app.get(`${SCREEN}/new-list`, { schema: archList }, screening.list);
    app.post(`${SCREEN}/remove`, screening.remove);

    const inquiry = formCalls(deps, INQUIRY_FORM, '问诊记录不存在', (r) => ({ ...r, askId: r.id }));
    const ASK = '/blade-iph-business/useraskhypertension';
    app.post(`${ASK}/save-or-update`, { schema: { body: recordSubmitSchema } }, inquiry.save);
    app.get(`${ASK}/new-list`, { schema: archList }, inquiry.list);
    app.get(`${ASK}/list`, { schema: anyList }, inquiry.list);
    app.get(`${ASK}/detail`, { schema: idQuery }, inquiry.detail);
    app.post(`${ASK}/remove`, inquiry.remove);
  };
