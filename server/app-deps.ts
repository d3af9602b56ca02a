import type { Kysely } from 'kysely';
import type { CaptchaStore } from './auth/captcha';
import type { RsaKeys } from './auth/rsa';
import type { SessionCache } from './auth/session-cache';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { DatabaseKind } from './db/open';
import type { Database } from './db/schema';
import type { TenantCache } from './services/tenant-cache';

/** Everything a route needs, built once in main.ts (or a test) and passed in: no module state. */
export interface AppDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: ServerConfig;
  /** The clock, in epoch milliseconds; tests move it forward. */
  now: () => number;
  rsa: RsaKeys;
  tokens: TokenService;
  captcha: CaptchaStore;
  /** Per-tenant read caches; oauth/clear-cache empties them. */
  caches: TenantCache<unknown>;
  /** Verified access tokens and live sessions kept for the auth guard; revocations in this process drop them. */
  sessions: SessionCache;
}
