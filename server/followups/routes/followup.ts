import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { allForms, idList, followupForm, followupFormCodes, followupFormForLabel, type PlacedForm } from '../../forms/index';
import {
  allRecords,
  findRecord,
  listHistory,
  listRecords,
  RECORD_CLOSED,
  recordExistsEver,
  type RecordDb,
  type RecordFilter,
} from '../repositories/records';
import { dueResidents, localDate, plannedVisits, quarterOf, submitStatus } from '../services/followup-queries';
import { closeRecord, removeRecords, restoreRecord } from '../services/record-changes';
import { recordContext, recordSubmitSchema, submitInput, type SubmitRequest } from './record-request';
import { submitRecord } from '../services/record-submit';
import { historyView, recordView } from '../services/record-views';
import { ARCHIVE_WORK } from '../../http/route-access';
import { withRecordCase } from './form-paths';
import { ArchId, DatePrefix, FormCode, Id, paging } from '../../http/route-schemas';
import {
  ArchRecordsQuery,
  DueQuery,
  followupAnswers as answers,
  RecordListQuery,
  type FollowView,
} from '../../../src/shared/contract/followups';

const BASE = '/blade-iph-business/userfollowup';
const optional = Type.Optional;
const listQuery = { querystring: RecordListQuery };
const archQuery = { querystring: ArchRecordsQuery };
const idQuery = { querystring: Type.Object({ id: optional(Id), followId: optional(Id) }) };
const dueQuery = { querystring: DueQuery };

type ListQuery = Static<typeof listQuery.querystring>;
type DueQuery = Static<typeof dueQuery.querystring>;

/** A follow-up is a record; the spec's screens call its id followId. */
const followView = (r: RecordDb): FollowView => ({ ...recordView(r), followId: r.id });

/** userfollowup and userfollowupdev (spec 001 §7) on the generic record store. */
export const followupRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const today = () => localDate(new Date(deps.now()));
    const followIdOf = (request: FastifyRequest) => {
      const id = param(request, 'id') || param(request, 'followId');
      if (!id) throw badRequest('参数[id]不能为空');
      if (!/^[0-9]{1,40}$/.test(id)) throw badRequest('参数[id]格式不正确');
      return id;
    };

    // The disease-named calls stand for the follow-up form the registry places for that crowd label.
    const HYPERTENSION = { label: 'hypertension', name: '高血压患者' };
    const DIABETES = { label: 'diabetes', name: '糖尿病患者' };
    const DIABETES_HIGH_RISK = { label: 'diabetes_high_risk', name: '糖尿病高危人群' };
    const formFor = (request: FastifyRequest, disease: { label: string; name: string }) =>
      followupFormForLabel(deps, request.auth.tenant_id, disease.label, disease.name);
    const submit = (disease?: { label: string; name: string }) => async (request: SubmitRequest) => {
      const formCode = disease ? (await formFor(request, disease)).formCode : undefined;
      const input = await withRecordCase(deps, request.auth.tenant_id, submitInput(request, formCode));
      const saved = await submitRecord(recordContext(deps, request), input);
      return ok({ ...saved, followId: saved.id }, input.id ? '更新成功' : '新增成功');
    };
    app.post(
      `${BASE}/submit`,
      { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: answers.follow } } },
      submit(),
    );
    app.post(
      `${BASE}/high-blood-pressure-follow-up`,
      { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: answers.follow } } },
      submit(HYPERTENSION),
    );
    app.post(
      `${BASE}/diabetes-follow-up`,
      { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: answers.follow } } },
      submit(DIABETES),
    );
    app.post(
      `${BASE}/diabetes-high-risk-of-follow-up`,
      { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: answers.follow } } },
      submit(DIABETES_HIGH_RISK),
    );

    app.get(
      `${BASE}/detail`,
      { config: { access: ARCHIVE_WORK }, schema: { ...idQuery, response: { 200: answers.follow } } },
      async (request) => {
        const record = await findRecord(deps.db, request.auth.tenant_id, followIdOf(request));
        if (!record) throw notFound('随访记录不存在');
        return ok(followView(record));
      },
    );

    // Without a form named, the lists mean every form the registry places as a follow-up.
    const filterOf = async (request: FastifyRequest, q: ListQuery): Promise<RecordFilter> => ({
      formCodes: q.formCode ? [q.formCode] : await followupFormCodes(deps, request.auth.tenant_id),
      archId: q.archId,
      otherId: q.otherId,
      status: q.status,
      visitFrom: q.startDate?.slice(0, 10),
      visitTo: q.endDate?.slice(0, 10),
    });
    const pagedList = async (request: FastifyRequest<{ Querystring: ListQuery }>) => {
      const q = request.query;
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const { rows, total } = await listRecords(deps.db, request.auth.tenant_id, await filterOf(request, q), current, size);
      return ok(page(rows.map(followView), total, current, size));
    };
    app.get(
      `${BASE}/list`,
      { config: { access: ARCHIVE_WORK }, schema: { ...listQuery, response: { 200: answers.followPage } } },
      pagedList,
    );
    // One resident's follow-ups, newest visit first (the left list of the follow-up page).
    app.get(
      `${BASE}/new-list`,
      { config: { access: ARCHIVE_WORK }, schema: { ...archQuery, response: { 200: answers.followPage } } },
      pagedList,
    );
    app.get(
      `${BASE}/list-by-param`,
      { config: { access: ARCHIVE_WORK }, schema: { ...archQuery, response: { 200: answers.followList } } },
      async (request) => {
        const q = request.query;
        return ok((await allRecords(deps.db, request.auth.tenant_id, await filterOf(request, q))).map(followView));
      },
    );

    app.post(`${BASE}/remove`, { config: { access: ARCHIVE_WORK }, schema: { response: { 200: answers.done } } }, async (request) => {
      const ids = idList(param(request, 'ids'));
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      await removeRecords(recordContext(deps, request), ids);
      return ok(true, '删除成功');
    });

    app.post(
      `${BASE}/close-off-follow-up`,
      { config: { access: ARCHIVE_WORK }, schema: { response: { 200: answers.follow } } },
      async (request) => {
        const closed = await closeRecord(recordContext(deps, request), followIdOf(request), (r) => {
          if (r.status === RECORD_CLOSED) throw badRequest('该随访已结案');
        });
        return ok(followView(closed), '操作成功');
      },
    );

    app.post(
      `${BASE}/restore-follow-up`,
      { config: { access: ARCHIVE_WORK }, schema: { response: { 200: answers.follow } } },
      async (request) => {
        const restored = await restoreRecord(recordContext(deps, request), followIdOf(request), (r) => {
          if (r.status !== RECORD_CLOSED) throw badRequest('该随访未结案，无需恢复');
        });
        return ok(followView(restored), '操作成功');
      },
    );

    // The last visit and the next one it planned, for one resident and form.
    app.get(
      `${BASE}/get-followup-date`,
      {
        config: { access: ARCHIVE_WORK },
        schema: { querystring: Type.Object({ archId: ArchId, formCode: FormCode }), response: { 200: answers.followupDate } },
      },
      async (request) => {
        const { archId, formCode } = request.query;
        const [latest] = await allRecords(deps.db, request.auth.tenant_id, { archId, formCodes: [formCode] }, 1);
        return ok({
          archId,
          formCode,
          followId: latest?.id ?? null,
          lastVisitDate: latest?.visit_date ?? null,
          nextVisitDate: latest?.next_visit_date ?? null,
        });
      },
    );

    // The follow-up before a date (default: the latest), so a new one can start from its values.
    app.get(
      `${BASE}/get-followup-top-data`,
      {
        config: { access: ARCHIVE_WORK },
        schema: {
          querystring: Type.Object({ archId: ArchId, code: FormCode, date: optional(DatePrefix) }),
          response: { 200: answers.followOrNull },
        },
      },
      async (request) => {
        const { archId, code, date } = request.query;
        const [latest] = await allRecords(deps.db, request.auth.tenant_id, { archId, formCodes: [code], visitTo: date?.slice(0, 10) }, 1);
        return ok(latest ? followView(latest) : null);
      },
    );

    // Who is due for a follow-up form (see dueResidents): the form's placement says whom it is for and how visits fall due.
    const dueList = async (request: FastifyRequest, q: DueQuery, form: PlacedForm) => {
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const day = q.date?.slice(0, 10) ?? today();
      const { rows, total, window } = await dueResidents(deps.db, request.auth.tenant_id, form, day, current, size);
      const records = rows.map((r) => ({
        archId: r.arch_id,
        personName: r.person_name,
        sex: r.sex,
        birthday: r.birthday,
        archivesNo: r.archives_no,
        doctorName: r.doctor_name,
        teamName: r.team_name,
        formCode: form.formCode,
        lastFollowId: r.follow_id,
        lastVisitDate: r.visit_date,
        nextVisitDate: r.next_visit_date,
        ...(window ? { quarterStart: window.start, quarterEnd: window.end, periodStart: window.start, periodEnd: window.end } : {}),
      }));
      return ok(page(records, total, current, size));
    };
    for (const [path, disease] of [
      ['hypertension-should-visit', HYPERTENSION],
      ['diabetes-should-visit', DIABETES],
    ] as const) {
      const handler = async (request: FastifyRequest<{ Querystring: DueQuery }>) =>
        dueList(request, request.query, await formFor(request, disease));
      // The spec lists these under POST; the task screens read them, so GET answers too.
      app.post(
        `${BASE}/${path}`,
        { config: { access: ARCHIVE_WORK }, schema: { ...dueQuery, response: { 200: answers.duePage } } },
        handler,
      );
      app.get(
        `${BASE}/${path}`,
        { config: { access: ARCHIVE_WORK }, schema: { ...dueQuery, response: { 200: answers.duePage } } },
        handler,
      );
    }
    // The same list for any follow-up form by code (ours: the spec names only the disease lists).
    app.get(
      `${BASE}/should-visit`,
      {
        config: { access: ARCHIVE_WORK },
        schema: {
          querystring: Type.Object({ ...paging(), formCode: FormCode, date: optional(DatePrefix) }),
          response: { 200: answers.duePage },
        },
      },
      async (request) => {
        const { formCode } = request.query;
        return dueList(request, request.query, await followupForm(deps, request.auth.tenant_id, formCode));
      },
    );

    // The task centre (/task/user_followup/index): planned next visits in a window, default this quarter.
    app.get(
      `${BASE}/list-task-user-followup`,
      {
        config: { access: ARCHIVE_WORK },
        schema: {
          querystring: Type.Object({
            ...paging(),
            formCode: optional(FormCode),
            startDate: optional(DatePrefix),
            endDate: optional(DatePrefix),
          }),
          response: { 200: answers.plannedPage },
        },
      },
      async (request) => {
        const q = request.query;
        const current = q.current ?? 1;
        const size = q.size ?? 10;
        const day = today();
        const quarter = quarterOf(day);
        const formCodes = q.formCode ? [q.formCode] : await followupFormCodes(deps, request.auth.tenant_id);
        const { rows, total } = await plannedVisits(
          deps.db,
          request.auth.tenant_id,
          formCodes,
          q.startDate?.slice(0, 10) ?? quarter.start,
          q.endDate?.slice(0, 10) ?? quarter.end,
          current,
          size,
        );
        return ok(
          page(
            rows.map((r) => ({
              followId: r.follow_id,
              archId: r.arch_id,
              personName: r.person_name,
              formCode: r.form_code,
              lastVisitDate: r.visit_date,
              nextVisitDate: r.next_visit_date,
              overdue: r.next_visit_date < day,
            })),
            total,
            current,
            size,
          ),
        );
      },
    );

    // Saved follow-ups per form in a window (default this quarter): total, closed off, saved with acknowledged anomalies.
    app.get(
      `${BASE}/follow-submit-status`,
      {
        config: { access: ARCHIVE_WORK },
        schema: {
          querystring: Type.Object({ startDate: optional(DatePrefix), endDate: optional(DatePrefix) }),
          response: { 200: answers.submitStatus },
        },
      },
      async (request) => {
        const q = request.query;
        const quarter = quarterOf(today());
        const from = q.startDate?.slice(0, 10) ?? quarter.start;
        const to = q.endDate?.slice(0, 10) ?? quarter.end;
        const formCodes = await followupFormCodes(deps, request.auth.tenant_id);
        const [rows, forms] = await Promise.all([
          submitStatus(deps.db, request.auth.tenant_id, formCodes, from, to),
          allForms(deps.db, request.auth.tenant_id),
        ]);
        const names = new Map(forms.map((f) => [f.form_code, f.form_name]));
        return ok(
          rows.map((r) => ({
            formCode: r.form_code,
            formName: names.get(r.form_code) ?? r.form_code,
            startDate: from,
            endDate: to,
            total: r.total,
            closed: r.closed,
            withAnomalies: r.with_anomalies,
          })),
        );
      },
    );

    // A follow-up's history (every create, update, close, restore and removal), newest first.
    app.get(
      '/blade-iph-business/userfollowupdev/history',
      { config: { access: ARCHIVE_WORK }, schema: { querystring: Type.Object({ followId: Id }), response: { 200: answers.history } } },
      async (request) => {
        const { followId } = request.query;
        if (!(await recordExistsEver(deps.db, request.auth.tenant_id, followId))) throw notFound('随访记录不存在');
        return ok((await listHistory(deps.db, request.auth.tenant_id, followId)).map(historyView));
      },
    );
  };
