// Captchas in tests: one drawn through the API and its digits read where every server process reads
// them (auth_captcha, decision 0023), and the doctor's captcha login that answers it.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { md5Hex } from '../auth/services/passwords';
import { SEED_PASSWORD } from '../seed/seed-data';
import { postToken } from './test-app';

export interface DrawnCaptcha {
  key: string;
  code: string;
  image: string;
}

/** Draws a captcha on `app`; `db` is a test view of the database (TestApp.deps.db). */
export async function drawCaptcha(app: FastifyInstance, db: AppDeps['db']): Promise<DrawnCaptcha> {
  const { key, image } = (await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json<{ key: string; image: string }>();
  const row = await db.selectFrom('auth_captcha').select('code').where('captcha_key', '=', key).executeTakeFirstOrThrow();
  return { key, code: row.code, image };
}

/** The seeded doctor's captcha-grant login on `app`, answering `key` with `code`. */
export function loginWithCaptcha(app: FastifyInstance, answer: { key: string; code: string }) {
  return postToken(app, {
    username: 'doctor',
    password: md5Hex(SEED_PASSWORD),
    grantType: 'captcha',
    headers: { 'captcha-key': answer.key, 'captcha-code': answer.code },
  });
}
