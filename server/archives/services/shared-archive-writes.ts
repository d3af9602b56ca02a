import type { OpenedDatabase } from '../../db/open';
import { announceArchiveWrites, archivesWrittenElsewhere } from '../repositories/archive-list-cache';
import { tenantChannel } from '../../platform/services/tenant-channel';

/**
 * The PostgreSQL channel on which a process says "I wrote archives of these tenants": the others drop
 * the archive list's kept totals and page anchors for them (archives/repositories/archive-list-cache.ts).
 */
export const ARCHIVES_WRITTEN_CHANNEL = 'phw_archives_written';

/**
 * On PostgreSQL, where several server processes may share the database (issue 17), tells the others
 * of every archive write of this process and hears theirs (tenant-channel.ts), so a new archive
 * counts in every process's list at once. The write's statement is autocommitted before
 * `archiveWritten` runs, so the message never arrives before the row is there. After a reconnect of
 * the LISTEN connection every tenant's kept values are dropped.
 */
export async function shareArchiveWrites(opened: Pick<OpenedDatabase, 'db' | 'kind' | 'listen'>): Promise<void> {
  if (opened.kind !== 'postgres') return;
  const announce = await tenantChannel(opened, ARCHIVES_WRITTEN_CHANNEL, 'archive writes', (tenantIds) => {
    for (const tenantId of tenantIds) archivesWrittenElsewhere(opened.db, tenantId);
  });
  announceArchiveWrites(opened.db, (tenantId) => announce([tenantId]));
}
