import { describe, expect, it } from 'vitest';
import { BASIC_CLIENT_AUTH, buildRequestHeaders, type HeaderContext } from './headers';

const base: HeaderContext = { url: '/api/blade-system/menu/routes', pagePath: '/home/index', switchMode: false };
const build = (over: Partial<HeaderContext>) => buildRequestHeaders({ ...base, ...over });

describe('buildRequestHeaders', () => {
  it('always marks the request source', () => {
    expect(build({})).toEqual({ 'REQ-SOURCE': 'GW' });
  });

  it('sends the client credentials on oauth paths only', () => {
    expect(build({ url: '/api/blade-auth/oauth/token' }).Authorization).toBe(BASIC_CLIENT_AUTH);
    expect(BASIC_CLIENT_AUTH).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(build({ url: '/api/blade-user/getUserDefault' }).Authorization).toBeUndefined();
  });

  it('sends the bearer token in Blade-Auth when there is one', () => {
    expect(build({ accessToken: 'abc' })['Blade-Auth']).toBe('bearer abc');
    expect(build({})['Blade-Auth']).toBeUndefined();
  });

  it('sends Blade-Refresh and Blade-Account only when the request asks for them', () => {
    const ctx = { refreshToken: 'r1', account: 'doctor' };
    expect(build(ctx)['Blade-Refresh']).toBeUndefined();
    expect(build(ctx)['Blade-Account']).toBeUndefined();
    const asked = build({ ...ctx, meta: { withRefreshToken: true, withAccount: true } });
    expect(asked['Blade-Refresh']).toBe('r1');
    expect(asked['Blade-Account']).toBe('doctor');
  });

  it('sends Dept-Id, Role-Id and Team-Id only for single values', () => {
    const single = build({ deptId: '11', roleId: '21', teamId: '31' });
    expect(single).toMatchObject({ 'Dept-Id': '11', 'Role-Id': '21', 'Team-Id': '31' });
    const multi = build({ deptId: '11,12', roleId: '21,22', teamId: '31,32' });
    expect(multi['Dept-Id']).toBeUndefined();
    expect(multi['Role-Id']).toBeUndefined();
    expect(multi['Team-Id']).toBeUndefined();
    expect(build({ teamId: '' })['Team-Id']).toBeUndefined();
  });

  it('sends Mtenant-Id for ordinary tenants but not for the root tenant', () => {
    expect(build({ tenantId: '100001' })['Mtenant-Id']).toBe('100001');
    expect(build({ tenantId: '000000' })['Mtenant-Id']).toBeUndefined();
  });

  it('sends Muser-Id and Tenant-Group only in switch mode', () => {
    const ctx = { userId: 'u1', tenantGroup: 'g1' };
    expect(build({ ...ctx, switchMode: true })).toMatchObject({ 'Muser-Id': 'u1', 'Tenant-Group': 'g1' });
    const off = build({ ...ctx, switchMode: false });
    expect(off['Muser-Id']).toBeUndefined();
    expect(off['Tenant-Group']).toBeUndefined();
  });

  it('sends Tenant-Target only from ipad, maternal and detail pages', () => {
    for (const page of ['/publichealthwork/ipad/x', '/publichealthwork/maternal/y', '/publichealthwork/detail/z']) {
      expect(build({ tenantTarget: '200002', pagePath: page })['Tenant-Target']).toBe('200002');
    }
    expect(build({ tenantTarget: '200002', pagePath: '/publichealthwork/index' })['Tenant-Target']).toBeUndefined();
    expect(build({ pagePath: '/publichealthwork/detail/z' })['Tenant-Target']).toBeUndefined();
  });

  it('sends Tenant-Ignore 0 or 1 when a paginated select asks', () => {
    expect(build({ meta: { tenantIgnore: 0 } })['Tenant-Ignore']).toBe('0');
    expect(build({ meta: { tenantIgnore: 1 } })['Tenant-Ignore']).toBe('1');
    expect(build({})['Tenant-Ignore']).toBeUndefined();
  });

  it('sets Content-Type text/plain only when asked', () => {
    expect(build({ meta: { textPlain: true } })['Content-Type']).toBe('text/plain');
    expect(build({})['Content-Type']).toBeUndefined();
  });
});
