import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * auth_captcha: the captchas handed out and not yet answered (auth/services/captcha.ts), in the database so
 * the server process that checks the answer need not be the one that drew the picture (issue 17:
 * two processes behind a load balancer). Single use: the check deletes the row it reads. No
 * tenant_id: a captcha is drawn before anyone is known to belong anywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE auth_captcha (
      captcha_key text PRIMARY KEY,
      code text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX auth_captcha_expires ON auth_captcha (expires_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE auth_captcha;`);
}
