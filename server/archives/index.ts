// What other domains may use of archives/ (lint: a domain imports another only through its index.ts).
export {
  type ArchiveRow,
  type NewArchive,
  archiveBirthday,
  archiveExists,
  archivesNoOf,
  findArchive,
  insertArchives,
} from './repositories/archives';
export { ARCHIVE_CODES, requireArchivePermission } from './services/archive-permissions';
export { type ArchiveAssignment, archivesOf, assignArchives } from './services/archive-assignments';
// The archive as the answers show it (masked unless permitted) and the audit of unmasked reads: printouts reuse both.
export { presentArchive } from './services/archive-view';
export { addSensitiveReads } from './repositories/archive-audit';
