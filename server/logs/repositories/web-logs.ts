import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';

/** One browser error log line as the web app queues it (spec 000 §8). */
export interface WebLog {
  type?: string;
  message?: string;
  stack?: string;
  info?: string;
  url?: string;
  time?: string;
}

/** Writes a batch of the browser's logs for the caller, in one statement. */
export async function insertWebLogs(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  logs: readonly WebLog[],
  now: number,
): Promise<void> {
  if (logs.length === 0) return;
  await db
    .insertInto('blade_log_web')
    .values(
      logs.map((log) => ({
        id: newId(now),
        tenant_id: tenantId,
        user_id: userId,
        type: log.type ?? '',
        message: log.message ?? '',
        stack: log.stack ?? '',
        info: log.info ?? '',
        url: log.url ?? '',
        log_time: log.time ?? '',
        create_time: new Date(now),
      })),
    )
    .execute();
}
