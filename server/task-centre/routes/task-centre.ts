// 任务中心 (/task/user_followup/index; issue 34 "Work lists", decision 0032): the due list with its
// tab counts, the spec's statistics and home totals computed from the same query, and 医生任务's
// calls beyond its resource document. Each call checks the caller's tenant and menu or button code;
// whose residents a caller sees is archiveScopeOf (a doctor their own, a team leader the team's).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { param } from '../../http/request-values';
import { Id } from '../../http/route-schemas';
import { Refusal } from '../../domain/errors';
import { envelope } from '../../../src/shared/contract/envelope';
import {
  AssignTaskBody,
  DueTaskQuery,
  FinishTaskBody,
  TaskByUserQuery,
  taskCentreAnswers as answers,
  type DueTask,
  type HomeShowItem,
} from '../../../src/shared/contract/task-centre';
import { dueCountsByDoctor, dueCountsByForm, dueTasks, type DueTaskRow, type DueWindow } from '../repositories/due-tasks';
import { openTaskCount } from '../repositories/doctor-tasks';
import { addDays, archiveScopeOf, DUE_SOON_DAYS, dueWindow, localDate, tenantDueForms, type TenantDueForm } from '../services/due-tasks';
import { assignTask, finishTask } from '../services/doctor-tasks';

const FOLLOWUP = '/blade-iph-business/userfollowup';
const MAIN = '/blade-iph-business/userinfomain';
const TASK = '/blade-iph-business/doctortask';
const TASK_CENTRE = { permission: 'task' } as const;
/** The home page's numbers: whoever has the home page or the task centre. */
const HOME = { permission: ['home', 'task'] } as const;
const optional = Type.Optional;
const TASK_PATH = '/task/user_followup/index';

/** A real calendar day written yyyy-MM-dd (not 2026-13-45). */
const isCalendarDay = (day: string) => {
  const t = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === day;
};
const caseKindOf = (kind: string | undefined) => (kind === 'maternal' || kind === 'child' ? kind : null);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const taskCentreRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const today = () => localDate(new Date(deps.now()));
    const dueContext = async (request: FastifyRequest, day?: string) => {
      if (day !== undefined && !isCalendarDay(day.slice(0, 10))) throw new Refusal('日期格式不正确，应为 yyyy-MM-dd');
      const forms = await tenantDueForms(deps, request.auth.tenant_id);
      const w = dueWindow(day?.slice(0, 10) ?? today(), forms);
      return { forms, w, scope: archiveScopeOf(request.auth) };
    };
    const taskView = (r: DueTaskRow, w: DueWindow, byCode: Map<string, TenantDueForm>): DueTask => ({
      archId: r.arch_id,
      personName: r.person_name,
      sex: r.sex,
      birthday: r.birthday,
      archivesNo: r.archives_no,
      doctorId: r.main_doctor_id,
      doctorName: r.doctor_name,
      teamId: r.team_id,
      teamName: r.team_name,
      formCode: r.form_code,
      formName: byCode.get(r.form_code)?.formName ?? r.form_code,
      lastFollowId: r.follow_id,
      // A maternal or child form's row opens its case's page (the maternal shell), not the archive's.
      otherId: r.other_id,
      caseKind: r.other_id ? caseKindOf(byCode.get(r.form_code)?.placement.kind) : null,
      lastVisitDate: r.visit_date,
      nextVisitDate: r.next_visit_date,
      dueDate: r.due_date,
      dueState: r.due_date < w.today ? 'overdue' : r.due_date <= w.soonEnd ? 'soon' : 'later',
      overdueDays: r.due_date < w.today ? daysBetween(r.due_date, w.today) : 0,
    });

    // The due list of one tab (overdue / soon / period; all without a tab), its page and every tab's count.
    app.get(
      `${FOLLOWUP}/task-centre-list`,
      { config: { access: TASK_CENTRE }, schema: { querystring: DueTaskQuery, response: { 200: answers.duePage } } },
      async (request) => {
        const q = request.query;
        const current = q.current ?? 1;
        const size = q.size ?? 10;
        const { forms, w, scope } = await dueContext(request, q.date);
        if (q.formCode && !forms.some((f) => f.formCode === q.formCode))
          throw new Refusal(`表单 ${q.formCode} 没有随访到期规则，不在任务中心`);
        const filter = {
          tab: q.tab,
          formCode: q.formCode,
          doctorId: q.doctorId,
          teamId: q.teamId,
          personName: q.personName?.trim() || undefined,
        };
        const { rows, total, counts } = await dueTasks(deps.db, request.auth.tenant_id, forms, w, scope, filter, current, size);
        const byCode = new Map(forms.map((f) => [f.formCode, f]));
        return ok({
          records: rows.map((r) => taskView(r, w, byCode)),
          total,
          size,
          current,
          pages: size > 0 ? Math.ceil(total / size) : 0,
          counts,
          today: w.today,
          soonEnd: w.soonEnd,
          periodEnd: w.periodEnd,
          soonDays: DUE_SOON_DAYS,
          forms: forms.map((f) => ({ formCode: f.formCode, formName: f.formName })),
        });
      },
    );

    // Spec 001 §7: the tab counts per form.
    app.get(
      `${FOLLOWUP}/statistical-task-by-types`,
      {
        config: { access: TASK_CENTRE },
        schema: {
          querystring: Type.Object({ doctorId: optional(Id), teamId: optional(Id), date: optional(DueTaskQuery.properties.date) }),
          response: { 200: answers.byTypes },
        },
      },
      async (request) => {
        const q = request.query;
        const { forms, w, scope } = await dueContext(request, q.date);
        const rows = await dueCountsByForm(deps.db, request.auth.tenant_id, forms, w, scope, { doctorId: q.doctorId, teamId: q.teamId });
        const counted = new Map(rows.map((r) => [r.form_code, r]));
        return ok(
          forms.map((f) => {
            const r = counted.get(f.formCode);
            return { formCode: f.formCode, formName: f.formName, overdue: r?.overdue ?? 0, soon: r?.soon ?? 0, period: r?.period ?? 0 };
          }),
        );
      },
    );

    // Spec 001 §7: per responsible doctor, tasks due in [start, end] (default: today and task_type − 1 days after), overdue today, follow-ups done.
    app.get(
      `${FOLLOWUP}/statistical-task-by-user`,
      { config: { access: TASK_CENTRE }, schema: { querystring: TaskByUserQuery, response: { 200: answers.byUser } } },
      async (request) => {
        const q = request.query;
        const { forms, w, scope } = await dueContext(request);
        for (const d of [q.start, q.end])
          if (d !== undefined && !isCalendarDay(d.slice(0, 10))) throw new Refusal('日期格式不正确，应为 yyyy-MM-dd');
        const start = q.start?.slice(0, 10) ?? w.today;
        const end = q.end?.slice(0, 10) ?? addDays(start, (q.task_type ?? 7) - 1);
        if (end < start) throw new Refusal('结束日期不能早于开始日期');
        const rows = await dueCountsByDoctor(deps.db, request.auth.tenant_id, forms, w, scope, start, end);
        return ok(rows.map((r) => ({ doctorId: r.doctor_id, doctorName: r.doctor_name, due: r.due, overdue: r.overdue, done: r.done })));
      },
    );

    const homeTotals = async (request: FastifyRequest) => {
      const { forms, w, scope } = await dueContext(request);
      const [{ counts }, doctorTasks] = await Promise.all([
        dueTasks(deps.db, request.auth.tenant_id, forms, w, scope, {}, 1, 1),
        openTaskCount(deps.db, request.auth.tenant_id, request.auth.user_id),
      ]);
      return { ...counts, doctorTasks };
    };

    // Spec 001 §7 userinfomain: the home page's totals — the task centre's tab counts and the caller's open doctor tasks.
    app.get(
      `${MAIN}/get-home-page-total`,
      { config: { access: HOME }, schema: { response: { 200: answers.homeTotal } } },
      async (request) => ok(await homeTotals(request)),
    );

    // Spec 001 §7 userinfomain: what the home page shows — one card per number, with where it leads.
    app.get(`${MAIN}/home-show-page`, { config: { access: HOME }, schema: { response: { 200: answers.homeShow } } }, async (request) => {
      const t = await homeTotals(request);
      const cards: HomeShowItem[] = [
        { code: 'overdue', name: '已逾期', count: t.overdue, path: `${TASK_PATH}?tab=overdue` },
        { code: 'soon', name: '即将到期', count: t.soon, path: `${TASK_PATH}?tab=soon` },
        { code: 'period', name: '本期应随访', count: t.period, path: `${TASK_PATH}?tab=period` },
        { code: 'doctorTasks', name: '医生任务', count: t.doctorTasks, path: `${TASK_PATH}?tab=doctortask` },
      ];
      return ok(cards);
    });

    // 医生任务 beyond CRUD: reassign (team leader) and finish (the doctor, or the leader).
    app.post(
      `${TASK}/assign-doctor-task`,
      {
        config: { access: { permission: 'doctortask_assign' } },
        schema: {
          querystring: Type.Object({ id: optional(Id), doctorId: optional(Id) }),
          body: Type.Union([Type.Partial(AssignTaskBody), Type.Null()]),
          response: { 200: envelope(Type.Boolean()) },
        },
      },
      async (request) => {
        const id = param(request, 'id');
        const doctorId = param(request, 'doctorId');
        if (!/^[0-9]{1,40}$/.test(id)) throw new Refusal('请提供任务ID（id）');
        if (!/^[0-9]{1,40}$/.test(doctorId)) throw new Refusal('请选择执行医生');
        await assignTask({ db: deps.db, auth: request.auth, now: new Date(deps.now()) }, id, doctorId);
        return ok(true, '任务已改派');
      },
    );

    app.post(
      `${TASK}/finishedDoctorTask`,
      {
        config: { access: { permission: 'doctortask_finish' } },
        schema: {
          querystring: Type.Object({
            id: optional(Id),
            busiKey: optional(Type.String({ maxLength: 64 })),
            taskCode: optional(Type.String({ maxLength: 64 })),
          }),
          body: Type.Union([FinishTaskBody, Type.Null()]),
          response: { 200: envelope(Type.Integer()) },
        },
      },
      async (request) => {
        const id = param(request, 'id') || undefined;
        const n = await finishTask(
          { db: deps.db, auth: request.auth, now: new Date(deps.now()) },
          { id, busiKey: param(request, 'busiKey') || undefined, taskCode: param(request, 'taskCode') || undefined },
        );
        return ok(n, '任务已完成');
      },
    );
  };
