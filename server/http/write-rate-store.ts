import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { countHits } from '../auth/index';
import type { Database } from '../db/schema';
import { asSystem } from '../db/tenant-scope';

/** How long hits far below the limit wait to be sent to the database together. */
export const WRITE_COUNT_FLUSH_MS = 250;
/** Counters of writes whose window started longer ago than this are deleted now and then. */
const KEEP_MS = 60 * 60 * 1000;
const SWEEP_EVERY_FLUSHES = 500;

interface KeptCount {
  /** Hits of this process not yet added to the database. */
  pending: number;
  /** Hits on their way to the database (a flush under way). */
  sending: number;
  /** The database's count when last asked, and the start of its window (epoch ms). */
  shared: number;
  windowStart: number;
}

/**
 * The per-user write limit's store (issue 22 §7, shared across processes for issue 17): the login
 * limits' table `rate_limit_counter` (auth/repositories/rate-limit-store.ts), so all server processes count one
 * number per user — but not one statement per write. Far below the limit (under half of it, as far
 * as this process knows) a write is let through on the count kept here and its hit is sent with
 * the others every WRITE_COUNT_FLUSH_MS, in one statement for all users; from half the limit on,
 * every write is counted in the database before it is answered. So one process holds the limit
 * exactly, and several hold it to within the hits the others have not sent yet — at most
 * WRITE_COUNT_FLUSH_MS old, and each process's under half the limit. A flush that fails is logged
 * and its hits are kept for the next one.
 */
class WriteRateStore implements FastifyRateLimitStore {
  private readonly kept = new Map<string, KeptCount>();
  private timer: NodeJS.Timeout | undefined;
  private timeWindow = 60_000;
  private flushes = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    this.timeWindow = timeWindow;
    const now = this.now();
    let entry = this.kept.get(key);
    if (!entry) this.kept.set(key, (entry = { pending: 0, sending: 0, shared: 0, windowStart: now }));
    if (now - entry.windowStart >= timeWindow) Object.assign(entry, { shared: 0, windowStart: now });
    entry.pending++;
    const known = entry.shared + entry.sending + entry.pending;
    if (known * 2 < max) {
      this.flushSoon();
      callback(null, { current: known, ttl: entry.windowStart + timeWindow - now });
      return;
    }
    this.flush([key]).then(
      () => callback(null, { current: entry.shared, ttl: Math.max(0, entry.windowStart + timeWindow - this.now()) }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }

  /** Sends every pending hit now (the app is closing: the database is still open). */
  async flushAll(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush([...this.kept.keys()]);
  }

  private flushSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush([...this.kept.keys()]).catch((error: unknown) => {
        console.warn(
          `[write rate limit] counting writes in the database failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }, WRITE_COUNT_FLUSH_MS);
    // A pending flush never keeps a closing process alive; its hits are then simply not counted.
    this.timer.unref();
  }

  /** Adds the pending hits of `keys` to the database and keeps what it answers. */
  private async flush(keys: string[]): Promise<void> {
    const rows = keys.flatMap((key) => {
      const entry = this.kept.get(key);
      if (!entry || entry.pending === 0) return [];
      const hits = entry.pending;
      entry.pending = 0;
      entry.sending += hits;
      return [{ key, hits }];
    });
    if (rows.length === 0) return;
    const now = this.now();
    try {
      // Named system work in a scope of its own: the timer would otherwise run in the scope of the
      // request that set it, and on PGlite join that request's transaction if one were open.
      const counted = await asSystem('write rate limit: count writes', () => countHits(this.db, rows, this.timeWindow, now));
      for (const row of counted) {
        const entry = this.kept.get(row.key);
        // The database's count includes these hits now, and whatever other flushes sent before.
        if (entry)
          Object.assign(entry, {
            shared: Math.max(row.hits, row.windowStart === entry.windowStart ? entry.shared : 0),
            windowStart: row.windowStart,
          });
      }
    } catch (error) {
      for (const row of rows) {
        const entry = this.kept.get(row.key);
        if (entry) entry.pending += row.hits;
      }
      throw error;
    } finally {
      for (const row of rows) {
        const entry = this.kept.get(row.key);
        if (entry) entry.sending -= row.hits;
      }
    }
    // Users who stopped writing a window ago are forgotten here, and their rows swept now and then.
    for (const [key, entry] of this.kept)
      if (entry.pending === 0 && entry.sending === 0 && now - entry.windowStart >= this.timeWindow) this.kept.delete(key);
    if (++this.flushes % SWEEP_EVERY_FLUSHES === 0) {
      await asSystem('write rate limit: sweep old counters', () =>
        this.db
          .deleteFrom('rate_limit_counter')
          .where('key', 'like', 'write:%')
          .where('window_start', '<', new Date(now - KEEP_MS))
          .execute(),
      );
    }
  }
}

/**
 * The store class @fastify/rate-limit instantiates itself, bound to our database and clock, and
 * `flush` to send the pending hits of what it made before the database closes.
 */
export function writeRateStore(db: Kysely<Database>, now: () => number): { store: FastifyRateLimitStoreCtor; flush(): Promise<void> } {
  const made: WriteRateStore[] = [];
  return {
    store: class extends WriteRateStore {
      constructor(_options: FastifyRateLimitOptions) {
        super(db, now);
        made.push(this);
      }
    },
    flush: async () => {
      await Promise.all(made.map((store) => store.flushAll()));
    },
  };
}
