// What other domains may use of task-centre/ (lint: a domain imports another only through its index.ts).
export { archiveScopeOf, DUE_SOON_DAYS } from './services/due-tasks';
