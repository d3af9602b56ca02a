// The outbox's worker (decision 0033). A relay in each process queues rows 待上报 on the job queue
// (`push_outbox`, pg-boss: retry with back-off, dead letter); one job is one version of one row.
// An attempt claims its row (上报中, attempts + 1), sends it through its system's adapter with the
// row's idempotency key, and writes the outcome only if no later attempt or version began:
// 已上报 with the external id, or 失败 with the reason and the next try (the job throws and
// pg-boss retries it after its back-off); out of attempts, the dead letter makes it 终止.
import type { AppDeps } from '../../app-deps';
import { findArchive } from '../../archives/index';
import { findRecord } from '../../followups/index';
import { JOB_QUEUE_DEFAULTS, type JobContext, type WorkDefinition } from '../../jobs/index';
import { asSystem, withTenant } from '../../db/tenant-scope';
import type { PushSettings, PushSystem } from '../../config';
import {
  claimAttempt,
  claimForQueue,
  findOutbox,
  finishAttempt,
  markDead,
  markWaiting,
  PUSH_STATE,
  setJob,
  triedSince,
  type OutboxRow,
} from '../repositories/outbox';
import { findSources, type OtherKind } from '../repositories/sources';
import { PushFailure, type Adapters, type PushDocument } from './adapters';

export const PUSH_QUEUE = 'push_outbox';

export interface PushJob {
  tenantId: string;
  outboxId: string;
  key: string;
}

export interface PushRuntime {
  deps: AppDeps;
  settings: PushSettings;
  adapters: Adapters;
  /** Set when the app closes: an attempt that ends after it is left unanswered (see pushWork). */
  closed?: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** An attempt still 上报中 this long after it began was lost with its process (pg-boss's expiry is longer). */
const staleMs = (rt: PushRuntime) => Math.max(60_000, rt.settings.timeoutMs * 3);

/** The earliest next try after failed attempt `retryCount` (pg-boss: delay · 2^(n+1) / 2 · (1 + random)). */
export function nextTryAfter(rt: PushRuntime, now: number, retryCount: number): Date {
  const delay = rt.deps.config.jobs?.retryDelaySeconds ?? JOB_QUEUE_DEFAULTS.retryDelaySeconds;
  return new Date(now + delay * 2 ** Math.min(16, retryCount) * 1000);
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const camelKeys = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v]));

/** What is pushed of the row's source; undefined when the record or archive is gone. */
async function documentOf(rt: PushRuntime, row: OutboxRow): Promise<PushDocument | undefined> {
  const { db } = rt.deps;
  const base = { kind: row.source_kind, sourceId: row.source_id, archId: row.arch_id, formCode: row.form_code, tenantId: row.tenant_id };
  if (row.source_kind === 'followup') {
    const record = await findRecord(db, row.tenant_id, row.source_id);
    if (!record) return undefined;
    const values = record.values as Record<string, unknown>;
    return {
      ...base,
      version: record.row_version,
      content: { values, visitDate: record.visit_date, nextVisitDate: record.next_visit_date, otherId: record.other_id },
    };
  }
  if (row.source_kind !== 'archive') {
    // The other sources as they are now, under the row's version (its own counter for the triggers'
    // sources, the source's row version for a push on request).
    const [source] = await findSources(db, row.tenant_id, row.source_kind as OtherKind, [row.source_id]);
    if (!source) return undefined;
    return { ...base, version: row.content_version, content: camelKeys(source.row) };
  }
  const archive = await findArchive(db, row.tenant_id, row.source_id);
  if (!archive) return undefined;
  const { id_card, person_name, sex, birthday, phone, archives_no, archives_status, row_version } = archive;
  return {
    ...base,
    version: row_version,
    content: { archivesNo: archives_no, archivesStatus: archives_status, personName: person_name, sex, birthday, idCard: id_card, phone },
  };
}

async function attempt(rt: PushRuntime, job: JobContext<PushJob>): Promise<void> {
  const { deps, settings, adapters } = rt;
  const { tenantId, outboxId, key } = job.data;
  const row = await findOutbox(deps.db, tenantId, outboxId);
  // Gone, a newer version (its own job), or finished: nothing to do.
  if (!row || row.idempotency_key !== key) return;
  if (row.state === PUSH_STATE.done || row.state === PUSH_STATE.dead || row.state === PUSH_STATE.cleared) return;
  const adapter = adapters[row.system as PushSystem];
  const now = deps.now();
  if (!adapter?.configured) {
    await markWaiting(deps.db, tenantId, outboxId, key, adapter?.waitingReason ?? `未知的上报系统：${row.system}`, null, new Date(now));
    return;
  }
  // The tenant's rate: pushes tried in the last minute, all processes together. Over it, the row
  // waits (no attempt spent) and a job is queued for when the minute has passed.
  if ((await triedSince(deps.db, tenantId, new Date(now - 60_000))) >= settings.ratePerMinute) {
    const later = 60;
    await markWaiting(
      deps.db,
      tenantId,
      outboxId,
      key,
      `上报频率超过每分钟${settings.ratePerMinute}条，已延后`,
      new Date(now + later * 1000),
      new Date(now),
    );
    await deps.jobs.enqueue<PushJob>(PUSH_QUEUE, job.data, { startAfterSeconds: later });
    return;
  }
  const attemptNo = await claimAttempt(deps.db, tenantId, outboxId, key, job.id, new Date(now), new Date(now - staleMs(rt)));
  if (attemptNo === undefined) return;
  const last = job.lastAttempt || attemptNo >= settings.maxAttempts;
  const finish = (state: number, error: string, extra: { externalId?: string; nextTry?: Date | null } = {}) =>
    finishAttempt(deps.db, tenantId, outboxId, key, attemptNo, { state, error, now: new Date(deps.now()), ...extra });
  const doc = await documentOf(rt, row);
  if (!doc) {
    await finish(PUSH_STATE.dead, '记录已删除，不再上报');
    return;
  }
  try {
    const { externalId } = await adapter.send(doc, key);
    await finish(PUSH_STATE.done, '', { externalId });
  } catch (error) {
    const reason = error instanceof PushFailure ? error.message : `上报失败：${messageOf(error)}`;
    if (last) {
      await finish(PUSH_STATE.dead, `${reason}（已尝试${attemptNo}次，不再自动重试）`);
      return;
    }
    await finish(PUSH_STATE.failed, reason, { nextTry: nextTryAfter(rt, deps.now(), job.retryCount) });
    throw new PushFailure(reason);
  }
}

const stranded = () => new Promise<void>(() => undefined);

/** The push queue's worker and dead letters. */
export function pushWork(rt: PushRuntime): WorkDefinition<PushJob> {
  return {
    retryLimit: Math.max(0, rt.settings.maxAttempts - 1),
    concurrency: rt.settings.concurrency,
    // An attempt that ends after the app closed is left unanswered: the queue's stop has already
    // failed it back to the queue (retried by the next process, same key), and answering it would
    // reach the queue's closed connections.
    handle: async (job) => {
      try {
        await withTenant(job.data.tenantId, () => attempt(rt, job));
      } catch (error) {
        if (rt.closed) return stranded();
        throw error;
      }
      if (rt.closed) return stranded();
    },
    onDead: (job, message) =>
      withTenant(job.data.tenantId, () =>
        markDead(rt.deps.db, job.data.tenantId, job.data.outboxId, job.data.key, message, new Date(rt.deps.now())),
      ),
  };
}

/**
 * One relay pass: rows 待上报 of configured systems, queued (a row whose job was queued but never
 * began after a process died is queued again after the stale interval; the attempt's claim makes a
 * doubled job harmless). Answers how many were queued.
 */
export async function relayOnce(rt: PushRuntime): Promise<number> {
  const systems = (Object.keys(rt.adapters) as PushSystem[]).filter((s) => rt.adapters[s].configured);
  if (systems.length === 0) return 0;
  const now = rt.deps.now();
  const claimed = await asSystem('push-relay', () => claimForQueue(rt.deps.db, systems, new Date(now), new Date(now - staleMs(rt)), 100));
  for (const row of claimed) {
    const jobId = await rt.deps.jobs.enqueue<PushJob>(PUSH_QUEUE, { tenantId: row.tenant_id, outboxId: row.id, key: row.idempotency_key });
    await withTenant(row.tenant_id, () => setJob(rt.deps.db, row.tenant_id, row.id, row.idempotency_key, jobId));
  }
  return claimed.length;
}

/** Runs the relay every relayIntervalMs until stopped; a failed pass is logged and the next one tries again. */
export function startRelay(rt: PushRuntime, log: (message: string) => void): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() => (stopped ? 0 : relayOnce(rt).catch((error: unknown) => log(`[push] relay: ${messageOf(error)}`))));
  }, rt.settings.relayIntervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
