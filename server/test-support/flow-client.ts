import { md5Hex } from '../auth/services/passwords';
import { SEED_PASSWORD } from '../seed/seed-data';
import type { FastifyInstance } from 'fastify';
import { postToken } from './test-app';

/** Seeded accounts of the demo tenant (100001) and the second tenant's administrator. */
export const USERS = { doctor: '2302', leader: '2304', admin: '2301' } as const;

export type Who = 'admin' | 'doctor' | 'nurse' | 'leader' | 'otherAdmin';

/** Signs the seeded accounts in and gives short request helpers for the flow tests. */
export async function flowClient(app: FastifyInstance) {
  const tokens = {} as Record<Who, string>;
  const login = async (username: string, tenantId: string) =>
    (await postToken(app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json().access_token as string;
  for (const who of ['admin', 'doctor', 'nurse', 'leader'] as const) tokens[who] = await login(who, '100001');
  tokens.otherAdmin = await login('admin', '100002');
  const headers = (who: Who) => ({ 'blade-auth': `bearer ${tokens[who]}` });
  const get = (who: Who, url: string) => app.inject({ method: 'GET', url, headers: headers(who) });
  const post = (who: Who, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: headers(who), ...(payload !== undefined && { payload }) });
  const upload = (who: Who, files: { name: string; xml: string }[], fields: Record<string, string> = {}) => {
    const boundary = '----phwflow';
    const parts = [
      ...Object.entries(fields).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      ...files.map(
        (file) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: text/xml\r\n\r\n${file.xml}\r\n`,
      ),
    ];
    return app.inject({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      headers: { ...headers(who), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    });
  };
  /** The records of a list call (fails the test when the call does not answer 200). */
  const records = async <T = Record<string, unknown>>(who: Who, url: string): Promise<T[]> => {
    const res = await get(who, url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data.records as T[];
  };
  return { get, post, upload, records };
}

/** A leave as the leave form sends it, for the doctor with the team leader as approver. */
export const leaveOf = (overrides: Record<string, string> = {}) => ({
  startTime: '2026-12-01 08:00:00',
  endTime: '2026-12-03 18:00:00',
  reason: '家中有事',
  taskUser: `taskUser_${USERS.leader}`,
  ...overrides,
});
