// The callers of the resident-side tests (family archives, transfers): the care team of tenant
// 100001 — doctor 张伟 (team 2401), nurse 李娜 (2401), team leader 王强 (2401), doctor 刘洋 (account
// multi, 2401) —, its administrator and the administrator of tenant 100002; one app per file.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { md5Hex } from '../auth/services/passwords';
import { SEED_PASSWORD } from '../seed/seed-data';
import { createTestApp, postToken, type TestApp } from './test-app';
import { loginAs, type Caller, type Envelope } from '../forms/routes/form-test-support';

/**
 * A login that names the department, role or team chosen (headers dept-id, role-id, team-id), for a user
 * of several — 刘洋 (account multi) works in two departments.
 */
export async function loginChoosing(app: FastifyInstance, username: string, chosen: Record<string, string>): Promise<Caller> {
  const answer = (await postToken(app, { username, password: md5Hex(SEED_PASSWORD), headers: chosen })).json() as { access_token?: string };
  if (!answer.access_token) throw new Error(`login of ${username} failed: ${JSON.stringify(answer)}`);
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

export type CareTeamRole = 'admin' | 'otherAdmin' | 'doctor' | 'nurse' | 'leader' | 'multi' | 'cdc';

function forwarding(current: () => Caller | undefined): Caller {
  const logged = () => {
    const caller = current();
    if (!caller) throw new Error('the test app is not started yet: call the API inside a test');
    return caller;
  };
  return {
    get token() {
      return logged().token;
    },
    get: (url) => logged().get(url),
    post: (url, payload, headers) => logged().post(url, payload, headers),
  };
}

/** Registers the file's test app (beforeAll / afterAll) and answers its callers and the app. */
export function careTeamCallers(): Record<CareTeamRole, Caller> & { app: () => TestApp } {
  let t: TestApp | undefined;
  const logged: Partial<Record<CareTeamRole, Caller>> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const account of ['admin', 'doctor', 'nurse', 'leader', 'cdc'] as const) logged[account] = await loginAs(t.app, account);
    logged.multi = await loginChoosing(t.app, 'multi', { 'dept-id': '2100', 'role-id': '2202' });
    logged.otherAdmin = await loginAs(t.app, 'admin', '100002');
  });
  afterAll(() => t?.close());
  const roles: CareTeamRole[] = ['admin', 'otherAdmin', 'doctor', 'nurse', 'leader', 'multi', 'cdc'];
  return {
    ...(Object.fromEntries(roles.map((r) => [r, forwarding(() => logged[r])])) as Record<CareTeamRole, Caller>),
    app: () => t!,
  };
}
