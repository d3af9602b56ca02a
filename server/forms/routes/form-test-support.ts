// Shared by the form, record and follow-up tests: log in as a seeded user and call the API.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { md5Hex } from '../../auth/services/passwords';
import type { Database } from '../../db/schema';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { postToken } from '../../test-support/test-app';

export interface Caller {
  token: string;
  get(url: string): Promise<{ status: number; body: Envelope }>;
  post(url: string, payload?: object, headers?: Record<string, string>): Promise<{ status: number; body: Envelope }>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever the envelope carries
export type Envelope = { code: number; success: boolean; msg: string; data: any };

export async function loginAs(app: FastifyInstance, username: string, tenantId = '100001'): Promise<Caller> {
  const answer = (await postToken(app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json() as { access_token?: string };
  if (!answer.access_token) throw new Error(`login of ${username}@${tenantId} failed: ${JSON.stringify(answer)}`);
  const auth = { 'blade-auth': `bearer ${answer.access_token}` };
  return {
    token: answer.access_token,
    get: async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: auth });
      return { status: res.statusCode, body: res.json() as Envelope };
    },
    post: async (url, payload, headers) => {
      const res = await app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, ...(payload !== undefined && { payload }) });
      return { status: res.statusCode, body: res.json() as Envelope };
    },
  };
}

export { goodHypertensionValues } from '../../test-support/hypertension-values';

/** Ids of the demo residents of tenant 100001 (the seed's archives), those with a crowd label first when asked. */
export async function demoArchiveIds(db: Kysely<Database>, label?: string): Promise<string[]> {
  let q = db
    .selectFrom('user_archive')
    .select('id')
    .where('tenant_id', '=', '100001')
    .where('is_deleted', '=', 0)
    .where('archives_status', '=', '1');
  // The whole label, so that 'diabetes' does not also pick 'diabetes_high_risk'.
  if (label) q = q.where(sql<boolean>`(',' || crowd_labels || ',') like ${`%,${label},%`}`);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}
