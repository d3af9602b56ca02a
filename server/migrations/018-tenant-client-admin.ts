import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * 租户管理 and 应用管理 (spec 002 §7 tenant, client):
 *
 * - blade_tenant gets BladeX's remaining columns (domain, contact, account limit, expiry) with a
 *   row version and soft deletion; a domain names one live institution.
 * - blade_client: the OAuth clients oauth/token accepts (Basic client id and secret), with the grant
 *   types each may use and its token lifetimes. Platform-wide rows (tenant 000000). The clients of
 *   OAUTH_CLIENTS at the time of this migration (default the web app's `saber:saber_secret`) become
 *   its first rows, so every login that worked before still works; after that they are managed here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE blade_tenant ADD COLUMN domain text NOT NULL DEFAULT '';
    ALTER TABLE blade_tenant ADD COLUMN linkman text NOT NULL DEFAULT '';
    ALTER TABLE blade_tenant ADD COLUMN contact_number text NOT NULL DEFAULT '';
    ALTER TABLE blade_tenant ADD COLUMN address text NOT NULL DEFAULT '';
    ALTER TABLE blade_tenant ADD COLUMN account_number integer NOT NULL DEFAULT -1;
    ALTER TABLE blade_tenant ADD COLUMN expire_time timestamptz;
    ALTER TABLE blade_tenant ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_tenant ADD COLUMN is_deleted integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_tenant ADD COLUMN update_user text;
    ALTER TABLE blade_tenant ADD COLUMN update_user_name text NOT NULL DEFAULT '';
    ALTER TABLE blade_tenant ADD COLUMN update_time timestamptz;
    CREATE UNIQUE INDEX blade_tenant_domain ON blade_tenant (domain) WHERE domain <> '' AND is_deleted = 0;
    CREATE TABLE blade_client (
      id text PRIMARY KEY,
      tenant_id text NOT NULL DEFAULT '000000',
      client_id text NOT NULL,
      client_secret_hash text NOT NULL,
      scope text NOT NULL DEFAULT 'all',
      authorized_grant_types text NOT NULL,
      access_token_validity integer,
      refresh_token_validity integer,
      web_server_redirect_uri text NOT NULL DEFAULT '',
      status integer NOT NULL DEFAULT 1,
      row_version integer NOT NULL DEFAULT 1,
      is_deleted integer NOT NULL DEFAULT 0,
      create_user text,
      create_time timestamptz NOT NULL DEFAULT now(),
      update_user text,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz
    );
    CREATE UNIQUE INDEX blade_client_client_id ON blade_client (client_id) WHERE is_deleted = 0;
  `,
  );
  const configured = (process.env.OAUTH_CLIENTS || 'saber:saber_secret')
    .split(',')
    .map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)] as const)
    .filter(([id, secret]) => id && secret && !id.includes(':'));
  for (const [index, [clientId, secret]] of configured.entries()) {
    await sql`
      insert into blade_client (id, tenant_id, client_id, client_secret_hash, scope, authorized_grant_types)
      values (${String(1 + index)}, '000000', ${clientId}, ${hashClientSecret(secret)}, 'all', ${DEFAULT_GRANT_TYPES})
      on conflict do nothing`.execute(db);
  }
}

/** Every grant oauth/token knows: what the web app's client has always been allowed. */
const DEFAULT_GRANT_TYPES = 'password,refresh_token,captcha,change,switch_tenant';

/** The stored form of a client secret, as auth/services/clients.ts `hashClientSecret` makes it (a migration may not import auth/; the login tests prove the seeded row verifies). */
function hashClientSecret(secret: string, salt: string = crypto.randomBytes(12).toString('hex')): string {
  return `sha256$${salt}$${crypto.createHash('sha256').update(`${salt}:${secret}`, 'utf8').digest('hex')}`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE blade_client;
    DROP INDEX blade_tenant_domain;
    ALTER TABLE blade_tenant DROP COLUMN domain, DROP COLUMN linkman, DROP COLUMN contact_number, DROP COLUMN address,
      DROP COLUMN account_number, DROP COLUMN expire_time, DROP COLUMN row_version, DROP COLUMN is_deleted,
      DROP COLUMN update_user, DROP COLUMN update_user_name, DROP COLUMN update_time;
  `,
  );
}
