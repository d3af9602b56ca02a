import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { BASIC, createTestApp, postToken, rsaEncrypt, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let publicKey: string;

const login = async (username: string, tenantId = '100001') =>
  (await postToken(t.app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json();
const auth = (token: string) => ({ 'blade-auth': `bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
  publicKey = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' })).json().data;
});
afterAll(() => t.close());

function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----phwtest';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d605960000000049454e44ae426082',
  'hex',
);

describe('switching department, role and organisation', () => {
  it('re-logs a two-department user into the other department and ends the old session', async () => {
    const first = (
      await postToken(t.app, { username: 'multi', password: md5Hex(SEED_PASSWORD), headers: { 'dept-id': '2100', 'role-id': '2202' } })
    ).json();
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?grant_type=change&changeType=dept',
      headers: { authorization: BASIC, ...auth(first.access_token), 'dept-id': '2200', 'role-id': '2202' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ dept_id: '2200', role_id: '2202' });
    const old = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: auth(first.access_token) });
    expect(old.statusCode).toBe(401);
    const missingRole = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?grant_type=change',
      headers: { authorization: BASIC, ...auth(change.json().access_token), 'dept-id': '2200' },
    });
    expect(missingRole.json().error_description).toBe('请选择角色');
  });

  it('lists an administrator’s tenants (current one marked) and switches to another', async () => {
    const admin = await login('admin');
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/blade-system/menu/listAdministratorInfo', headers: auth(admin.access_token) })
    ).json().data;
    expect(list.map((x: { tenantId: string; current: boolean }) => [x.tenantId, x.current])).toEqual([
      ['000000', false],
      ['100001', true],
      ['100002', false],
    ]);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?grant_type=switch_tenant&tenantId=100002',
      headers: { authorization: BASIC, ...auth(admin.access_token) },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ tenant_id: '100002', account: 'admin', role_alias: 'administrator' });
    const doctor = await login('doctor');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/menu/listAdministratorInfo',
      headers: auth(doctor.access_token),
    });
    expect(refused.statusCode).toBe(403);
    const notLinked = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?grant_type=switch_tenant&tenantId=100002',
      headers: { authorization: BASIC, ...auth(doctor.access_token) },
    });
    expect(notLinked.statusCode).toBe(403);
  });

  it('lets no grant enter or keep an institution whose licence expired or that was removed', async () => {
    const admin = await login('admin');
    const other = await login('admin', '100002');
    const setTenant = (change: { expire_time?: Date | null; is_deleted?: number }) =>
      t.deps.db.updateTable('blade_tenant').set(change).where('tenant_id', '=', '100002').execute();
    const switchTo = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token?grant_type=switch_tenant&tenantId=100002',
        headers: { authorization: BASIC, ...auth(token) },
      });
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${token}`,
        headers: { authorization: BASIC, 'tenant-id': '100002' },
      });
    try {
      await setTenant({ expire_time: new Date('2020-01-01T00:00:00Z') });
      const switched = await switchTo(admin.access_token);
      expect(switched.statusCode).toBe(400);
      expect(switched.json().error_description).toBe('切换失败：租户授权已过期，请联系管理员');
      // A refresh token issued before the expiry issues nothing after it, and its session ends.
      const refused = await refresh(other.refresh_token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error_description).toBe('租户授权已过期，请联系管理员');
      await setTenant({ expire_time: null });
      expect((await refresh(other.refresh_token)).statusCode).toBe(401);

      await setTenant({ is_deleted: 1 });
      expect((await switchTo(admin.access_token)).json().error_description).toBe('切换失败：租户ID未找到');
    } finally {
      await setTenant({ expire_time: null, is_deleted: 0 });
    }
    expect((await switchTo(admin.access_token)).statusCode).toBe(200);
  });

  it('lists a disease-control user’s tenants by region', async () => {
    const cdc = await login('cdc');
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/blade-system/menu/listDiseaseControlInfo?regionCode=441602',
        headers: auth(cdc.access_token),
      })
    ).json().data;
    expect(list.map((x: { tenantName: string }) => x.tenantName)).toEqual(['源城区示范社区卫生服务中心', '紫金县示范卫生院']);
    const elsewhere = (
      await t.app.inject({
        method: 'GET',
        url: '/api/blade-system/menu/listDiseaseControlInfo?regionCode=4401',
        headers: auth(cdc.access_token),
      })
    ).json().data;
    expect(elsewhere).toEqual([]);
  });
});

describe('profile', () => {
  it('updates personal info and checks phone and keep-online time with the spec’s messages', async () => {
    const nurse = await login('nurse');
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/blade-user/update-info', headers: auth(nurse.access_token), payload });
    expect((await post({ phone: '' })).json().msg).toBe('手机号码不能为空');
    expect((await post({ phone: '1380000' })).json().msg).toBe('手机号码长度不为11位');
    expect((await post({ phone: '0755-123456' })).json().msg).toBe('手机号码格式不正确');
    expect((await post({ phone: '23800000000' })).json().msg).toBe('手机号码格式不正确');
    expect((await post({ keepOnlineTime: 7 })).statusCode).toBe(400);
    expect((await post({ keepOnlineTime: 33 })).statusCode).toBe(400);
    expect((await post({ realName: '李娜娜', phone: '13912345678', keepOnlineTime: 45 })).json()).toMatchObject({ success: true });
    const info = (await t.app.inject({ method: 'GET', url: '/api/blade-user/info', headers: auth(nurse.access_token) })).json().data;
    expect(info).toMatchObject({ realName: '李娜娜', phone: '13912345678', keepOnlineTime: 45 });
  });

  it('changes the password only with the old one and a policy-conforming new one', async () => {
    const leader = await login('leader');
    const post = (oldPassword: string, newPassword: string, newPassword1 = newPassword) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blade-user/update-password',
        headers: auth(leader.access_token),
        payload: {
          oldPassword: rsaEncrypt(publicKey, oldPassword),
          newPassword: rsaEncrypt(publicKey, newPassword),
          newPassword1: rsaEncrypt(publicKey, newPassword1),
        },
      });
    expect((await post('Wrong@2026', 'Better@2027')).json().msg).toBe('原密码不正确');
    expect((await post(SEED_PASSWORD, 'short')).json().msg).toBe('设置密码最小长度为8位，密码由数字、大小字母和特殊字符组合而成');
    expect((await post(SEED_PASSWORD, 'Better@2027', 'Better@2028')).json().msg).toBe('两次密码输入不一致');
    expect((await post(SEED_PASSWORD, 'Better@2027')).json()).toMatchObject({ success: true });
    expect((await postToken(t.app, { username: 'leader', password: md5Hex('Better@2027') })).statusCode).toBe(200);
    expect((await postToken(t.app, { username: 'leader', password: md5Hex(SEED_PASSWORD) })).statusCode).toBe(400);
  });

  it('stores platform accounts with the row messages', async () => {
    const doctor = await login('doctor');
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/blade-user/update-platform', headers: auth(doctor.access_token), payload });
    expect((await post({ userType: '' })).json().msg).toBe('请选择用户平台');
    expect((await post({ userType: '1', userExt: JSON.stringify([{ platform: '1', account: '' }]) })).json().msg).toBe('请输入账号');
    expect(
      (await post({ userType: '1', userExt: JSON.stringify([{ platform: '1', account: 'gw01', password: 'x' }]) })).json().success,
    ).toBe(true);
    const detail = (
      await t.app.inject({ method: 'GET', url: '/api/blade-user/platform-detail', headers: auth(doctor.access_token) })
    ).json().data;
    expect(JSON.parse(detail.userExt)).toEqual([{ platform: '1', account: 'gw01', password: 'x' }]);
  });

  it('uploads an avatar and refuses another type or a disguised file', async () => {
    const doctor = await login('doctor');
    const upload = (name: string, type: string, content: Buffer) => {
      const body = multipart(name, type, content);
      return t.app.inject({
        method: 'POST',
        url: '/api/blade-resource/oss/endpoint/put-file?type=avatar',
        headers: { ...auth(doctor.access_token), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const good = await upload('me.png', 'image/png', PNG);
    expect(good.statusCode).toBe(200);
    const link = good.json().data.link as string;
    const fetched = await t.app.inject({ method: 'GET', url: link });
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.rawPayload.equals(PNG)).toBe(true);
    expect((await upload('me.gif', 'image/gif', Buffer.from('GIF89a...'))).json().msg).toBe('超出文件类型限制');
    expect((await upload('me.png', 'image/png', Buffer.from('<script>alert(1)</script>'))).json().msg).toBe('超出文件类型限制');
    expect((await upload('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(1100 * 1024)]))).json().msg).toBe('超出文件类型限制');
  });

  it('pages the user’s own login log', async () => {
    const doctor = await login('doctor');
    const res = (
      await t.app.inject({ method: 'GET', url: '/api/blade-user/loglogin/list?current=1&size=2', headers: auth(doctor.access_token) })
    ).json().data;
    expect(res.size).toBe(2);
    expect(res.records).toHaveLength(2);
    expect(res.total).toBeGreaterThanOrEqual(2);
    expect(res.records.every((r: { account: string }) => r.account === 'doctor')).toBe(true);
  });
});

describe('shell background calls', () => {
  it('stores the browser’s error logs', async () => {
    const doctor = await login('doctor');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-log/web/saveLogs',
      headers: auth(doctor.access_token),
      payload: [{ type: 'error', message: 'x is undefined', stack: 'at a', url: '/home/index', time: '2026-11-23 10:00:00' }],
    });
    expect(res.json()).toMatchObject({ success: true, data: 1 });
    const rows = await t.deps.db.selectFrom('blade_log_web').selectAll().where('tenant_id', '=', '100001').execute();
    expect(rows.map((r) => r.message)).toContain('x is undefined');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/blade-log/web/saveLogs',
          headers: auth(doctor.access_token),
          payload: { not: 'a list' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('reads system parameters by key, falling back to the platform’s', async () => {
    const doctor = await login('doctor');
    const get = (key: string) =>
      t.app.inject({ method: 'GET', url: `/api/blade-system/param/getByKey?key=${key}`, headers: auth(doctor.access_token) });
    expect((await get('system_updating_tags')).json().data).toBe('0');
    expect((await get('no_such_key')).json().data).toBe('');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/blade-system/param/getByKey', headers: auth(doctor.access_token) })).json().msg,
    ).toBe('参数[key]不能为空');
  });

  it('counts users online in the caller’s tenant', async () => {
    const doctor = await login('doctor');
    const n = (await t.app.inject({ method: 'GET', url: '/api/blade-user/list-on-line-number', headers: auth(doctor.access_token) })).json()
      .data;
    expect(n).toBeGreaterThanOrEqual(1);
    t.advance(10 * 60 * 1000);
    const later = (
      await t.app.inject({ method: 'GET', url: '/api/blade-user/list-on-line-number', headers: auth(doctor.access_token) })
    ).json().data;
    expect(later).toBe(1); // only the caller has been seen in the last five minutes
  });

  it('clears caches: a tenant its own, the root the tenants it names', async () => {
    const doctor = await login('doctor');
    const own = (
      await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/clear-cache?tenantIds=100002', headers: auth(doctor.access_token) })
    ).json();
    expect(own).toMatchObject({ msg: '清除完毕', data: { cleared: ['100001'] } });
    const root = await login('admin', '000000');
    const all = (
      await t.app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/clear-cache?tenantIds=100001,100002',
        headers: auth(root.access_token),
      })
    ).json();
    expect(all.data.cleared).toEqual(['100001', '100002']);
  });

  it('says plainly that single sign-on is not configured, on each of its calls', async () => {
    const doctor = await login('doctor');
    const calls = [
      { method: 'GET' as const, url: '/api/blade-user/sso/yunan/get-token-by-ticket/a/b' },
      { method: 'POST' as const, url: '/api/blade-user/sso/yunan/login/x', payload: { hostPort: 'h', token: 't' } },
      { method: 'GET' as const, url: '/api/blade-user/sso/yunan/logout', headers: auth(doctor.access_token) },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(501);
      expect(res.json().msg, call.url).toContain('单点登录未配置');
    }
  });

  it('answers the tenant switch lists under blade-system/tenant as under blade-system/menu', async () => {
    const admin = await login('admin');
    const viaMenu = (
      await t.app.inject({ method: 'GET', url: '/api/blade-system/menu/listAdministratorInfo', headers: auth(admin.access_token) })
    ).json();
    const viaTenant = (
      await t.app.inject({ method: 'GET', url: '/api/blade-system/tenant/list-administrator-info', headers: auth(admin.access_token) })
    ).json();
    expect(viaTenant).toEqual(viaMenu);
    expect(viaTenant.data.some((o: { current: boolean }) => o.current)).toBe(true);
    const cdc = await login('cdc');
    const diseaseControl = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/list-diseasecontrol-info?regionCode=441602',
      headers: auth(cdc.access_token),
    });
    expect(diseaseControl.json()).toMatchObject({ success: true, data: expect.any(Array) });
    const doctor = await login('doctor');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/list-diseasecontrol-info',
      headers: auth(doctor.access_token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('您没有权限执行此操作');
  });

  it('serves the system dictionary path from the system dictionaries, and a code they lack from the business store', async () => {
    const doctor = await login('doctor');
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: auth(doctor.access_token) })).json();
    const values = (answer: { data: { dictValue: string }[] }) => answer.data.map((e) => e.dictValue);
    const system = await get('/api/blade-system/dict/dictionary?code=sex');
    expect(values(system)).toEqual(expect.arrayContaining(['男', '女']));
    const cardTypes = await get('/api/blade-system/dict/dictionary?code=card_type');
    expect(cardTypes).toEqual(await get('/api/blade-system/dict-biz/dictionary?code=card_type'));
    expect(values(cardTypes)).toContain('居民身份证');
  });
});
