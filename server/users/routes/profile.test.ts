import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';
import { UserDefault, UserInfo } from '../../../src/shared/contract/auth';
import { LoginLogRow, PlatformDetail } from '../../../src/shared/contract/users';

let t: TestApp;

const login = async (username: string, tenantId = '100001') =>
  (await postToken(t.app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json();
const auth = (token: string) => ({ 'blade-auth': `bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the contract', () => {
  it('answers exactly the contract’s fields (src/shared/contract/users.ts, auth.ts) in the profile’s reads', async () => {
    const doctor = await login('doctor');
    const read = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: auth(doctor.access_token) })).json().data;
    const fields = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    expect(Object.keys(await read('/api/blade-user/info')).sort()).toEqual(fields(UserInfo));
    expect(Object.keys(await read('/api/blade-user/getUserDefault')).sort()).toEqual(fields(UserDefault));
    expect(Object.keys(await read('/api/blade-user/platform-detail')).sort()).toEqual(fields(PlatformDetail));
    const log = await read('/api/blade-user/loglogin/list?current=1&size=5');
    expect(log.records.length).toBeGreaterThan(0);
    expect(Object.keys(log.records[0]).sort()).toEqual(fields(LoginLogRow));
  });
});

describe('platform info and authorisation code', () => {
  it('stores the authorisation code beside the platform rows and keeps it when a call omits it', async () => {
    const doctor = await login('doctor');
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/blade-user/update-platform', headers: auth(doctor.access_token), payload });
    const detail = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/blade-user/platform-detail', headers: auth(doctor.access_token) })).json().data;

    expect((await post({ userType: '1', userExt: '', authorizeCode: '  ' })).json().msg).toBe('请输入授权码');
    const rows = [{ platform: '2', account: 'qy01', password: 'p' }];
    expect((await post({ userType: '2', userExt: JSON.stringify(rows), authorizeCode: 'AUTH-2026' })).json().success).toBe(true);
    expect(await detail()).toMatchObject({ userType: '2', authorizeCode: 'AUTH-2026' });
    expect(JSON.parse((await detail()).userExt)).toEqual(rows);

    // The spec's three-field call (no authorizeCode) changes the rows but not the code.
    expect((await post({ userType: '1', userExt: '' })).json().success).toBe(true);
    expect(await detail()).toMatchObject({ userType: '1', userExt: '', authorizeCode: 'AUTH-2026' });
  });

  it('is each user’s own: another user of the tenant sees nothing of it', async () => {
    const doctor = await login('doctor');
    await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/update-platform',
      headers: auth(doctor.access_token),
      payload: { userType: '3', userExt: '', authorizeCode: 'MINE' },
    });
    const other = await login('nurse');
    const seen = (await t.app.inject({ method: 'GET', url: '/api/blade-user/platform-detail', headers: auth(other.access_token) })).json()
      .data;
    expect(seen.authorizeCode).toBe('');
  });
});
