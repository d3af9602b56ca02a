import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let platform: Caller;
let tenantAdmin: Caller;
let doctor: Caller;

beforeAll(async () => {
  t = await createTestApp();
  platform = await loginAs(t.app, 'admin', '000000');
  tenantAdmin = await loginAs(t.app, 'admin', '100001');
  doctor = await loginAs(t.app, 'doctor', '100001');
});
afterAll(() => t.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

/** Creates an institution as the platform administrator; answers its id, tenant id and admin password. */
async function createInstitution(fields: Record<string, unknown>) {
  const res = await platform.post('/api/blade-system/tenant/submit', { tenantName: '测试卫生院', linkman: '张三', ...fields });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, msg: '新增成功' });
  return res.body.data as { id: string; tenantId: string; account: string; password: string };
}

describe('tenant management is the platform administrator’s', () => {
  it('lists institutions with BladeX’s conventions: a plain name means contains, _notequal excludes', async () => {
    const all = await platform.get('/api/blade-system/tenant/list?size=50');
    expect(all.status).toBe(200);
    const ids = all.body.data.records.map((r: { tenantId: string }) => r.tenantId);
    expect(ids).toEqual(expect.arrayContaining(['000000', '100001', '100002']));
    const named = await platform.get(`/api/blade-system/tenant/list?tenantName=${encodeURIComponent('示范')}&tenantId_notequal=100002`);
    expect(named.body.data.records.map((r: { tenantId: string }) => r.tenantId)).toEqual(['100001']);
    expect(named.body.data).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    const row = named.body.data.records[0];
    expect(row).toMatchObject({ tenantName: '源城区示范社区卫生服务中心', accountNumber: -1, expireTime: '', rowVersion: 1 });

    const detail = await platform.get(`/api/blade-system/tenant/detail?id=${row.id}`);
    expect(detail.body.data).toMatchObject({ tenantId: '100001', regionCode: '441602', isRoot: false });
    expect((await platform.get('/api/blade-system/tenant/detail?id=999999')).status).toBe(404);
  });

  it('refuses a tenant administrator and a doctor every tenant call, and leaves the rows as they were', async () => {
    for (const caller of [tenantAdmin, doctor]) {
      expect((await caller.get('/api/blade-system/tenant/list')).status).toBe(403);
      expect((await caller.get('/api/blade-system/tenant/detail?id=2')).status).toBe(403);
      expect((await caller.post('/api/blade-system/tenant/submit', { id: '3', tenantName: '改名', rowVersion: 1 })).status).toBe(403);
      expect((await caller.post('/api/blade-system/tenant/remove?ids=3')).status).toBe(403);
      expect((await caller.post('/api/blade-system/tenant/setting?ids=3&accountNumber=1')).status).toBe(403);
    }
    const second = await platform.get('/api/blade-system/tenant/detail?id=3');
    expect(second.body.data).toMatchObject({ tenantName: '紫金县示范卫生院', accountNumber: -1, rowVersion: 1 });
  });

  it('refuses a tenant administrator even when its role is granted 租户管理 by hand (tenant 000000 only)', async () => {
    await t.deps.db.insertInto('blade_role_menu').values({ role_id: '3201', menu_id: '3110' }).execute();
    const other = await loginAs(t.app, 'admin', '100002');
    const res = await other.get('/api/blade-system/tenant/list');
    expect(res).toMatchObject({ status: 403, body: { success: false, msg: '只有平台管理员可以管理租户' } });
  });

  it('creates an institution with its administrator, who logs in with the temporary password', async () => {
    const made = await createInstitution({
      tenantName: '新建镇卫生院',
      domain: 'xinjian.example.cn',
      linkman: '王五',
      contactNumber: '0762-1234567',
    });
    expect(made.tenantId).toMatch(/^\d{6}$/);
    expect(made.account).toBe('admin');
    expect(made.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[~!@#$%^&*_.]).{12}$/);

    const login = await postToken(t.app, { tenantId: made.tenantId, username: 'admin', password: md5Hex(made.password) });
    expect(login.json()).toMatchObject({ tenant_id: made.tenantId, account: 'admin', role_alias: 'administrator' });
    const newAdmin = await loginAs(t.app, 'admin', made.tenantId).catch(() => null);
    expect(newAdmin).toBeNull(); // the seed password is not theirs
    const auth = { 'blade-auth': `bearer ${login.json().access_token}` };
    // The tenant administrator's menus, as role 2201 has them: 用户管理 yes, 租户管理 no.
    const buttons = await t.app.inject({ method: 'GET', url: '/api/blade-system/menu/buttons', headers: auth });
    const routes = JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/blade-system/menu/routes', headers: auth })).json());
    expect(routes).toContain('用户管理');
    expect(routes).not.toContain('租户管理');
    expect(buttons.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/blade-system/tenant/list', headers: auth });
    expect(refused.statusCode).toBe(403);
    // Its own institution only: the demo tenant's rows are not its.
    const own = await t.app.inject({ method: 'GET', url: '/api/blade-system/tenant/info', headers: auth });
    expect(own.json().data).toMatchObject({ tenantId: made.tenantId, tenantName: '新建镇卫生院', isRoot: false });
  });

  it('answers tenant/info by domain without a token, with nothing private', async () => {
    await createInstitution({
      tenantName: '域名卫生院',
      domain: 'yuming.example.cn',
      linkman: '赵六',
      contactNumber: '13800000000',
      address: '某路1号',
    });
    const res = await anonymous('/api/blade-system/tenant/info?domain=YUMING.example.cn'.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ tenantId: expect.stringMatching(/^\d{6}$/), tenantName: '域名卫生院', domain: 'yuming.example.cn' });
    expect(res.body).not.toMatch(/赵六|13800000000|某路|accountNumber|expireTime/);
    expect((await anonymous('/api/blade-system/tenant/info?domain=nobody.example.cn')).statusCode).toBe(404);
    expect((await anonymous('/api/blade-system/tenant/info')).json()).toMatchObject({ code: 400, msg: '参数[domain]不能为空' });
    // Signed in, without a domain: the caller's own institution (the shell's call).
    expect((await doctor.get('/api/blade-system/tenant/info')).body.data).toMatchObject({
      tenantId: '100001',
      tenantName: '源城区示范社区卫生服务中心',
    });
  });

  it('lists every live institution’s name to any signed-in user, without contacts', async () => {
    const res = await doctor.get('/api/blade-system/tenant/list-info');
    expect(res.status).toBe(200);
    const rows = res.body.data as Record<string, unknown>[];
    expect(rows.map((r) => r.tenantId)).toEqual(expect.arrayContaining(['000000', '100001', '100002']));
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['domain', 'regionCode', 'tenantId', 'tenantName']);
  });

  it('updates with the row version it read: 428 without one, 409 naming who changed it when stale', async () => {
    const made = await createInstitution({ tenantName: '版本卫生院' });
    const base = { id: made.id, tenantName: '版本卫生院（改）', linkman: '张三' };
    const missing = await platform.post('/api/blade-system/tenant/submit', base);
    expect(missing.status).toBe(428);
    const first = await platform.post('/api/blade-system/tenant/submit', { ...base, rowVersion: 1 });
    expect(first.body).toMatchObject({ success: true, msg: '修改成功', data: { rowVersion: 2 } });
    const stale = await platform.post('/api/blade-system/tenant/submit', { ...base, tenantName: '又改', rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ rowVersion: 2, updateUserName: expect.any(String) });
    expect(stale.body.msg).toContain('修改');
    expect((await platform.get(`/api/blade-system/tenant/detail?id=${made.id}`)).body.data.tenantName).toBe('版本卫生院（改）');
  });

  it('refuses a domain another institution has, and bad input with a Chinese 400', async () => {
    await createInstitution({ tenantName: '甲卫生院', domain: 'jia.example.cn' });
    const taken = await platform.post('/api/blade-system/tenant/submit', {
      tenantName: '乙卫生院',
      linkman: '张三',
      domain: 'jia.example.cn',
    });
    expect(taken).toMatchObject({ status: 400, body: { msg: '域名已被其他租户使用' } });
    // The dialog's own rules (rules/admintenant.rules.json), checked by the server with the same document.
    const empty = await platform.post('/api/blade-system/tenant/submit', { tenantName: '', linkman: '张三' });
    expect(empty).toMatchObject({ status: 400, body: { msg: '请输入租户名称' } });
    const noLinkman = await platform.post('/api/blade-system/tenant/submit', { tenantName: '丙' });
    expect(noLinkman).toMatchObject({ status: 400, body: { msg: '请输入联系人' } });
    const date = await platform.post('/api/blade-system/tenant/submit', { tenantName: '丙', linkman: '张三', expireTime: '明天' });
    expect(date).toMatchObject({ status: 400, body: { msg: '过期时间数值异常' } });
    // BladeX's date forms pass the dialog's date field.
    await createInstitution({ tenantName: '丁卫生院', expireTime: '2027-12-31 23:59:59' });
    await createInstitution({ tenantName: '戊卫生院', expireTime: '2027-12-31' });
  });

  it('sets account number and expiry for several institutions; an expired one can no longer log in', async () => {
    const a = await createInstitution({ tenantName: '到期卫生院' });
    const b = await createInstitution({ tenantName: '限额卫生院' });
    const res = await platform.post(`/api/blade-system/tenant/setting?ids=${a.id},${b.id}&accountNumber=20&expireTime=2020-01-01`);
    expect(res.body).toMatchObject({ success: true, msg: '操作成功' });
    const detail = (await platform.get(`/api/blade-system/tenant/detail?id=${b.id}`)).body.data;
    expect(detail).toMatchObject({ accountNumber: 20, expireTime: '2020-01-01 23:59:59', rowVersion: 2 });
    const login = await postToken(t.app, { tenantId: a.tenantId, username: 'admin', password: md5Hex(a.password) });
    expect(login.json().error_description).toBe('租户授权已过期，请联系管理员');
    expect((await platform.post('/api/blade-system/tenant/setting?ids=')).body.msg).toBe('请选择至少一条数据');
  });

  it('removes an institution softly (its admin can no longer log in), never the root tenant', async () => {
    const made = await createInstitution({ tenantName: '撤销卫生院', domain: 'chexiao.example.cn' });
    const root = await platform.post('/api/blade-system/tenant/remove?ids=1');
    expect(root).toMatchObject({ status: 400, body: { msg: '不能删除平台租户' } });
    const res = await platform.post('/api/blade-system/tenant/remove', { ids: made.id });
    expect(res.body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await platform.get(`/api/blade-system/tenant/detail?id=${made.id}`)).status).toBe(404);
    const login = await postToken(t.app, { tenantId: made.tenantId, username: 'admin', password: md5Hex(made.password) });
    expect(login.json().error_description).toBe('租户ID未找到');
    expect((await anonymous('/api/blade-system/tenant/info?domain=chexiao.example.cn')).statusCode).toBe(404);
    // Soft: the row is still there, marked.
    const row = await t.deps.db
      .selectFrom('blade_tenant')
      .select(['is_deleted', 'status'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_deleted: 1, status: 0 });
  });
});

describe('an institution’s end ends its sessions (issue 35 §2)', () => {
  const signIn = async (made: { tenantId: string; password: string }) =>
    (await postToken(t.app, { tenantId: made.tenantId, username: 'admin', password: md5Hex(made.password) })).json();
  const userInfo = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'blade-auth': `bearer ${token}` } });
  const refresh = (tenantId: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${token}`,
      headers: { authorization: basic('saber', 'saber_secret'), 'tenant-id': tenantId },
    });

  it('a removal refuses the access and refresh tokens already issued, at once', async () => {
    const made = await createInstitution({ tenantName: '注销会话卫生院' });
    const session = await signIn(made);
    expect((await userInfo(session.access_token)).statusCode).toBe(200);
    expect((await platform.post('/api/blade-system/tenant/remove', { ids: made.id })).body.success).toBe(true);
    const after = await userInfo(session.access_token);
    expect(after.statusCode).toBe(401);
    expect((await refresh(made.tenantId, session.refresh_token)).statusCode).toBe(401);
  });

  it('a licence end set in the past, or reached while signed in, refuses the tokens with 租户授权已过期', async () => {
    const a = await createInstitution({ tenantName: '过期会话卫生院' });
    const sessionA = await signIn(a);
    await platform.post(`/api/blade-system/tenant/setting?ids=${a.id}&accountNumber=-1&expireTime=2020-01-01`);
    const refused = await userInfo(sessionA.access_token);
    expect(refused.statusCode).toBe(401);
    expect((await refresh(a.tenantId, sessionA.refresh_token)).statusCode).toBe(401);

    const b = await createInstitution({ tenantName: '到点会话卫生院' });
    const sessionB = await signIn(b);
    const soon = new Date(t.deps.now() + 60_000);
    await t.deps.db.updateTable('blade_tenant').set({ expire_time: soon }).where('id', '=', b.id).execute();
    // The kept session is read again (its licence end with it) after the cache's few seconds.
    t.advance(10_000);
    expect((await userInfo(sessionB.access_token)).statusCode).toBe(200);
    t.advance(60_000);
    const expired = await userInfo(sessionB.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().msg).toBe('租户授权已过期，请联系管理员');
  });
});

describe('OAuth clients (应用管理) and the token endpoint', () => {
  it('lists the seeded web app client without its secret; a tenant administrator is refused', async () => {
    const list = await platform.get('/api/blade-system/client/list?clientId=sab');
    expect(list.body.data.records).toHaveLength(1);
    const saber = list.body.data.records[0];
    expect(saber).toMatchObject({ clientId: 'saber', status: 1 });
    expect(saber.authorizedGrantTypes.split(',')).toEqual(expect.arrayContaining(['password', 'refresh_token']));
    expect(JSON.stringify(list.body)).not.toMatch(/secret/i);
    const detail = await platform.get(`/api/blade-system/client/detail?id=${saber.id}`);
    expect(detail.body.data).toEqual(saber);
    for (const caller of [tenantAdmin, doctor]) {
      expect((await caller.get('/api/blade-system/client/list')).status).toBe(403);
      expect((await caller.get(`/api/blade-system/client/detail?id=${saber.id}`)).status).toBe(403);
      expect((await caller.post('/api/blade-system/client/submit', { clientId: 'x', authorizedGrantTypes: 'password' })).status).toBe(403);
      expect((await caller.post(`/api/blade-system/client/remove?ids=${saber.id}`)).status).toBe(403);
    }
  });

  it('a new client gets its secret once; oauth/token takes it, with its grant types and token lifetime', async () => {
    const made = await platform.post('/api/blade-system/client/submit', {
      clientId: 'mobile_app',
      authorizedGrantTypes: 'password',
      accessTokenValidity: 600,
    });
    expect(made.body).toMatchObject({ success: true, msg: '新增成功', data: { clientId: 'mobile_app', rowVersion: 1 } });
    const secret = made.body.data.clientSecret as string;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify((await platform.get(`/api/blade-system/client/detail?id=${made.body.data.id}`)).body)).not.toContain(secret);
    const stored = await t.deps.db
      .selectFrom('blade_client')
      .select('client_secret_hash')
      .where('client_id', '=', 'mobile_app')
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_hash).not.toContain(secret);

    const headers = { authorization: basic('mobile_app', secret) };
    const login = await postToken(t.app, { username: 'doctor', password: md5Hex('Health@2026'), headers });
    expect(login.json()).toMatchObject({ account: 'doctor', expires_in: 600 });
    const refresh = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${login.json().refresh_token}`,
      headers: { ...headers, 'tenant-id': '100001' },
    });
    expect(refresh.json().error_description).toBe('该客户端不允许授权类型[refresh_token]');
    const wrong = await postToken(t.app, {
      username: 'doctor',
      password: md5Hex('Health@2026'),
      headers: { authorization: basic('mobile_app', 'guess') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await postToken(t.app, { username: 'doctor', password: md5Hex('Health@2026') }).then((r) => r.json().expires_in)).toBe(3600);
  });

  it('duplicate client ids and unknown grant types are refused', async () => {
    const dup = await platform.post('/api/blade-system/client/submit', { clientId: 'saber', authorizedGrantTypes: 'password' });
    expect(dup).toMatchObject({ status: 400, body: { msg: '客户端ID已存在' } });
    const grant = await platform.post('/api/blade-system/client/submit', { clientId: 'other', authorizedGrantTypes: 'password,implicit' });
    expect(grant.status).toBe(400);
    expect(grant.body.msg).toContain('implicit');
  });

  it('checks the dialog’s own rules (schemas/adminclient.json): what it refuses is refused with its message, a valid one is saved', async () => {
    const clientIds = async () =>
      ((await platform.get('/api/blade-system/client/list?size=100')).body.data.records as { clientId: string }[]).map((c) => c.clientId);
    // The dialog's pattern has no dot (oauth/token's Basic header and BladeX's own form): the server's check is the same document.
    const dotted = await platform.post('/api/blade-system/client/submit', { clientId: 'web.app', authorizedGrantTypes: 'password' });
    expect(dotted).toMatchObject({ status: 400, body: { msg: '应用ID只能包含字母、数字、下划线和中划线' } });
    expect(await clientIds()).not.toContain('web.app');
    // No secret is asked for (the server makes it); scope and lifetimes may be left out: all, and the system's defaults.
    const made = await platform.post('/api/blade-system/client/submit', {
      clientId: 'web_app',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 1800,
      refreshTokenValidity: 86400,
      webServerRedirectUri: 'https://phw.example/callback',
    });
    expect(made.body).toMatchObject({ success: true, msg: '新增成功' });
    expect((await platform.get(`/api/blade-system/client/detail?id=${made.body.data.id}`)).body.data).toMatchObject({
      clientId: 'web_app',
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 1800,
      refreshTokenValidity: 86400,
    });
    const renamed = await platform.post('/api/blade-system/client/submit', {
      id: made.body.data.id,
      rowVersion: 1,
      clientId: 'web.app2',
      authorizedGrantTypes: 'password',
    });
    expect(renamed).toMatchObject({ status: 400, body: { msg: '应用ID只能包含字母、数字、下划线和中划线' } });
    expect(await clientIds()).toContain('web_app');
  });

  it('changes a client with its row version; a reset secret replaces the old one; a removed client is refused', async () => {
    const made = (
      await platform.post('/api/blade-system/client/submit', { clientId: 'kiosk', authorizedGrantTypes: 'password,refresh_token' })
    ).body.data as { id: string; clientSecret: string };
    const change = { id: made.id, clientId: 'kiosk', authorizedGrantTypes: 'password' };
    expect((await platform.post('/api/blade-system/client/submit', change)).status).toBe(428);
    const reset = await platform.post('/api/blade-system/client/submit', { ...change, rowVersion: 1, resetSecret: true });
    expect(reset.body).toMatchObject({ success: true, msg: '修改成功', data: { rowVersion: 2 } });
    const secret = reset.body.data.clientSecret as string;
    expect(secret).not.toBe(made.clientSecret);
    const stale = await platform.post('/api/blade-system/client/submit', { ...change, rowVersion: 1 });
    expect(stale.status).toBe(409);
    const login = (s: string) =>
      postToken(t.app, { username: 'nurse', password: md5Hex('Health@2026'), headers: { authorization: basic('kiosk', s) } });
    expect((await login(made.clientSecret)).statusCode).toBe(401);
    expect((await login(secret)).json().account).toBe('nurse');
    // 应用管理's dialog sends its choice as 0/1 (schemas/adminclient.json 重置密钥): 0 keeps the secret, 1 makes a new one.
    const kept = await platform.post('/api/blade-system/client/submit', { ...change, rowVersion: 2, resetSecret: 0 });
    expect(kept.body).toMatchObject({ success: true, data: { rowVersion: 3 } });
    expect(kept.body.data.clientSecret).toBeUndefined();
    expect((await login(secret)).json().account).toBe('nurse');
    const fromDialog = await platform.post('/api/blade-system/client/submit', { ...change, rowVersion: 3, resetSecret: 1 });
    const newest = fromDialog.body.data.clientSecret as string;
    expect(newest).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await login(secret)).statusCode).toBe(401);
    expect((await login(newest)).json().account).toBe('nurse');

    const removed = await platform.post(`/api/blade-system/client/remove?ids=${made.id}`);
    expect(removed.body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await login(secret)).statusCode).toBe(401);
    expect((await platform.get(`/api/blade-system/client/detail?id=${made.id}`)).status).toBe(404);
  });

  it('will not remove every client (nobody could log in to undo it)', async () => {
    const all = (await platform.get('/api/blade-system/client/list?size=200')).body.data.records.map((r: { id: string }) => r.id);
    const res = await platform.post(`/api/blade-system/client/remove?ids=${all.join(',')}`);
    expect(res).toMatchObject({ status: 400, body: { msg: '不能删除全部应用：至少保留一个可以登录的应用' } });
    expect((await postToken(t.app, { username: 'doctor', password: md5Hex('Health@2026') })).json().account).toBe('doctor');
  });
});
