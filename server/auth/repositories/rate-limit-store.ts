import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every this many counts, counters whose window ended long ago are deleted. */
const SWEEP_EVERY = 500;
/** Counters are kept at least this long after their window started (or their window, if longer), then swept. */
const KEEP_MS = 60 * 60 * 1000;

/**
 * Counts hits per key in `rate_limit_counter` (migration 009) with one atomic
 * INSERT … ON CONFLICT DO UPDATE … RETURNING, so every server process sharing the database counts
 * the same attempts (issue 22 §1). A fixed window per key, timed by the app's clock (tests move it).
 */
class DatabaseRateLimitStore implements FastifyRateLimitStore {
  private counts = 0;
  private longestWindow = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    this.count(key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }

  private async count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = this.now();
    this.longestWindow = Math.max(this.longestWindow, timeWindow);
    const [row] = await countHits(this.db, [{ key, hits: 1 }], timeWindow, now);
    if (++this.counts % SWEEP_EVERY === 0) await this.sweep(now);
    return { current: row!.hits, ttl: Math.max(0, row!.windowStart + timeWindow - now) };
  }

  private async sweep(now: number): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_counter')
      .where('window_start', '<', new Date(now - Math.max(KEEP_MS, this.longestWindow)))
      .execute();
  }
}

/**
 * Adds `hits` to each key's counter in one statement (keys distinct) and answers each key's count
 * in its window and when that window started (epoch ms), in no particular order: a window that
 * ended `timeWindow` after its start begins again at `now` with these hits.
 */
export async function countHits(
  db: Kysely<Database>,
  rows: { key: string; hits: number }[],
  timeWindow: number,
  now: number,
): Promise<{ key: string; hits: number; windowStart: number }[]> {
  if (rows.length === 0) return [];
  const at = new Date(now);
  const expired = sql<boolean>`rate_limit_counter.window_start <= ${new Date(now - timeWindow)}::timestamptz`;
  const counted = await db
    .insertInto('rate_limit_counter')
    .values(rows.map((row) => ({ key: row.key, hits: row.hits, window_start: at })))
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN ${expired} THEN excluded.hits ELSE rate_limit_counter.hits + excluded.hits END`,
        window_start: sql<Date>`CASE WHEN ${expired} THEN ${at}::timestamptz ELSE rate_limit_counter.window_start END`,
      }),
    )
    .returning(['key', 'hits', 'window_start'])
    .execute();
  return counted.map((row) => ({ key: row.key, hits: row.hits, windowStart: row.window_start.getTime() }));
}

/** The store class @fastify/rate-limit instantiates itself, bound to our database and clock. */
export function databaseRateLimitStore(db: Kysely<Database>, now: () => number): FastifyRateLimitStoreCtor {
  return class extends DatabaseRateLimitStore {
    constructor(_options: FastifyRateLimitOptions) {
      super(db, now);
    }
  };
}
