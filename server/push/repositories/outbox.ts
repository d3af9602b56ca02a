// The push outbox (iph_push_outbox, migration 068; decision 0033). Raw SQL, values always bound;
// every statement of a tenant names the tenant besides row-level security. The relay's claim is the
// one statement across tenants (run as system work).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** 0 待上报, 1 上报中, 2 已上报, 3 失败 (retrying), 4 终止 (dead letter), 5 已清除. */
export const PUSH_STATE = { waiting: 0, running: 1, done: 2, failed: 3, dead: 4, cleared: 5 } as const;
export const PUSH_STATE_TEXT = ['待上报', '上报中', '已上报', '失败', '终止', '已清除'] as const;

/**
 * What a row pushes: a follow-up record or an archive (068), a contract or a maternal or child case
 * (077, by trigger), a medication record, the habits or a follow-up's voucher (on request).
 */
export const PUSH_KINDS = ['followup', 'archive', 'contract', 'archive_other', 'medication', 'habits', 'voucher'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface OutboxRow {
  id: string;
  tenant_id: string;
  source_kind: PushKind;
  source_id: string;
  arch_id: string;
  form_code: string;
  system: string;
  state: number;
  attempts: number;
  last_error: string;
  idempotency_key: string;
  content_version: number;
  external_id: string;
  job_id: string | null;
  enqueued_time: Date | string | null;
  next_try_time: Date | string | null;
  last_try_time: Date | string | null;
  pushed_time: Date | string | null;
  create_time: Date | string;
  update_time: Date | string;
}

/** A listed row: the outbox row with the resident's name and the record's visit day. */
export interface ListedRow extends OutboxRow {
  person_name: string | null;
  visit_date: string | null;
}

type Db = Kysely<Database>;

export async function findOutbox(db: Db, tenantId: string, id: string): Promise<OutboxRow | undefined> {
  return (await sql<OutboxRow>`select * from iph_push_outbox where tenant_id = ${tenantId} and id = ${id}`.execute(db)).rows[0];
}

/**
 * The relay's claim: up to `limit` rows of the configured systems, marked queued now — rows 待上报
 * that have no job yet (or whose job was queued longer ago than `staleBefore` and never started: a
 * process that died between this claim and the enqueue), and rows 上报中 whose attempt began before
 * `staleBefore` (no live attempt lasts that long: the request's own time limit ends it first), left
 * so by a process killed outright. Such an attempt's job would be retried only when the queue
 * expires it (15 minutes by default); a new job takes the row up within the stale interval, and the
 * attempt's claim keeps the two apart (claimAttempt). SKIP LOCKED: two processes claim different rows.
 */
export async function claimForQueue(db: Db, systems: string[], now: Date, staleBefore: Date, limit: number) {
  if (systems.length === 0) return [];
  const r = await sql<Pick<OutboxRow, 'id' | 'tenant_id' | 'idempotency_key'>>`
    update iph_push_outbox set enqueued_time = ${now}
    where id in (
      select id from iph_push_outbox
      where system in (${sql.join(systems)}) and (enqueued_time is null or enqueued_time < ${staleBefore})
        and (state = ${PUSH_STATE.waiting} or (state = ${PUSH_STATE.running} and last_try_time < ${staleBefore}))
      order by update_time limit ${limit} for update skip locked)
    returning id, tenant_id, idempotency_key`.execute(db);
  return r.rows;
}

export async function setJob(db: Db, tenantId: string, id: string, key: string, jobId: string): Promise<void> {
  await sql`update iph_push_outbox set job_id = ${jobId}
    where tenant_id = ${tenantId} and id = ${id} and idempotency_key = ${key}`.execute(db);
}

/** Pushes of the tenant tried since `since` (the per-tenant rate, counted for every process). */
export async function triedSince(db: Db, tenantId: string, since: Date): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from iph_push_outbox
    where tenant_id = ${tenantId} and last_try_time >= ${since}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/**
 * One attempt claims its row: 待上报 or 失败, or 上报中 left by this same job (a retry after its
 * process stopped) or by an attempt older than `staleBefore`. Answers the attempt number, which the
 * outcome's write must match: a late answer of an abandoned attempt changes nothing.
 */
export async function claimAttempt(
  db: Db,
  tenantId: string,
  id: string,
  key: string,
  jobId: string,
  now: Date,
  staleBefore: Date,
): Promise<number | undefined> {
  const r = await sql<{ attempts: number }>`update iph_push_outbox
    set state = ${PUSH_STATE.running}, attempts = attempts + 1, last_try_time = ${now}, job_id = ${jobId}, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id} and idempotency_key = ${key}
      and (state in (${PUSH_STATE.waiting}, ${PUSH_STATE.failed})
        or (state = ${PUSH_STATE.running} and (job_id = ${jobId} or last_try_time < ${staleBefore})))
    returning attempts`.execute(db);
  return r.rows[0]?.attempts;
}

/** The outcome of attempt `attempt` of version `key`: written only if no later attempt or version began. */
export async function finishAttempt(
  db: Db,
  tenantId: string,
  id: string,
  key: string,
  attempt: number,
  outcome: { state: number; error: string; externalId?: string; nextTry?: Date | null; now: Date },
): Promise<boolean> {
  const r = await sql<{ id: string }>`update iph_push_outbox
    set state = ${outcome.state}, last_error = ${outcome.error}, update_time = ${outcome.now},
      next_try_time = ${outcome.nextTry ?? null},
      ${outcome.externalId !== undefined ? sql`external_id = ${outcome.externalId}, pushed_time = ${outcome.now},` : sql``}
      job_id = job_id
    where tenant_id = ${tenantId} and id = ${id} and idempotency_key = ${key} and attempts = ${attempt}
      and state = ${PUSH_STATE.running}
    returning id`.execute(db);
  return r.rows.length > 0;
}

/** A row that waits without an attempt (system not configured, rate exceeded): the reason shown. */
export async function markWaiting(db: Db, tenantId: string, id: string, key: string, reason: string, nextTry: Date | null, now: Date) {
  await sql`update iph_push_outbox set last_error = ${reason}, next_try_time = ${nextTry}, update_time = ${now},
      enqueued_time = ${nextTry ?? null}
    where tenant_id = ${tenantId} and id = ${id} and idempotency_key = ${key} and state in (${PUSH_STATE.waiting}, ${PUSH_STATE.failed})`.execute(
    db,
  );
}

/** The dead letter: version `key` out of attempts is 终止 with the last error (unless pushed meanwhile). */
export async function markDead(db: Db, tenantId: string, id: string, key: string, message: string, now: Date): Promise<void> {
  await sql`update iph_push_outbox set state = ${PUSH_STATE.dead}, last_error = ${message}, next_try_time = null, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id} and idempotency_key = ${key}
      and state not in (${PUSH_STATE.done}, ${PUSH_STATE.dead}, ${PUSH_STATE.cleared})`.execute(db);
}

/** 重新上报: rows not yet pushed go back to 待上报 with their attempts reset (the relay queues them). */
export async function requeue(db: Db, tenantId: string, ids: string[] | 'failed', now: Date): Promise<string[]> {
  const which =
    ids === 'failed' ? sql`state in (${PUSH_STATE.failed}, ${PUSH_STATE.dead}, ${PUSH_STATE.cleared})` : sql`id in (${sql.join(ids)})`;
  const r = await sql<{ id: string }>`update iph_push_outbox
    set state = ${PUSH_STATE.waiting}, attempts = 0, last_error = '', next_try_time = null, enqueued_time = null, job_id = null,
      update_time = ${now}
    where tenant_id = ${tenantId} and ${which} and state not in (${PUSH_STATE.done}, ${PUSH_STATE.running})
    returning id`.execute(db);
  return r.rows.map((row) => row.id);
}

/** 清除错误: failed or dead rows stop being tried; their error is cleared (已清除). */
export async function clearErrors(db: Db, tenantId: string, ids: string[], now: Date): Promise<string[]> {
  const r = await sql<{ id: string }>`update iph_push_outbox
    set state = ${PUSH_STATE.cleared}, last_error = '', next_try_time = null, update_time = ${now}
    where tenant_id = ${tenantId} and id in (${sql.join(ids)}) and state in (${PUSH_STATE.failed}, ${PUSH_STATE.dead})
    returning id`.execute(db);
  return r.rows.map((row) => row.id);
}

/** A record's push to one more system (push_to_jw, push-archives-to-his): a row 待上报 for it. */
export async function addPush(
  db: Db,
  row: {
    tenantId: string;
    kind: PushKind;
    sourceId: string;
    archId: string;
    formCode: string;
    system: string;
    version: number;
  },
  now: Date,
): Promise<string> {
  const id = `${row.system}:${row.kind}:${row.sourceId}`;
  const key = `${row.system}:${row.sourceId}:v${row.version}`;
  await sql`insert into iph_push_outbox (id, tenant_id, source_kind, source_id, arch_id, form_code, system, idempotency_key, content_version,
      create_time, update_time)
    values (${id}, ${row.tenantId}, ${row.kind}, ${row.sourceId}, ${row.archId}, ${row.formCode}, ${row.system}, ${key}, ${row.version}, ${now}, ${now})
    on conflict (id) do update set state = ${PUSH_STATE.waiting}, attempts = 0, last_error = '', job_id = null, enqueued_time = null,
      next_try_time = null, idempotency_key = excluded.idempotency_key, content_version = excluded.content_version, update_time = ${now}
    where iph_push_outbox.state not in (${PUSH_STATE.running}) and
      (iph_push_outbox.state <> ${PUSH_STATE.done} or iph_push_outbox.content_version <> excluded.content_version)`.execute(db);
  return id;
}

/**
 * The signed contracts that never had a push row (signed before migration 077 wrote one by trigger)
 * given their first one, 待上报, as the trigger would have: the backlog all-sign-submit-push takes up.
 */
export function addMissingContractPushes(db: Db, tenantId: string, states: readonly number[], now: Date): Promise<string[]> {
  return addMissingPushes(
    db,
    tenantId,
    'GW',
    'contract',
    now,
    sql`from iph_user_contract s
    where s.tenant_id = ${tenantId} and s.is_deleted = 0 and s.state in (${sql.join([...states])})`,
    sql`'contract'`,
  );
}

/**
 * The live maternal and child cases that never had a push row to 省妇幼 (filed before migration 077
 * wrote one on every change) given their first one, as the trigger would have: the backlog
 * all-reported-push takes up without ids, so such a case is reported without waiting for its next change.
 */
export function addMissingCasePushes(db: Db, tenantId: string, now: Date): Promise<string[]> {
  return addMissingPushes(
    db,
    tenantId,
    'SFY',
    'archive_other',
    now,
    sql`from iph_user_archives_other s
    where s.tenant_id = ${tenantId} and s.is_deleted = 0`,
    sql`s.kind`,
  );
}

/** The rows the triggers of migration 077 would have written for `sources` (version 1), where none exists. */
async function addMissingPushes(
  db: Db,
  tenantId: string,
  system: string,
  kind: PushKind,
  now: Date,
  sources: RawBuilder<unknown>,
  formCode: RawBuilder<unknown>,
): Promise<string[]> {
  const prefix = `${system}:${kind}:`;
  const r = await sql<{ id: string }>`insert into iph_push_outbox (id, tenant_id, source_kind, source_id, arch_id, form_code, system,
      idempotency_key, content_version, create_time, update_time)
    select ${prefix} || s.id, s.tenant_id, ${kind}, s.id, s.arch_id, ${formCode}, ${system}, ${system + ':'} || s.id || ':v1', 1, ${now}, ${now}
    ${sources}
      and not exists (select 1 from iph_push_outbox o where o.tenant_id = ${tenantId} and o.id = ${prefix} || s.id)
    on conflict (id) do nothing
    returning id`.execute(db);
  return r.rows.map((row) => row.id);
}

export interface OutboxFilter {
  state?: number | undefined;
  system?: string | undefined;
  kind?: PushKind | undefined;
  formCode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  personName?: string | undefined;
  /** Only rows not pushed yet (待上报, 上报中, 失败, 终止): list-need-report-data. */
  pending?: boolean | undefined;
}

const likeOf = (s: string) => '%' + s.replace(/[\\%_]/g, (c) => '\\' + c) + '%';

/** The 上报管理 list: newest change first, with the resident's name and the visit day. */
export async function outboxPage(db: Db, tenantId: string, f: OutboxFilter, current: number, size: number) {
  const where = sql`o.tenant_id = ${tenantId}
    ${f.state !== undefined ? sql`and o.state = ${f.state}` : sql``}
    ${f.pending ? sql`and o.state not in (${PUSH_STATE.done}, ${PUSH_STATE.cleared})` : sql``}
    ${f.system ? sql`and o.system = ${f.system}` : sql``}
    ${f.kind ? sql`and o.source_kind = ${f.kind}` : sql``}
    ${f.formCode ? sql`and o.form_code = ${f.formCode}` : sql``}
    ${f.from ? sql`and o.update_time >= ${f.from}::date` : sql``}
    ${f.to ? sql`and o.update_time < (${f.to}::date + 1)` : sql``}
    ${f.personName ? sql`and a.person_name ilike ${likeOf(f.personName)}` : sql``}`;
  const from = sql`iph_push_outbox o
    left join user_archive a on a.tenant_id = o.tenant_id and a.id = o.arch_id
    left join form_record r on o.source_kind = 'followup' and r.tenant_id = o.tenant_id and r.id = o.source_id`;
  // The day the list shows beside the resident: the visit's, or the day the other sources are about.
  const day = sql`case o.source_kind
      when 'followup' then r.visit_date::text
      when 'contract' then (select c.start_date::text from iph_user_contract c where c.tenant_id = o.tenant_id and c.id = o.source_id)
      when 'medication' then (select m.start_date::text from iph_user_medication m where m.tenant_id = o.tenant_id and m.id = o.source_id)
      when 'habits' then (select h.survey_date::text from iph_user_info_habits h where h.tenant_id = o.tenant_id and h.id = o.source_id)
      else null end`;
  const [rows, count] = await Promise.all([
    sql<ListedRow>`select o.*, a.person_name, ${day} as visit_date from ${from} where ${where}
      order by o.update_time desc, o.id desc limit ${size} offset ${(current - 1) * size}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${from} where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/** Rows of the given sources (a record's or an archive's status on its own screens). */
export async function outboxOfSources(db: Db, tenantId: string, kind: PushKind, sourceIds: string[]): Promise<OutboxRow[]> {
  if (sourceIds.length === 0) return [];
  return (
    await sql<OutboxRow>`select * from iph_push_outbox where tenant_id = ${tenantId} and source_kind = ${kind}
      and source_id in (${sql.join(sourceIds)}) order by system`.execute(db)
  ).rows;
}

/** Counts per form code and state (随访提交状态's push columns), follow-ups changed in [from, to]. */
export async function stateCounts(db: Db, tenantId: string, kind: 'followup' | 'archive', from: string, to: string) {
  const r = await sql<{ form_code: string; state: number; n: number }>`select form_code, state, count(*)::int as n
    from iph_push_outbox where tenant_id = ${tenantId} and source_kind = ${kind} and system = 'GW'
      and update_time >= ${from}::date and update_time < (${to}::date + 1)
    group by form_code, state`.execute(db);
  return r.rows;
}

/** push-public-health-data: the resident's (by id card) regional pushes not yet done, back to 待上报. */
export async function requeueByIdentity(db: Db, tenantId: string, idCard: string, now: Date): Promise<string[]> {
  const r = await sql<{ id: string }>`update iph_push_outbox
    set state = ${PUSH_STATE.waiting}, attempts = 0, last_error = '', next_try_time = null, enqueued_time = null, job_id = null,
      update_time = ${now}
    where tenant_id = ${tenantId} and system = 'GW' and state not in (${PUSH_STATE.done}, ${PUSH_STATE.running})
      and arch_id in (select id from user_archive where tenant_id = ${tenantId} and id_card = ${idCard} and is_deleted = 0)
    returning id`.execute(db);
  return r.rows.map((row) => row.id);
}

/** Whether a live archive of the tenant has this id card. */
export async function identityExists(db: Db, tenantId: string, idCard: string): Promise<boolean> {
  const r = await sql<{
    id: string;
  }>`select id from user_archive where tenant_id = ${tenantId} and id_card = ${idCard} and is_deleted = 0 limit 1`.execute(db);
  return r.rows.length > 0;
}

/** 重新上报 of one kind's rows to one system that failed, were dead or cleared (all-sign-submit-push). */
export async function requeueKind(db: Db, tenantId: string, kind: PushKind, system: string, now: Date): Promise<string[]> {
  const r = await sql<{ id: string }>`update iph_push_outbox
    set state = ${PUSH_STATE.waiting}, attempts = 0, last_error = '', next_try_time = null, enqueued_time = null, job_id = null,
      update_time = ${now}
    where tenant_id = ${tenantId} and source_kind = ${kind} and system = ${system}
      and state in (${PUSH_STATE.failed}, ${PUSH_STATE.dead}, ${PUSH_STATE.cleared})
    returning id`.execute(db);
  return r.rows.map((row) => row.id);
}
