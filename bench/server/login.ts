import type { FastifyInstance } from 'fastify';
import { md5Hex } from '../../server/auth/services/passwords';
import { SEED_PASSWORD } from '../../server/seed/seed-data';
import { BENCH_TENANT } from './seed-bulk';

// The seeded OAuth client saber (server/auth/services/clients.ts), as the web app sends it.
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * Logs in as a seeded account of the demo tenant over HTTP, as a client without the RSA key does
 * (md5 hex password), and returns the header every API call carries.
 */
export async function loginAs(base: string, account: string): Promise<Record<string, string>> {
  const query = tokenQuery(BENCH_TENANT, account);
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': BENCH_TENANT },
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login of ${account}@${BENCH_TENANT} failed (${res.status}): ${JSON.stringify(body)}`);
  return { 'blade-auth': `bearer ${body.access_token}` };
}

/** The same login against an app in this process (app.inject), for the benches that build the app themselves. */
export async function injectLogin(app: FastifyInstance, tenantId: string, account: string): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${tokenQuery(tenantId, account)}`,
    headers: { authorization: BASIC, 'tenant-id': tenantId },
  });
  const body = res.json() as { access_token?: string };
  if (!body.access_token) throw new Error(`login of ${account}@${tenantId} failed (${res.statusCode}): ${res.body}`);
  return { 'blade-auth': `bearer ${body.access_token}` };
}

function tokenQuery(tenantId: string, account: string): URLSearchParams {
  return new URLSearchParams({
    tenantId,
    username: account,
    password: md5Hex(SEED_PASSWORD),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
}

/** The seeded doctor (张伟), who submits the follow-ups. */
export const loginDoctor = (base: string) => loginAs(base, 'doctor');
