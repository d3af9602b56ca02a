// Quality runs and their failures (iph_quality_run, iph_quality_failure; migration 073), and the
// records a run checks, read in keyset batches (id order, `limit`) so a run's memory stays flat
// however many records the tenant has. Raw SQL, values always bound; every statement names the
// tenant besides row-level security.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** 0 排队中, 1 进行中, 2 已完成, 3 失败, 4 不适用 (migration 080: the tenant's form version lacks what the rules read). */
export const RUN_STATUS = { queued: 0, running: 1, done: 2, failed: 3, notApplicable: 4 } as const;
export const RUN_STATUS_TEXT = ['排队中', '进行中', '已完成', '失败', '不适用'] as const;

/** A rule a run left out (skipped_rules, migration 080), with the notice the screen shows. */
export interface SkippedRuleRow {
  ruleId: string;
  message: string;
  fields: string[];
  text: string;
}

/** Whose residents: the tenant's, the archives of some teams (team_id), or of one responsible doctor (main_doctor_id). */
export type RecordScope = { kind: 'tenant' } | { kind: 'teams'; teamIds: string[] } | { kind: 'doctor'; userId: string };

/** What narrows a run or a check: a doctor, a team, a visit period; or the given records, archives or cases. */
export interface RecordFilter {
  doctorId?: string | undefined;
  teamId?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  recordIds?: string[] | undefined;
  archIds?: string[] | undefined;
  otherIds?: string[] | undefined;
}

export interface SourceRow {
  id: string;
  arch_id: string;
  other_id: string | null;
  form_code: string;
  values: Record<string, unknown>;
  visit_date: string | null;
  record_date: string | null;
  person_name: string;
  main_doctor_id: string;
  doctor_name: string;
  team_id: string;
  team_name: string;
}

/** The archive topics' values: user_archive's columns under the names the rules read (services/topics.ts ARCHIVE_FIELDS). */
const ARCHIVE_VALUES = sql`json_build_object('personName', a.person_name, 'sex', a.sex, 'birthday', a.birthday, 'cardType', a.card_type,
  'idCard', a.id_card, 'phone', a.phone, 'contactName', a.contact_name, 'contactPhone', a.contact_phone, 'homeAddress', a.home_address,
  'regionCode', a.region_code, 'crowdLabels', a.crowd_labels)`;

function scopeOf(scope: RecordScope): RawBuilder<unknown> {
  if (scope.kind === 'tenant') return sql`true`;
  if (scope.kind === 'doctor') return sql`a.main_doctor_id = ${scope.userId}`;
  return scope.teamIds.length ? sql`a.team_id in (${sql.join(scope.teamIds)})` : sql`false`;
}

function conditionsOf(archiveSource: boolean, f: RecordFilter): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [sql`true`];
  if (f.doctorId) c.push(sql`a.main_doctor_id = ${f.doctorId}`);
  if (f.teamId) c.push(sql`a.team_id = ${f.teamId}`);
  const day = archiveSource ? sql`to_char(a.create_time, 'YYYY-MM-DD')` : sql`r.visit_date::text`;
  if (f.dateFrom) c.push(sql`${day} >= ${f.dateFrom}`);
  if (f.dateTo) c.push(sql`${day} <= ${f.dateTo}`);
  if (f.recordIds) c.push(f.recordIds.length ? sql`${archiveSource ? sql`a.id` : sql`r.id`} in (${sql.join(f.recordIds)})` : sql`false`);
  if (f.archIds) c.push(f.archIds.length ? sql`a.id in (${sql.join(f.archIds)})` : sql`false`);
  if (f.otherIds) c.push(f.otherIds.length && !archiveSource ? sql`r.other_id in (${sql.join(f.otherIds)})` : sql`false`);
  return sql.join(c, sql` and `);
}

/** The statement of one batch (after `after`, `limit` rows) or, with `count`, the number of rows. */
function sourceQuery(tenantId: string, form: string, archiveSource: boolean, scope: RecordScope, f: RecordFilter) {
  const where = sql`${scopeOf(scope)} and ${conditionsOf(archiveSource, f)}`;
  if (archiveSource)
    return {
      from: sql`from user_archive a where a.tenant_id = ${tenantId} and a.is_deleted = 0 and ${where}`,
      key: sql`a.id`,
      select: sql`select a.id, a.id as arch_id, null::text as other_id, ${form}::text as form_code, ${ARCHIVE_VALUES} as "values",
        null::text as visit_date, to_char(a.create_time, 'YYYY-MM-DD') as record_date, a.person_name, a.main_doctor_id, a.doctor_name,
        a.team_id, a.team_name`,
    };
  return {
    from: sql`from form_record r join user_archive a on a.id = r.arch_id and a.tenant_id = r.tenant_id
      where r.tenant_id = ${tenantId} and r.form_code = ${form} and r.is_deleted = 0 and a.is_deleted = 0 and ${where}`,
    key: sql`r.id`,
    select: sql`select r.id, r.arch_id, r.other_id, r.form_code, r."values", r.visit_date::text as visit_date,
      to_char(r.create_time, 'YYYY-MM-DD') as record_date, a.person_name, a.main_doctor_id, a.doctor_name, a.team_id, a.team_name`,
  };
}

export async function countSource(db: Db, tenantId: string, form: string, archiveSource: boolean, scope: RecordScope, f: RecordFilter) {
  const q = sourceQuery(tenantId, form, archiveSource, scope, f);
  const r = await sql<{ n: string | number }>`select count(*) as n ${q.from}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The records in id order, `batchSize` at a time, each batch handed to `onBatch` before the next is
 * read (keyset: nothing is held beyond a batch, no offset grows). A whole form is walked in two
 * steps per batch: the next `batchSize` ids of the form alone (an index range of
 * form_record (tenant_id, form_code, id)), then those records joined with their archives and
 * filtered by scope and filter — so each batch costs the same however far the walk is, whatever plan
 * the join would get. Given ids (do-quality-*) are read in one statement per batch.
 */
export async function streamSource(
  db: Db,
  tenantId: string,
  form: string,
  archiveSource: boolean,
  scope: RecordScope,
  f: RecordFilter,
  batchSize: number,
  onBatch: (rows: SourceRow[]) => Promise<void>,
): Promise<void> {
  const q = sourceQuery(tenantId, form, archiveSource, scope, f);
  const given = !!(f.recordIds || f.archIds || f.otherIds);
  /** One batch after `after`: its rows and the key the next one starts after (null: this was the last). */
  const read = async (after: string | null): Promise<{ rows: SourceRow[]; next: string | null }> => {
    const keyset: RawBuilder<unknown> = after === null ? sql`true` : sql`${q.key} > ${after}`;
    if (given) {
      const r = await sql<SourceRow>`${q.select} ${q.from} and ${keyset} order by ${q.key} limit ${batchSize}`.execute(db);
      return { rows: r.rows, next: r.rows.length < batchSize ? null : r.rows[r.rows.length - 1]!.id };
    }
    const idKeyset: RawBuilder<unknown> = after === null ? sql`true` : sql`id > ${after}`;
    const ids = archiveSource
      ? await sql<{ id: string }>`select id from user_archive where tenant_id = ${tenantId} and is_deleted = 0 and ${idKeyset}
          order by id limit ${batchSize}`.execute(db)
      : await sql<{ id: string }>`select id from form_record where tenant_id = ${tenantId} and form_code = ${form} and is_deleted = 0
          and ${idKeyset} order by id limit ${batchSize}`.execute(db);
    if (ids.rows.length === 0) return { rows: [], next: null };
    const first = ids.rows[0]!.id;
    const last = ids.rows[ids.rows.length - 1]!.id;
    const r = await sql<SourceRow>`${q.select} ${q.from} and ${q.key} >= ${first} and ${q.key} <= ${last} order by ${q.key}`.execute(db);
    return { rows: r.rows, next: ids.rows.length < batchSize ? null : last };
  };
  // The next batch is read while this one is handled: at most two batches in memory.
  let pending = read(null);
  for (;;) {
    const batch = await pending;
    if (batch.next !== null) {
      pending = read(batch.next);
      // Should the handler throw, the read under way is abandoned: its failure is no one's to hear.
      pending.catch(() => undefined);
    }
    if (batch.rows.length) await onBatch(batch.rows);
    if (batch.next === null) return;
  }
}

export interface RunRow {
  id: string;
  tenant_id: string;
  topic_code: string;
  status: number;
  progress: number;
  total: number;
  checked: number;
  failed_records: number;
  failures: number;
  scope_kind: string;
  scope_ids: string;
  doctor_id: string | null;
  team_id: string | null;
  date_from: string | null;
  date_to: string | null;
  job_id: string | null;
  error_msg: string;
  create_user: string;
  create_user_name: string;
  create_time: Date | string;
  start_time: Date | string | null;
  finish_time: Date | string | null;
  form_version: number | null;
  skipped_rules: SkippedRuleRow[] | string;
}

/** skipped_rules as stored (jsonb: an array, or its text on some drivers). */
export const skippedRulesOf = (r: Pick<RunRow, 'skipped_rules'>): SkippedRuleRow[] =>
  typeof r.skipped_rules === 'string' ? (JSON.parse(r.skipped_rules) as SkippedRuleRow[]) : (r.skipped_rules ?? []);

export interface NewRun {
  id: string;
  tenantId: string;
  topicCode: string;
  scope: RecordScope;
  filter: RecordFilter;
  userId: string;
  userName: string;
  time: Date;
}

export const scopeIdsOf = (scope: RecordScope) =>
  scope.kind === 'teams' ? scope.teamIds.join(',') : scope.kind === 'doctor' ? scope.userId : '';
export const scopeOfRun = (run: Pick<RunRow, 'scope_kind' | 'scope_ids'>): RecordScope =>
  run.scope_kind === 'teams'
    ? { kind: 'teams', teamIds: run.scope_ids.split(',').filter(Boolean) }
    : run.scope_kind === 'doctor'
      ? { kind: 'doctor', userId: run.scope_ids }
      : { kind: 'tenant' };

export async function insertRun(db: Db, r: NewRun): Promise<void> {
  await sql`insert into iph_quality_run (id, tenant_id, topic_code, scope_kind, scope_ids, doctor_id, team_id, date_from, date_to,
      create_user, create_user_name, create_time)
    values (${r.id}, ${r.tenantId}, ${r.topicCode}, ${r.scope.kind}, ${scopeIdsOf(r.scope)}, ${r.filter.doctorId ?? null},
      ${r.filter.teamId ?? null}, ${r.filter.dateFrom ?? null}, ${r.filter.dateTo ?? null}, ${r.userId}, ${r.userName}, ${r.time})`.execute(
    db,
  );
}

export async function setRunJob(db: Db, tenantId: string, id: string, jobId: string): Promise<void> {
  await sql`update iph_quality_run set job_id = ${jobId} where tenant_id = ${tenantId} and id = ${id}`.execute(db);
}

export async function findRun(db: Db, tenantId: string, id: string): Promise<RunRow | undefined> {
  return (await sql<RunRow>`select * from iph_quality_run where tenant_id = ${tenantId} and id = ${id}`.execute(db)).rows[0];
}

/** The topic's newest run: the caller's own if they have one, else anyone's. */
export async function latestRun(db: Db, tenantId: string, topicCode: string, userId: string): Promise<RunRow | undefined> {
  const r = await sql<RunRow>`select * from iph_quality_run where tenant_id = ${tenantId} and topic_code = ${topicCode}
    order by (create_user = ${userId}) desc, create_time desc, id desc limit 1`.execute(db);
  return r.rows[0];
}

/** Every topic's newest run (the caller's own first), for the topic list. */
export async function latestRuns(db: Db, tenantId: string, userId: string): Promise<RunRow[]> {
  const r = await sql<RunRow>`select distinct on (topic_code) * from iph_quality_run where tenant_id = ${tenantId}
    order by topic_code, (create_user = ${userId}) desc, create_time desc, id desc`.execute(db);
  return r.rows;
}

/** 排队中 → 进行中 with the number of records to check; false when the run is not queued any more (an earlier attempt's). */
export async function markRunning(db: Db, tenantId: string, id: string, total: number, time: Date): Promise<boolean> {
  const r = await sql`update iph_quality_run set status = ${RUN_STATUS.running}, total = ${total}, checked = 0, failed_records = 0,
      failures = 0, progress = 0, start_time = ${time}, error_msg = ''
    where tenant_id = ${tenantId} and id = ${id} and status in (${RUN_STATUS.queued}, ${RUN_STATUS.running}) returning id`.execute(db);
  return r.rows.length > 0;
}

export async function setRunCounts(
  db: Db,
  tenantId: string,
  id: string,
  c: { checked: number; failedRecords: number; failures: number; progress: number },
) {
  await sql`update iph_quality_run set checked = ${c.checked}, failed_records = ${c.failedRecords}, failures = ${c.failures},
    progress = ${c.progress} where tenant_id = ${tenantId} and id = ${id}`.execute(db);
}

/** The form version a run reads its fields from and the rules it leaves out (before it checks a record). */
export async function setRunApplicability(db: Db, tenantId: string, id: string, formVersion: number | null, skipped: SkippedRuleRow[]) {
  await sql`update iph_quality_run set form_version = ${formVersion}, skipped_rules = ${JSON.stringify(skipped)}::jsonb
    where tenant_id = ${tenantId} and id = ${id}`.execute(db);
}

/** A run that cannot apply any rule (or whose form the tenant has not published): 不适用, with the reason, nothing read. */
export async function markRunNotApplicable(
  db: Db,
  tenantId: string,
  id: string,
  a: { formVersion: number | null; skipped: SkippedRuleRow[]; reason: string },
  time: Date,
): Promise<void> {
  await sql`update iph_quality_run set status = ${RUN_STATUS.notApplicable}, progress = 100, total = 0, checked = 0,
      failed_records = 0, failures = 0, form_version = ${a.formVersion}, skipped_rules = ${JSON.stringify(a.skipped)}::jsonb,
      error_msg = ${a.reason.slice(0, 2000)}, start_time = ${time}, finish_time = ${time}
    where tenant_id = ${tenantId} and id = ${id} and status in (${RUN_STATUS.queued}, ${RUN_STATUS.running})`.execute(db);
}

export async function markRunDone(db: Db, tenantId: string, id: string, time: Date): Promise<void> {
  await sql`update iph_quality_run set status = ${RUN_STATUS.done}, progress = 100, finish_time = ${time}
    where tenant_id = ${tenantId} and id = ${id}`.execute(db);
}

export async function markRunFailed(db: Db, tenantId: string, id: string, message: string, time: Date): Promise<void> {
  await sql`update iph_quality_run set status = ${RUN_STATUS.failed}, error_msg = ${message.slice(0, 500)}, finish_time = ${time}
    where tenant_id = ${tenantId} and id = ${id} and status not in (${RUN_STATUS.done}, ${RUN_STATUS.notApplicable})`.execute(db);
}

/** An earlier attempt's failures, dropped before a retry writes them again. */
export async function clearFailures(db: Db, tenantId: string, runId: string): Promise<void> {
  await sql`delete from iph_quality_failure where tenant_id = ${tenantId} and run_id = ${runId}`.execute(db);
}

export interface NewFailure {
  id: string;
  runId: string;
  topicCode: string;
  sourceKind: string;
  row: SourceRow;
  ruleId: string;
  message: string;
  values: unknown;
}

export async function insertFailures(db: Db, tenantId: string, failures: NewFailure[]): Promise<void> {
  if (!failures.length) return;
  const rows = failures.map(
    (f) => sql`(${f.id}, ${tenantId}, ${f.runId}, ${f.topicCode}, ${f.sourceKind}, ${f.row.id}, ${f.row.arch_id}, ${f.row.other_id},
      ${f.row.form_code}, ${f.row.person_name ?? ''}, ${f.row.main_doctor_id ?? ''}, ${f.row.doctor_name ?? ''}, ${f.row.team_id ?? ''},
      ${f.row.team_name ?? ''}, ${f.row.visit_date}, ${f.ruleId}, ${f.message}, ${JSON.stringify(f.values)}::jsonb)`,
  );
  await sql`insert into iph_quality_failure (id, tenant_id, run_id, topic_code, source_kind, record_id, arch_id, other_id, form_code,
      person_name, doctor_id, doctor_name, team_id, team_name, visit_date, rule_id, message, failing_values)
    values ${sql.join(rows)}`.execute(db);
}

export interface FailureRow {
  id: string;
  record_id: string;
  arch_id: string;
  other_id: string | null;
  form_code: string;
  source_kind: string;
  person_name: string;
  doctor_id: string;
  doctor_name: string;
  team_id: string;
  team_name: string;
  visit_date: string | null;
  rule_id: string;
  message: string;
  failing_values: unknown;
}

/** A page of a run's failures the caller may see (their scope on the stored doctor and team), by record. */
export async function failurePage(
  db: Db,
  tenantId: string,
  runId: string,
  scope: RecordScope,
  f: { ruleId?: string | undefined; personName?: string | undefined; doctorId?: string | undefined },
  current: number,
  size: number,
): Promise<{ rows: FailureRow[]; total: number }> {
  const c: RawBuilder<unknown>[] = [sql`tenant_id = ${tenantId}`, sql`run_id = ${runId}`];
  if (scope.kind === 'doctor') c.push(sql`doctor_id = ${scope.userId}`);
  if (scope.kind === 'teams') c.push(scope.teamIds.length ? sql`team_id in (${sql.join(scope.teamIds)})` : sql`false`);
  if (f.ruleId) c.push(sql`rule_id = ${f.ruleId}`);
  if (f.doctorId) c.push(sql`doctor_id = ${f.doctorId}`);
  if (f.personName) c.push(sql`person_name like ${`%${f.personName.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
  const where = sql.join(c, sql` and `);
  const [rows, count] = await Promise.all([
    sql<FailureRow>`select id, record_id, arch_id, other_id, form_code, source_kind, person_name, doctor_id, doctor_name, team_id, team_name,
        visit_date, rule_id, message, failing_values from iph_quality_failure where ${where}
      order by visit_date desc nulls last, record_id, id limit ${size} offset ${(current - 1) * size}`.execute(db),
    sql<{ n: string | number }>`select count(*) as n from iph_quality_failure where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}
