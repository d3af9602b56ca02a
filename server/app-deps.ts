import type { Kysely } from 'kysely';
import type { CaptchaStore } from './auth/services/captcha';
import type { RsaKeys } from './auth/services/rsa';
import type { SessionCache } from './auth/services/session-cache';
import type { TokenService } from './auth/services/tokens';
import type { ServerConfig } from './config';
import type { DatabaseKind } from './db/open';
import type { Database } from './db/schema';
import type { ApiLogWriter } from './logs/services/api-log-writer';
import type { JobQueue } from './jobs/index';
import type { FormCompiledCache } from './forms/services/form-compiled-cache';
import type { TenantCache } from './platform/services/tenant-cache';

/**
 * Everything a route needs, built once in bootstrap.ts (or a test) and passed in. Every cache of
 * data that can change is here, so two apps in one process (the tests build many) share nothing.
 *
 * What is deliberately kept elsewhere, and why it may be:
 * - per database, keyed by its Kysely instance: the archive list's totals and page anchors
 *   (archives/repositories/archive-list-cache.ts) — every archive write reaches them through the `db` it
 *   writes with, and a second database in the process has its own;
 * - per process, the same for every app and database: the SQL texts of query templates and their
 *   prepared-statement names (platform/repositories/query-template.ts, db/plan-selection.ts), the code maps
 *   read from files at load (forms/services/codemaps.ts), the dummy password hash an unknown account is
 *   checked against (auth/services/password-check.ts), and the id generator's clock (db/ids.ts).
 */
export interface AppDeps {
  /** The app's database: every statement in the caller's tenant scope, none without one (db/tenant-scope.ts). */
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: ServerConfig;
  /** The clock, in epoch milliseconds; tests move it forward. */
  now: () => number;
  rsa: RsaKeys;
  tokens: TokenService;
  captcha: CaptchaStore;
  /** Per-tenant read caches (dictionaries, permissions); oauth/clear-cache and dictionary changes empty them. */
  caches: TenantCache<unknown>;
  /** Published form versions, their documents and compiled forms: a version never changes, so nothing to invalidate. */
  compiledForms: FormCompiledCache;
  /** Verified access tokens and live sessions kept for the auth guard; revocations in this process drop them. */
  sessions: SessionCache;
  /** The api log's rows, written in batches (logs/services/api-log-writer.ts); the app flushes it when it closes. */
  apiLog: ApiLogWriter;
  /** The job queue (jobs/: pg-boss on the same database): long work off the request; it stops when the app closes. */
  jobs: JobQueue;
}
