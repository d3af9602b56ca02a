import type { AppDeps } from './app-deps';
import { CaptchaStore } from './auth/services/captcha';
import { generateRsaPem, rsaKeysFromPem } from './auth/services/rsa';
import { SessionCache } from './auth/services/session-cache';
import { listenForRevocations } from './auth/services/session-revocation';
import { TokenService } from './auth/services/tokens';
import type { ServerConfig } from './config';
import { migrateToLatest } from './db/migrate';
import type { OpenedDatabase } from './db/open';
import { installTenantRls } from './db/tenant-rls';
import { asSystem } from './db/tenant-scope';
import { getOrCreateSecret } from './auth/repositories/secrets';
import { seedIfEmpty } from './seed/seed';
import { defaultFormsRoot, importBundledForms } from './forms/services/form-bundle';
import { ApiLogWriter } from './logs/services/api-log-writer';
import { FormCompiledCache } from './forms/services/form-compiled-cache';
import { formsPublished } from './forms/services/form-registry';
import { shareArchiveWrites } from './archives/services/shared-archive-writes';
import { JobQueue } from './jobs/index';
import { tenantCacheFor } from './platform/services/shared-tenant-cache';

/**
 * Migrates, installs tenant row-level security, seeds and imports the bundled forms: what one process
 * does to the database before any serves it. Answers the tenants whose forms the import created.
 * Each step is the server's own work across tenants and says so by name (`asSystem`): outside a
 * request nothing runs unscoped (db/tenant-scope.ts).
 */
export async function prepareDatabase(opened: OpenedDatabase, now: () => number = Date.now): Promise<string[]> {
  await asSystem('migrations', () => migrateToLatest(opened.owner));
  // After the migrations, so every table with tenant_id — including ones added later — is covered.
  await asSystem('row-level security', () => installTenantRls(opened.owner));
  await asSystem('seed', () => seedIfEmpty(opened.db));
  const imported = await asSystem('forms import', () => importBundledForms(opened.db, defaultFormsRoot(), new Date(now())));
  return [...new Set(imported.created.map((c) => c.tenantId))];
}

/**
 * prepareDatabase, then the dependencies of one serving process (wireProcess): a single server
 * process, every test app.
 */
export async function prepare(opened: OpenedDatabase, config: ServerConfig, now: () => number = Date.now): Promise<AppDeps> {
  const importedTenants = await prepareDatabase(opened, now);
  return wireProcess(opened, config, now, importedTenants);
}

/**
 * Loads (or makes, on first start) the server's keys and wires one serving process's dependencies,
 * on a database prepareDatabase has prepared (by this process, or by the primary of several:
 * server/main.ts). `importedTenants`: whose forms a start-up import just created (news to the
 * other processes' registries).
 */
export async function wireProcess(
  opened: OpenedDatabase,
  config: ServerConfig,
  now: () => number = Date.now,
  importedTenants: string[] = [],
): Promise<AppDeps> {
  const [jwtSecret, rsaPair] = await asSystem(
    'server keys',
    async () =>
      [
        await getOrCreateSecret(opened.db, 'jwt-secret', TokenService.newSecret),
        // Both halves of the RSA pair are made together and stored as one secret so they always match.
        JSON.parse(await getOrCreateSecret(opened.db, 'rsa-key-pair', () => JSON.stringify(generateRsaPem()))) as {
          publicKeyPem: string;
          privateKeyPem: string;
        },
      ] as const,
  );
  const sessions = new SessionCache(now);
  // Another process's password change or reset ends its user's sessions here at once (issue 22 §4).
  await listenForRevocations(opened, sessions);
  // Dictionary and permission caches: a clear in any process (dictionary change, 清除缓存) reaches all (issue 17).
  const caches = await tenantCacheFor(opened);
  // Archive writes reach the other processes' list totals at once (docs/decisions/0024).
  await shareArchiveWrites(opened);
  // Forms this start imported are news to the other processes' registries (forms/services/form-registry.ts).
  if (importedTenants.length > 0) formsPublished({ caches }, importedTenants);
  return {
    db: opened.db,
    dbKind: opened.kind,
    config,
    now,
    rsa: rsaKeysFromPem(rsaPair.publicKeyPem, rsaPair.privateKeyPem),
    tokens: new TokenService(jwtSecret, now, config.accessTokenTtl, config.refreshTokenTtl),
    captcha: new CaptchaStore(opened.db, now),
    caches,
    compiledForms: new FormCompiledCache(),
    sessions,
    apiLog: new ApiLogWriter(opened.db),
    // Started by the first queue a route works or fills (jobs/routes), stopped when the app closes.
    jobs: new JobQueue(opened.systemSql, config.jobs),
  };
}
