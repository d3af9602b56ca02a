// The server's job queue (docs/decisions/0028): pg-boss on the app's own database, through the
// owner's system SQL (db/system-sql.ts) — PGlite's one session under its lock, or a small pool of
// its own on PostgreSQL. Long work (exports today; pushes to the regional system and quality runs
// later) is enqueued by a request and worked off it, with retry, back-off and a dead-letter queue.
import PgBoss from 'pg-boss';
import type { SystemSql } from '../../db/system-sql';

/** How the queue polls, retries and gives up; every field has a default (JOB_QUEUE_DEFAULTS). */
export interface JobQueueSettings {
  /** How often an idle worker asks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds: number;
  /** Attempts after the first one before a job is dead. */
  retryLimit: number;
  /** The first retry's delay; each later one doubles it, with jitter (pg-boss retryBackoff). */
  retryDelaySeconds: number;
  /** An attempt running longer (or whose process died) is failed and retried. */
  expireInSeconds: number;
  /** How often expired attempts are found and old jobs archived. */
  maintenanceIntervalSeconds: number;
  /** How long stop() waits for running attempts before they are failed back to the queue. */
  stopTimeoutMs: number;
}

export const JOB_QUEUE_DEFAULTS: JobQueueSettings = {
  pollingIntervalSeconds: 2,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  maintenanceIntervalSeconds: 60,
  stopTimeoutMs: 10_000,
};

/** The schema pg-boss keeps its tables in (installed and migrated by pg-boss itself at start). */
export const JOB_SCHEMA = 'pgboss';

/** What a handler gets: the job's id and data, its attempt, and a way to say how far it is. */
export interface JobContext<T> {
  id: string;
  data: T;
  /** 0 for the first attempt. */
  retryCount: number;
  /** True when a failure of this attempt is final (no retry left). */
  lastAttempt: boolean;
  /** How far the work is, 0–100; passed to the queue's onProgress (throttled, never backwards). */
  progress(percent: number): Promise<void>;
}

export interface WorkDefinition<T> {
  /** Does the work; a throw fails the attempt (retried with back-off until retryLimit). */
  handle(job: JobContext<T>): Promise<void>;
  /** Where progress goes (a task row, say); awaited, so a slow store slows the handler, not others. */
  onProgress?(job: { id: string; data: T }, percent: number): Promise<void>;
  /** A job out of attempts (its dead-letter copy): its data and the last attempt's error message. */
  onDead?(job: { id: string; data: T }, message: string): Promise<void>;
  /** Overrides of the queue's retry settings for this queue. */
  retryLimit?: number;
  /**
   * Jobs this process works at once (default 1): that many pg-boss workers on the queue. For work
   * that waits on another system (a push), not for work that keeps the database busy (an export).
   */
  concurrency?: number;
}

/** A queue name pg-boss accepts: letters, digits and underscores, not starting with a digit. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,40}$/;
const deadName = (name: string) => `${name}_dead`;

/**
 * One process's handle on the queue. `start()` once (wireProcess does), `work()` per queue,
 * `enqueue()` from requests, `stop()` when the app closes. Several processes on one PostgreSQL
 * database share the queue: pg-boss hands each job to one of them (SELECT … FOR UPDATE SKIP LOCKED).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly settings: JobQueueSettings;
  private started: Promise<void> | undefined;
  private stopped = false;
  private readonly queues = new Map<string, Promise<void>>();
  private creating: Promise<void> = Promise.resolve();

  constructor(systemSql: SystemSql, settings: Partial<JobQueueSettings> = {}) {
    this.settings = { ...JOB_QUEUE_DEFAULTS, ...settings };
    const s = this.settings;
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => systemSql(text, values) },
      schema: JOB_SCHEMA,
      // Cron schedules are not used (yet): no clock monitor or cron polling.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: s.maintenanceIntervalSeconds,
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: s.expireInSeconds,
      // Finished jobs are kept a week for inspection, then archived and dropped by maintenance.
      deleteAfterDays: 7,
    });
    // pg-boss reports its background failures (a lost connection during a poll) as events.
    this.boss.on('error', (error) => console.warn(`[jobs] ${error.message}`));
  }

  /** Installs or migrates pg-boss's schema when needed and starts maintenance; idempotent. */
  start(): Promise<void> {
    this.started ??= this.boss.start().then(() => undefined);
    return this.started;
  }

  /**
   * Stops polling and waits up to stopTimeoutMs for running attempts; those still running are
   * failed back to the queue (retried later, by this server after a restart or by another process).
   */
  async stop(options: { graceful?: boolean } = {}): Promise<void> {
    if (!this.started || this.stopped) return;
    this.stopped = true;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: options.graceful ?? true, timeout: this.settings.stopTimeoutMs, wait: true, close: false });
  }

  /** The queue and its dead-letter queue, created once per process (createQueue is idempotent in the database). */
  private ensureQueue(name: string, retryLimit?: number): Promise<void> {
    if (!NAME.test(name)) throw new Error(`jobs: not a queue name: ${JSON.stringify(name)}`);
    let ready = this.queues.get(name);
    if (!ready) {
      // One creation at a time in this process, and a deadlock (two processes, or two queues at
      // start, creating their partition tables at once) tried again: pg-boss's createQueue takes
      // locks on its shared tables that concurrent creations can take in opposite orders.
      const create = async () => {
        await this.start();
        await retryOnDeadlock(() => this.boss.createQueue(deadName(name), { name: deadName(name), retryLimit: 0 }));
        await retryOnDeadlock(() =>
          this.boss.createQueue(name, {
            name,
            deadLetter: deadName(name),
            retryLimit: retryLimit ?? this.settings.retryLimit,
            retryDelay: this.settings.retryDelaySeconds,
            retryBackoff: true,
            expireInSeconds: this.settings.expireInSeconds,
          }),
        );
      };
      ready = this.creating.then(create, create);
      this.creating = ready.catch(() => undefined);
      ready.catch(() => this.queues.delete(name));
      this.queues.set(name, ready);
    }
    return ready;
  }

  /** Puts a job on `name`; answers its id. `singletonKey`: at most one queued job per key. */
  async enqueue<T extends object>(
    name: string,
    data: T,
    options: { singletonKey?: string; startAfterSeconds?: number } = {},
  ): Promise<string> {
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, {
      ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
      ...(options.startAfterSeconds !== undefined && { startAfter: options.startAfterSeconds }),
    });
    if (!id) throw new Error(`jobs: ${name} already has a job queued for this key`);
    return id;
  }

  /** Cancels a job not finished yet (a running attempt finishes, but its result is the caller's to ignore). */
  async cancel(name: string, id: string): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.cancel(name, id);
  }

  /** The job's state as pg-boss keeps it (created, retry, active, completed, cancelled, failed), or null. */
  async state(name: string, id: string): Promise<string | null> {
    await this.ensureQueue(name);
    const job = await this.boss.getJobById(name, id);
    return job?.state ?? null;
  }

  /**
   * Works `name` in this process, `concurrency` jobs at a time; its dead letters go to onDead. A
   * worker that has just finished a job asks again at once instead of sleeping out its polling
   * interval — the queue drains at the speed of its work, and only an idle worker waits.
   */
  async work<T extends object>(name: string, definition: WorkDefinition<T>): Promise<void> {
    await this.ensureQueue(name, definition.retryLimit);
    const pollingIntervalSeconds = this.settings.pollingIntervalSeconds;
    const options = { includeMetadata: true as const, batchSize: 1, pollingIntervalSeconds };
    for (let i = 0; i < Math.max(1, definition.concurrency ?? 1); i++) {
      let workerId = '';
      workerId = await this.boss.work<T>(name, options, async ([job]) => {
        if (!job) return;
        let last = -1;
        const context: JobContext<T> = {
          id: job.id,
          data: job.data,
          retryCount: job.retryCount,
          lastAttempt: job.retryCount >= job.retryLimit,
          progress: async (percent) => {
            const p = Math.max(0, Math.min(100, Math.round(percent)));
            if (p <= last) return;
            last = p;
            await definition.onProgress?.({ id: job.id, data: job.data }, p);
          },
        };
        try {
          await definition.handle(context);
        } finally {
          this.boss.notifyWorker(workerId);
        }
      });
    }
    const onDead = definition.onDead;
    if (onDead)
      await this.boss.work<T>(deadName(name), options, async ([job]) => {
        if (!job) return;
        await onDead({ id: job.id, data: job.data }, errorMessage(job.output));
      });
  }
}

/** PostgreSQL's deadlock_detected: the statement was chosen to fail and may simply be tried again. */
const DEADLOCK = '40P01';

async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || i >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * i));
    }
  }
}

/** The message pg-boss kept of the last attempt's error ({ message } or { value: { message } }). */
function errorMessage(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message = o?.message ?? o?.value?.message;
  return typeof message === 'string' && message ? message : '任务执行失败';
}
