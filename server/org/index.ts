// What other domains may use of org/ (lint: a domain imports another only through its index.ts).
export { requiredRowVersion, versionOrStale } from './services/org-admin-versions';
