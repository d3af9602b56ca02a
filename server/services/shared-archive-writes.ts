import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../db/open';
import { asSystem } from '../db/tenant-scope';
import { announceArchiveWrites, archivesWrittenElsewhere } from '../repositories/archive-list-cache';

/**
 * The PostgreSQL channel on which a process says "I wrote archives of this tenant": the others drop
 * the archive list's kept totals and page anchors for it (repositories/archive-list-cache.ts).
 * Payload: `<origin> <tenant id>`; the origin lets a process skip its own echo.
 */
export const ARCHIVES_WRITTEN_CHANNEL = 'phw_archives_written';

/**
 * On PostgreSQL, where several server processes may share the database (issue 17), tells the others
 * of every archive write of this process and hears theirs, so a new archive counts in every
 * process's list at once. The write's statement is autocommitted before `archiveWritten` runs, so
 * the message never arrives before the row is there. After a reconnect of the LISTEN connection
 * ('*': messages may have been missed) every tenant's kept values are dropped.
 */
export async function shareArchiveWrites(opened: Pick<OpenedDatabase, 'db' | 'kind' | 'listen'>): Promise<void> {
  if (opened.kind !== 'postgres') return;
  const origin = crypto.randomUUID();
  announceArchiveWrites(opened.db, (tenantId) => {
    // Fire and forget: the write is done; a lost message leaves the others on LIST_CACHE_TTL_MS.
    asSystem('announce archive writes', () =>
      sql`select pg_notify(${ARCHIVES_WRITTEN_CHANNEL}, ${`${origin} ${tenantId}`})`.execute(opened.db),
    ).catch((error: unknown) => {
      console.warn(
        `[archives] could not tell the other processes of an archive write: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });
  await opened.listen(ARCHIVES_WRITTEN_CHANNEL, (payload) => {
    const space = payload.indexOf(' ');
    if (space < 0) return archivesWrittenElsewhere(opened.db, '*');
    if (payload.slice(0, space) === origin) return undefined;
    return archivesWrittenElsewhere(opened.db, payload.slice(space + 1));
  });
}
