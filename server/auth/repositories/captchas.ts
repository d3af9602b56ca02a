// auth_captcha (migration 021): captchas handed out and not yet answered, shared by every server
// process; the answer's check deletes the row it reads, so each captcha is answered at most once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Keeps a captcha until `expiresAt`, and deletes those whose time ended before `now`. */
export async function storeCaptcha(db: Kysely<Database>, key: string, code: string, expiresAt: Date, now: Date): Promise<void> {
  await db.insertInto('auth_captcha').values({ captcha_key: key, code, expires_at: expiresAt }).execute();
  await db.deleteFrom('auth_captcha').where('expires_at', '<', now).execute();
}

/** The captcha under `key`, taken out (nobody can answer it again), or undefined when there is none. */
export async function takeCaptcha(db: Kysely<Database>, key: string): Promise<{ code: string; expiresAt: Date } | undefined> {
  const row = await db.deleteFrom('auth_captcha').where('captcha_key', '=', key).returning(['code', 'expires_at']).executeTakeFirst();
  return row && { code: row.code, expiresAt: row.expires_at };
}
