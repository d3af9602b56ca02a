import type { AppDeps } from './app-deps';
import { CaptchaStore } from './auth/captcha';
import { generateRsaPem, rsaKeysFromPem } from './auth/rsa';
import { SessionCache } from './auth/session-cache';
import { listenForRevocations } from './auth/session-revocation';
import { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import { migrateToLatest } from './db/migrate';
import type { OpenedDatabase } from './db/open';
import { installTenantRls } from './db/tenant-rls';
import { getOrCreateSecret } from './repositories/secrets';
import { seedIfEmpty } from './seed/seed';
import { defaultFormsRoot, importBundledForms } from './services/form-bundle';
import { TenantCache } from './services/tenant-cache';

/** Migrates, installs tenant row-level security, seeds, loads (or makes, on first start) the server's keys, and wires the dependencies. */
export async function prepare(opened: OpenedDatabase, config: ServerConfig, now: () => number = Date.now): Promise<AppDeps> {
  await migrateToLatest(opened.owner as never);
  // After the migrations, so every table with tenant_id — including ones added later — is covered.
  await installTenantRls(opened.owner as never);
  await seedIfEmpty(opened.db);
  await importBundledForms(opened.db, opened.kind, defaultFormsRoot(), new Date(now()));
  const jwtSecret = await getOrCreateSecret(opened.db, 'jwt-secret', TokenService.newSecret);
  // Both halves of the RSA pair are made together and stored as one secret so they always match.
  const rsaPair = JSON.parse(await getOrCreateSecret(opened.db, 'rsa-key-pair', () => JSON.stringify(generateRsaPem()))) as {
    publicKeyPem: string;
    privateKeyPem: string;
  };
  const sessions = new SessionCache(now);
  // Another process's password change or reset ends its user's sessions here at once (issue 22 §4).
  await listenForRevocations(opened, sessions);
  return {
    db: opened.db,
    dbKind: opened.kind,
    config,
    now,
    rsa: rsaKeysFromPem(rsaPair.publicKeyPem, rsaPair.privateKeyPem),
    tokens: new TokenService(jwtSecret, now, config.accessTokenTtl, config.refreshTokenTtl),
    captcha: new CaptchaStore(now),
    caches: new TenantCache(),
    sessions,
  };
}
