import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * Login security (issue 22 §1, §4):
 * - rate_limit_counter: the login rate limiter's counters (auth/repositories/rate-limit-store.ts), in the
 *   database so every server process sharing it counts the same attempts. No tenant_id: a key is
 *   a client address or a tenant + account, counted before anyone is known to belong anywhere.
 * - blade_password_history: the hashes a user's password had before each change or reset, so a
 *   new password may not be the current one nor one of the last five.
 * - blade_log_security: password changes and administrators' resets, searchable by an
 *   administrator of the tenant (blade-log/usual/list).
 * Both tenant tables get row-level security from the start-up installation like every other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE rate_limit_counter (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_start timestamptz NOT NULL
    );
    CREATE INDEX rate_limit_counter_window ON rate_limit_counter (window_start);
    CREATE TABLE blade_password_history (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      user_id text NOT NULL,
      password_hash text NOT NULL,
      create_time timestamptz NOT NULL
    );
    CREATE INDEX blade_password_history_user ON blade_password_history (tenant_id, user_id, create_time DESC);
    CREATE TABLE blade_log_security (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      action text NOT NULL,
      actor_id text NOT NULL,
      actor_account text NOT NULL,
      target_id text NOT NULL,
      target_account text NOT NULL,
      ip text NOT NULL,
      user_agent text NOT NULL DEFAULT '',
      message text NOT NULL,
      create_time timestamptz NOT NULL
    );
    CREATE INDEX blade_log_security_tenant ON blade_log_security (tenant_id, create_time DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE blade_log_security;
    DROP TABLE blade_password_history;
    DROP TABLE rate_limit_counter;
  `,
  );
}
