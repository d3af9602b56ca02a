// What other domains may use of task-centre/ (lint: a domain imports another only through its index.ts).
export { archiveScopeOf, DUE_SOON_DAYS } from './services/due-tasks';
// Whose residents a caller sees, as SQL over user_archive `a` (统计报表 scopes its aggregates with it; decision 0035).
export { scopeOf as archiveScopeSql, type ArchiveScope } from './repositories/due-tasks';
