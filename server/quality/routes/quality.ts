// 质量管理 (/qualitymanage/; issue 34 "Quality management", decision 0034): the topics with their
// newest run, one topic's failing records, a run started on the job queue and its progress, and the
// spec's do-quality-* calls that check given records now. Each call checks the caller's tenant and
// menu or button code; whose records a caller sees is the task centre's scope (cdc the institution,
// a team leader the team, anyone else their own residents).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { Refusal } from '../../domain/errors';
import { dateTime, idList } from '../../forms/index';
import {
  QUALITY_RUN_STATUS_TEXT,
  QualityFailureQuery,
  QualityIdsBody,
  QualityIdsQuery,
  QualityRunBody,
  QualityTopicListQuery,
  TopicCode,
  qualityAnswers as answers,
  type QualityRun,
  type QualityTopic as TopicView,
} from '../../../src/shared/contract/quality';
import { failurePage, findRun, latestRun, latestRuns, skippedRulesOf, type RunRow } from '../repositories/quality-runs';
import {
  applicabilityOf,
  applicabilityOfTopics,
  checkNow,
  QUALITY_QUEUE,
  qualityTopics,
  qualityWork,
  recordScopeOf,
  startRun,
  type Applicability,
} from '../services/quality-runs';
import { tenantTopicByCode, tenantTopics } from '../services/effective-topics';
import { QUALITY_TYPES, QUERY_TYPES, type QualityTopic } from '../services/topics';
import { Id } from '../../http/route-schemas';

const Q = '/blade-iph-business/quality-manage';
const B = '/blade-iph-business';
/** The screen's reads: the 质量管理 menu. */
const QUALITY = { permission: 'qualitymanage' } as const;
/** 开始质控: its button (team leader, 疾控). */
const QUALITY_RUN = { permission: 'qualitymanage_run' } as const;
/** Checking given records now: whoever works on the archives, or on quality. */
const CHECK = { permission: ['publichealthwork', 'qualitymanage'] } as const;
const RUN_NOT_FOUND = '质控任务不存在';

const time = (t: Date | string | null) => (t === null ? '' : dateTime(t instanceof Date ? t : new Date(t)));

export function runView(r: RunRow): QualityRun {
  return {
    id: r.id,
    topicCode: r.topic_code,
    status: r.status,
    statusText: QUALITY_RUN_STATUS_TEXT[r.status] ?? '',
    progress: r.progress,
    total: r.total,
    checked: r.checked,
    failedRecords: r.failed_records,
    failures: r.failures,
    doctorId: r.doctor_id,
    teamId: r.team_id,
    dateFrom: r.date_from,
    dateTo: r.date_to,
    errorMsg: r.error_msg,
    createUserName: r.create_user_name,
    createTime: time(r.create_time),
    finishTime: time(r.finish_time),
    formVersion: r.form_version === null || r.form_version === undefined ? null : Number(r.form_version),
    skippedRules: skippedRulesOf(r),
  };
}

const topicView = (t: QualityTopic, run: RunRow | undefined, fit: Applicability, own: ReadonlySet<string>): TopicView => ({
  code: t.code,
  name: t.name,
  qualityType: t.qualityType,
  qualityTypeName: QUALITY_TYPES[t.qualityType] ?? t.qualityType,
  queryType: t.queryType,
  queryTypeName: QUERY_TYPES[t.queryType],
  formCode: t.form,
  source: t.source ?? '',
  rules: t.rules.map((r) => ({ id: r.id, when: r.when, message: r.message })),
  lastRun: run ? runView(run) : null,
  applicable: fit.applicable,
  notice: fit.notice,
  origin: own.has(t.code) ? 'tenant' : 'file',
});

/** The ids of a do-quality-* call: `?ids=1,2`, a body `{ids: "1,2"}` or `{ids: ["1", "2"]}` (otherIds likewise). */
function idsOf(request: FastifyRequest, name: 'ids' | 'otherIds'): string[] {
  const q = (request.query as Record<string, unknown> | undefined)?.[name];
  const b = (request.body as Record<string, unknown> | null | undefined)?.[name];
  const raw = q ?? b;
  const ids = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? idList(raw) : [];
  if (!ids.length) throw new Refusal(`参数[${name}]不能为空`);
  if (ids.length > 500) throw new Refusal(`参数[${name}]一次最多500个`);
  return ids;
}

export const qualityRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // The run worker runs in every server process; the queue stops with the app (jobs/ registers that).
    await deps.jobs.work(QUALITY_QUEUE, qualityWork(deps));
    qualityTopics();

    // Spec 002: the topics, grouped by quality_type (topic group) and query_type (完整性 / 逻辑性 / 及时性), paged, with their newest run.
    app.get(
      `${Q}/list`,
      { config: { access: QUALITY }, schema: { querystring: QualityTopicListQuery, response: { 200: answers.topics } } },
      async (request) => {
        const q = request.query;
        const current = q.current ?? 1;
        const size = q.size ?? 50;
        const name = q.name?.trim();
        // The tenant's effective topics: the files' overlaid by its own (decision 0042).
        const effective = await tenantTopics(deps, request.auth.tenant_id);
        const topics = effective.topics.filter(
          (t) =>
            (!q.quality_type || t.qualityType === q.quality_type) &&
            (!q.query_type || t.queryType === q.query_type) &&
            (!name || t.name.includes(name)),
        );
        const runs = new Map((await latestRuns(deps.db, request.auth.tenant_id, request.auth.user_id)).map((r) => [r.topic_code, r]));
        const shown = topics.slice((current - 1) * size, current * size);
        // Each topic against the tenant's published version of its form (不适用 when no rule can run).
        const fits = await applicabilityOfTopics(deps, request.auth.tenant_id, shown);
        const records = shown.map((t, i) => topicView(t, runs.get(t.code), fits[i]!, effective.own));
        return ok({ records, total: topics.length, size, current, pages: Math.ceil(topics.length / size) });
      },
    );

    // Spec 002: one topic's failing records of its newest run (or of `runId`), within the caller's scope.
    app.get(
      `${Q}/list/:code`,
      {
        config: { access: QUALITY },
        schema: { params: Type.Object({ code: TopicCode }), querystring: QualityFailureQuery, response: { 200: answers.failures } },
      },
      async (request) => {
        const topic = await tenantTopicByCode(deps, request.auth.tenant_id, request.params.code);
        const own = (await tenantTopics(deps, request.auth.tenant_id)).own;
        const q = request.query;
        const current = q.current ?? 1;
        const size = q.size ?? 20;
        const tenantId = request.auth.tenant_id;
        const run = q.runId
          ? await findRun(deps.db, tenantId, q.runId)
          : await latestRun(deps.db, tenantId, topic.code, request.auth.user_id);
        if (q.runId && (!run || run.topic_code !== topic.code)) throw new Refusal(RUN_NOT_FOUND);
        const { rows, total } = run
          ? await failurePage(deps.db, tenantId, run.id, recordScopeOf(request.auth), q, current, size)
          : { rows: [], total: 0 };
        return ok({
          topic: topicView(topic, run, await applicabilityOf(deps, tenantId, topic), own),
          run: run ? runView(run) : null,
          records: rows.map((r) => ({
            id: r.id,
            recordId: r.record_id,
            archId: r.arch_id,
            otherId: r.other_id,
            formCode: r.form_code,
            sourceKind: r.source_kind,
            personName: r.person_name,
            doctorId: r.doctor_id,
            doctorName: r.doctor_name,
            teamName: r.team_name,
            visitDate: r.visit_date,
            ruleId: r.rule_id,
            message: r.message,
            values: (r.failing_values ?? []) as { field: string; label: string; value: unknown; text?: string }[],
          })),
          total,
          size,
          current,
          pages: Math.ceil(total / size),
        });
      },
    );

    // 开始质控: queues a run of one topic over the caller's residents, optionally one doctor, team or visit period.
    app.post(
      `${Q}/run`,
      { config: { access: QUALITY_RUN }, schema: { body: QualityRunBody, response: { 200: answers.run } } },
      async (request) => {
        const b = request.body;
        const run = await startRun(deps, request.auth, b.code, {
          doctorId: b.doctorId || undefined,
          teamId: b.teamId || undefined,
          dateFrom: b.dateFrom?.slice(0, 10) || undefined,
          dateTo: b.dateTo?.slice(0, 10) || undefined,
        });
        return ok(runView(run), '质控任务已开始');
      },
    );

    // A run's state and progress, read while it runs.
    app.get(
      `${Q}/run-detail`,
      {
        config: { access: QUALITY },
        schema: { querystring: Type.Object({ id: Id }, { additionalProperties: false }), response: { 200: answers.run } },
      },
      async (request) => {
        const run = await findRun(deps.db, request.auth.tenant_id, request.query.id);
        if (!run) throw new Refusal(RUN_NOT_FOUND);
        return ok(runView(run));
      },
    );

    const checkSchema = { querystring: QualityIdsQuery, body: QualityIdsBody, response: { 200: answers.checked } };
    // Spec 001: the given archives, follow-up records or cases checked now; the answer is their failures (none: []).
    app.post(`${B}/userarchives/do-quality-archives`, { config: { access: CHECK }, schema: checkSchema }, async (request) =>
      ok(await checkNow(deps, request.auth, { archIds: idsOf(request, 'ids') })),
    );
    app.post(`${B}/userfollowup/do-quality-followup`, { config: { access: CHECK }, schema: checkSchema }, async (request) =>
      ok(await checkNow(deps, request.auth, { recordIds: idsOf(request, 'ids') })),
    );
    app.post(`${B}/userarchivesother/do-quality-arch-other`, { config: { access: CHECK }, schema: checkSchema }, async (request) =>
      ok(await checkNow(deps, request.auth, { otherIds: idsOf(request, 'otherIds') })),
    );
  };
