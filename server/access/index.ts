// What other domains may use of access/ (lint: a domain imports another only through its index.ts).
export { roleMenuCodes } from './repositories/menus';
export { apiScopeAllows } from './services/scope-api-access';
export { dataScopeFor, userDataScope, type DataScope } from './services/scope-data';
