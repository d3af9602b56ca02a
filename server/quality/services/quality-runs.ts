// Quality runs (issue 34 "Quality management", decision 0034): a run is queued by a request and
// worked on the job queue — the topic's records streamed in keyset batches, each checked with the
// topic's compiled rules, the failures written batch by batch and the counts kept on the run row so
// the screen's progress bar reads them while it runs. The do-quality-* calls check given records now.
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { newId } from '../../db/ids';
import { withTenant } from '../../db/tenant-scope';
import { Refusal } from '../../domain/errors';
import { latestVersion, SERVER_CODEMAPS } from '../../forms/index';
import { archiveScopeOf } from '../../task-centre/index';
import {
  clearFailures,
  countSource,
  findRun,
  insertFailures,
  insertRun,
  markRunDone,
  markRunFailed,
  markRunNotApplicable,
  markRunning,
  RUN_STATUS,
  scopeOfRun,
  setRunApplicability,
  setRunCounts,
  setRunJob,
  streamSource,
  type NewFailure,
  type RecordFilter,
  type RecordScope,
  type RunRow,
  type SkippedRuleRow,
  type SourceRow,
} from '../repositories/quality-runs';
import { ARCHIVE_SOURCE, checkRecord, rulesMissingFields, skippedRuleText, type QualityTopic, type RuleFailure } from './topics';
import { tenantTopicByCode, tenantTopics, TOPIC_NOT_FOUND } from './effective-topics';
import type { FormValues } from '../../../src/engine';

/** The queue the runs are worked on. */
export const QUALITY_QUEUE = 'quality_run';
/** Records read and checked per batch. */
export const QUALITY_BATCH = 1000;
export { qualityTopics, TOPIC_NOT_FOUND } from './effective-topics';

/** Whose records a caller's runs and lists cover (the task centre's rule: cdc the tenant, a team leader the teams, anyone else their own). */
export const recordScopeOf = (auth: AccessClaims): RecordScope => archiveScopeOf(auth);

/** A coded value's text from the code maps (codemaps/). */
const codeLabel = (code: string, value: string) => SERVER_CODEMAPS.codeLabel(code, value);

/** The record's values as the rules see them: its own, and the day it was entered. */
export const valuesOf = (row: SourceRow): FormValues =>
  ({ ...row.values, ...(row.record_date && { recordDate: row.record_date }) }) as FormValues;

/** How a topic meets a tenant's published version of its form (decision 0041). */
export interface Applicability {
  /** The version read (null: an archive topic, or the form is not published). */
  formVersion: number | null;
  /** The rules left out: they name fields that version lacks. */
  skipped: SkippedRuleRow[];
  /** False when no rule can run (or the form is not published): the topic is 不适用. */
  applicable: boolean;
  /** What the screen says ('' when every rule runs). */
  notice: string;
}

/**
 * A topic against the tenant's newest published version of its form: the rules naming a field that
 * version lacks are left out and said so, not run against records that can never have the field.
 * The archive topics read user_archive's columns, which every tenant has.
 */
export async function applicabilityOf(
  deps: Pick<AppDeps, 'db'>,
  tenantId: string,
  topic: QualityTopic,
  published?: PublishedForm | undefined,
): Promise<Applicability> {
  if (topic.form === ARCHIVE_SOURCE) return { formVersion: null, skipped: [], applicable: true, notice: '' };
  if (published === undefined) published = await publishedForm(deps, tenantId, topic.form);
  return applicabilityAgainst(topic, published);
}

/** A tenant's newest published version of a form as the check needs it: its number and field names (null: none published). */
export type PublishedForm = { version: number; fields: ReadonlySet<string> } | null;

async function publishedForm(deps: Pick<AppDeps, 'db'>, tenantId: string, form: string): Promise<PublishedForm> {
  const latest = await latestVersion(deps.db, tenantId, form);
  return latest ? { version: latest.version, fields: new Set((latest.document.fields ?? []).map((f) => f.fieldProp)) } : null;
}

/** Many topics at once (the topic list): each distinct form's published version read once. */
export async function applicabilityOfTopics(deps: Pick<AppDeps, 'db'>, tenantId: string, topics: QualityTopic[]): Promise<Applicability[]> {
  const forms = [...new Set(topics.map((t) => t.form).filter((f) => f !== ARCHIVE_SOURCE))];
  const published = new Map(await Promise.all(forms.map(async (f) => [f, await publishedForm(deps, tenantId, f)] as const)));
  return Promise.all(topics.map((t) => applicabilityOf(deps, tenantId, t, published.get(t.form) ?? null)));
}

function applicabilityAgainst(topic: QualityTopic, published: PublishedForm): Applicability {
  if (!published)
    return { formVersion: null, skipped: [], applicable: false, notice: `不适用：本机构尚未发布表单 ${topic.form}，无可检查的记录` };
  const skipped = rulesMissingFields(topic, published.fields).map((r) => ({ ...r, text: skippedRuleText(topic, r) }));
  const applicable = skipped.length < topic.rules.length;
  const version = `表单 ${topic.form} 当前发布版本 v${published.version}`;
  const notice = !skipped.length
    ? ''
    : applicable
      ? `${version}中缺少部分规则引用的字段，以下规则未执行：${skipped.map((r) => r.text).join('；')}`
      : `不适用：${version}中缺少规则引用的字段（规则引用了不存在的字段）：${skipped.map((r) => r.text).join('；')}`;
  return { formVersion: published.version, skipped, applicable, notice };
}

export interface QualityJob {
  tenantId: string;
  runId: string;
}

export async function startRun(deps: AppDeps, auth: AccessClaims, topicCode: string, filter: RecordFilter): Promise<RunRow> {
  const topic = await tenantTopicByCode(deps, auth.tenant_id, topicCode);
  if (filter.dateFrom && filter.dateTo && filter.dateTo < filter.dateFrom) throw new Refusal('结束日期不能早于开始日期');
  const id = newId(deps.now());
  const tenantId = auth.tenant_id;
  await insertRun(deps.db, {
    id,
    tenantId,
    topicCode: topic.code,
    scope: recordScopeOf(auth),
    filter,
    userId: auth.user_id,
    userName: auth.real_name || auth.user_name,
    time: new Date(deps.now()),
  });
  const jobId = await deps.jobs.enqueue<QualityJob>(QUALITY_QUEUE, { tenantId, runId: id });
  await setRunJob(deps.db, tenantId, id, jobId);
  return (await findRun(deps.db, tenantId, id))!;
}

const filterOfRun = (run: RunRow): RecordFilter => ({
  doctorId: run.doctor_id ?? undefined,
  teamId: run.team_id ?? undefined,
  dateFrom: run.date_from ?? undefined,
  dateTo: run.date_to ?? undefined,
});

/** Checks one batch: the failures to write (one per record and rule) and how many records failed. */
export function checkBatch(
  topic: QualityTopic,
  rows: SourceRow[],
  now: Date,
  runId: string,
  idAt: () => string,
  skipped?: ReadonlySet<string>,
) {
  const failures: NewFailure[] = [];
  let failedRecords = 0;
  for (const row of rows) {
    const found = checkRecord(topic, valuesOf(row), now, codeLabel, skipped);
    if (!found.length) continue;
    failedRecords++;
    for (const f of found)
      failures.push({
        id: idAt(),
        runId,
        topicCode: topic.code,
        sourceKind: topic.form === ARCHIVE_SOURCE ? 'archive' : 'record',
        row,
        ruleId: f.ruleId,
        message: f.message,
        values: f.values,
      });
  }
  return { failures, failedRecords };
}

/** Works one run: streams its records, checks each batch, writes the failures and the counts. */
export async function runQuality(deps: AppDeps, job: { data: QualityJob; progress(p: number): Promise<void> }): Promise<void> {
  const { tenantId, runId } = job.data;
  const run = await findRun(deps.db, tenantId, runId);
  if (!run || run.status === RUN_STATUS.done || run.status === RUN_STATUS.failed) return;
  // The tenant's topic as it is now (its own version where it saved one: decision 0042).
  const topic = (await tenantTopics(deps, tenantId)).topics.find((t) => t.code === run.topic_code);
  if (!topic) {
    await markRunFailed(deps.db, tenantId, runId, TOPIC_NOT_FOUND, new Date(deps.now()));
    return;
  }
  // Checked against the form as this tenant publishes it: rules over fields it lacks are left out, said so.
  const fit = await applicabilityOf(deps, tenantId, topic);
  if (!fit.applicable) {
    await markRunNotApplicable(
      deps.db,
      tenantId,
      runId,
      { formVersion: fit.formVersion, skipped: fit.skipped, reason: fit.notice },
      new Date(deps.now()),
    );
    return;
  }
  await setRunApplicability(deps.db, tenantId, runId, fit.formVersion, fit.skipped);
  const skipped = new Set(fit.skipped.map((r) => r.ruleId));
  const archiveSource = topic.form === ARCHIVE_SOURCE;
  const scope = scopeOfRun(run);
  const filter = filterOfRun(run);
  // A retried attempt starts over: the earlier attempt's failures go first.
  await clearFailures(deps.db, tenantId, runId);
  const total = await countSource(deps.db, tenantId, topic.form, archiveSource, scope, filter);
  if (!(await markRunning(deps.db, tenantId, runId, total, new Date(deps.now())))) return;
  const now = new Date(deps.now());
  const counts = { checked: 0, failedRecords: 0, failures: 0, progress: 0 };
  await streamSource(deps.db, tenantId, topic.form, archiveSource, scope, filter, QUALITY_BATCH, async (rows) => {
    const { failures, failedRecords } = checkBatch(topic, rows, now, runId, () => newId(deps.now()), skipped);
    await insertFailures(deps.db, tenantId, failures);
    counts.checked += rows.length;
    counts.failedRecords += failedRecords;
    counts.failures += failures.length;
    counts.progress = total > 0 ? Math.min(99, Math.floor((counts.checked * 100) / total)) : 99;
    await setRunCounts(deps.db, tenantId, runId, counts);
  });
  await markRunDone(deps.db, tenantId, runId, new Date(deps.now()));
}

export function qualityWork(deps: AppDeps) {
  return {
    handle: (job: { data: QualityJob; progress(p: number): Promise<void> }) => withTenant(job.data.tenantId, () => runQuality(deps, job)),
    onDead: (job: { data: QualityJob }, message: string) =>
      withTenant(job.data.tenantId, () => markRunFailed(deps.db, job.data.tenantId, job.data.runId, message, new Date(deps.now()))),
  };
}

export interface CheckedFailure extends RuleFailure {
  recordId: string;
  archId: string;
  otherId: string | null;
  formCode: string;
  personName: string;
  visitDate: string | null;
  topicCode: string;
  topicName: string;
}

/**
 * do-quality-*: checks the given archives, follow-up records or cases now against every topic over
 * their kind, within the caller's scope (another's record is not checked, as if absent).
 */
export async function checkNow(
  deps: AppDeps,
  auth: AccessClaims,
  what: { archIds: string[] } | { recordIds: string[] } | { otherIds: string[] },
): Promise<CheckedFailure[]> {
  const topics = (await tenantTopics(deps, auth.tenant_id)).topics.filter((t) =>
    'archIds' in what ? t.form === ARCHIVE_SOURCE : t.form !== ARCHIVE_SOURCE,
  );
  const scope = recordScopeOf(auth);
  const now = new Date(deps.now());
  const out: CheckedFailure[] = [];
  // As a run: a topic the tenant's form cannot carry is not applied, nor are rules over missing fields.
  const fits = await applicabilityOfTopics(deps, auth.tenant_id, topics);
  for (const [i, topic] of topics.entries()) {
    const fit = fits[i]!;
    if (!fit.applicable) continue;
    const skipped = new Set(fit.skipped.map((r) => r.ruleId));
    const filter: RecordFilter =
      'archIds' in what ? { archIds: what.archIds } : 'recordIds' in what ? { recordIds: what.recordIds } : { otherIds: what.otherIds };
    await streamSource(deps.db, auth.tenant_id, topic.form, topic.form === ARCHIVE_SOURCE, scope, filter, QUALITY_BATCH, async (rows) => {
      for (const row of rows)
        for (const f of checkRecord(topic, valuesOf(row), now, codeLabel, skipped))
          out.push({
            recordId: row.id,
            archId: row.arch_id,
            otherId: row.other_id,
            formCode: row.form_code,
            personName: row.person_name,
            visitDate: row.visit_date,
            topicCode: topic.code,
            topicName: topic.name,
            ...f,
          });
    });
  }
  return out;
}
