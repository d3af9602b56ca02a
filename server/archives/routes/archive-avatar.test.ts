import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';

// The maternal header's photo (src/api/archives.ts saveArchiveAvatar): the archive's own avatar,
// saved with only the version, name, address and link; whatever was not sent stays as stored.
let t: TestApp;
const tokens: Record<string, string> = {};
const BASE = '/api/blade-iph-business';
async function token(username: string): Promise<string> {
  tokens[username] ??= (await postToken(t.app, { username, tenantId: '100001', password: md5Hex(SEED_PASSWORD) })).json()
    .access_token as string;
  return tokens[username];
}
const get = async (user: string, url: string) =>
  t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'blade-auth': `bearer ${await token(user)}` } });
const post = async (user: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${BASE}${url}`, headers: { 'blade-auth': `bearer ${await token(user)}` }, payload });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an archive’s photo saved alone', () => {
  it('keeps the stored ID number, phones, birthday and labels, and answers 409 on a stale version', async () => {
    const [row] = (await get('doctor', '/commuserarchives/list?current=1&size=1')).json().data.records as { id: string }[];
    const before = (await get('admin', `/commuserarchives/detail?id=${row!.id}`)).json().data;
    const seen = (await get('doctor', `/commuserarchives/detail?id=${row!.id}`)).json().data;
    const body = { id: seen.id, rowVersion: seen.rowVersion, personName: seen.personName, homeAddress: seen.homeAddress };
    const saved = await post('doctor', '/userarchives/create-update-archives', {
      ...body,
      avatar: '/api/blade-resource/oss/endpoint/file/a.png',
    });
    expect(saved.json()).toMatchObject({ success: true });
    const after = (await get('admin', `/commuserarchives/detail?id=${row!.id}`)).json().data;
    expect(after.avatar).toBe('/api/blade-resource/oss/endpoint/file/a.png');
    for (const field of ['idCard', 'phone', 'contactPhone', 'birthday', 'sex', 'crowdLabels', 'doctorName', 'teamName'])
      expect(after[field], field).toEqual(before[field]);
    expect(after.rowVersion).toBe(before.rowVersion + 1);
    const stale = await post('doctor', '/userarchives/create-update-archives', { ...body, avatar: '/x.png' });
    expect(stale.statusCode).toBe(409);
  });
});
