import type { ArchiveRecord } from '../../api/archives';
import type { archiveMessages } from './archive-messages';

type M = (typeof archiveMessages)['zh'];

/** '1' male / '2' female, as the id-card helper and the sex dictionary code them. */
export const sexText = (m: M, sex: string | undefined): string => (sex === '1' ? m.male : sex === '2' ? m.female : '');

/** Status '1' is active (spec 001 §4); any other known status counts as cancelled here. */
export const isCancelled = (row: Pick<ArchiveRecord, 'archivesStatus'>): boolean =>
  row.archivesStatus !== undefined && row.archivesStatus !== '1';

/** The server's own status text wins; the code decides only when it sent none. */
export const statusText = (m: M, row: Pick<ArchiveRecord, 'archivesStatus' | 'archivesStatusText'>): string =>
  row.archivesStatusText || (isCancelled(row) ? m.cancelled : m.active);
