import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../../db/open';
import { asSystem } from '../../db/tenant-scope';

/**
 * A PostgreSQL channel on which each server process tells the others "this changed for these
 * tenants" and hears theirs (issue 17: several processes on one database). Payload:
 * `<origin> <tenant ids, comma-separated, or *>`; the origin lets a process skip its own echo.
 * `heard` gets the other processes' tenant ids, and ['*'] after the LISTEN connection reconnected
 * (messages may have been missed) or for a payload not of ours. Answers the announcer: fire and
 * forget, a system statement (announcements may come from start-up, with no tenant in scope); a lost
 * announcement leaves the others on their own expiry, which is logged.
 */
export async function tenantChannel(
  opened: Pick<OpenedDatabase, 'db' | 'listen'>,
  channel: string,
  /** What is announced, for the system statement's name and the log: "cleared caches". */
  what: string,
  heard: (tenantIds: string[]) => void,
): Promise<(tenantIds: string[]) => void> {
  const origin = crypto.randomUUID();
  await opened.listen(channel, (payload) => {
    const space = payload.indexOf(' ');
    if (space < 0) return heard(['*']);
    if (payload.slice(0, space) === origin) return undefined;
    return heard(payload.slice(space + 1).split(','));
  });
  return (tenantIds) => {
    asSystem(`announce ${what}`, () => sql`select pg_notify(${channel}, ${`${origin} ${tenantIds.join(',')}`})`.execute(opened.db)).catch(
      (error: unknown) => {
        console.warn(
          `[${channel}] could not tell the other processes of ${what}: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
  };
}
