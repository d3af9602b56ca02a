// What other domains may use of auth/ (lint: a domain imports another only through its index.ts).
export {
  type ClientRow,
  type ClientWrite,
  findClient,
  findClientByClientId,
  insertClient,
  listClients,
  softDeleteClients,
  updateClient,
} from './repositories/clients';
export { listTenantLogins, listUserLogins } from './repositories/login-log';
export { listDepts, listRoles, listTeams, splitIds } from './repositories/org-names';
export { type SecurityLogRow, findSecurityLog, insertSecurityLog, listSecurityLog } from './repositories/security-log';
export { findGuardedSession, findSession, revokeUserSessions, touchSession } from './repositories/sessions';
export { allTenantIds, findTenant } from './repositories/tenants';
export { type User, clearLoginFailures, findUserById, setPasswordHash, updateOwnProfile, updateUserPlatform } from './repositories/users';
export { hashClientSecret } from './services/clients';
export { checkPasswordUnderLockout } from './services/password-check';
export { hashPassword, md5Hex, verifyDigest } from './services/passwords';
export { countHits, databaseRateLimitStore } from './repositories/rate-limit-store';
export { type RsaKeys, decryptPkcs1v15 } from './services/rsa';
export { announceRevocation, endTenantSessions, forgetRevoked } from './services/session-revocation';
export { type AccessClaims } from './services/tokens';
export { loadUserDefault, loadUserInfo } from './services/user-info';
