// The per-tenant cap on SMS sent per minute, counted in the database (the login and write limits'
// table rate_limit_counter), so every server process sharing the database counts one number.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const key = (tenantId: string) => `sms-send:tenant:${tenantId}`;

/**
 * Adds `count` messages to the tenant's window of `windowMs` if that keeps it within `cap`, in one
 * statement (a concurrent send waits on the row and then sees the sum). Answers whether they were
 * counted; refused sends count nothing, so a refused batch does not use up the minute.
 */
export async function claimSmsQuota(
  db: Kysely<Database>,
  tenantId: string,
  count: number,
  cap: number,
  windowMs: number,
  now: number,
): Promise<boolean> {
  if (count > cap) return false;
  const at = new Date(now);
  const expired = sql<boolean>`rate_limit_counter.window_start <= ${new Date(now - windowMs)}::timestamptz`;
  const row = await db
    .insertInto('rate_limit_counter')
    .values({ key: key(tenantId), hits: count, window_start: at })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({
          hits: sql<number>`CASE WHEN ${expired} THEN excluded.hits ELSE rate_limit_counter.hits + excluded.hits END`,
          window_start: sql<Date>`CASE WHEN ${expired} THEN ${at}::timestamptz ELSE rate_limit_counter.window_start END`,
        })
        .where(sql<boolean>`${expired} OR rate_limit_counter.hits + excluded.hits <= ${cap}`),
    )
    .returning('hits')
    .executeTakeFirst();
  return row !== undefined;
}
