import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { PASSWORD_MESSAGE } from '../../../src/shared/policies/password';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, rsaEncrypt, type TestApp } from '../../test-support/test-app';
import { AdminUserView, DoctorView, UserCard } from '../../../src/shared/contract/users';

let t: TestApp;
let publicKey = '';
const tokens: Record<string, string> = {};

const login = (username: string, password: string, tenantId = '100001') =>
  postToken(t.app, { username, tenantId, password: md5Hex(password) });
const tokenOf = async (username: string, password = SEED_PASSWORD, tenantId = '100001') =>
  (await login(username, password, tenantId)).json().access_token as string;
const auth = (who: string) => ({ 'blade-auth': `bearer ${tokens[who] ?? who}` });
const get = (who: string, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: auth(who) });
const post = (who: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: auth(who), ...(payload !== undefined && { payload }) });
const enc = (plain: string) => rsaEncrypt(publicKey, plain);

/** The menu names of a user's sidebar (menu/routes), flattened. */
const menuNames = async (token: string): Promise<string[]> => {
  const walk = (items: { name: string; children?: unknown[] }[]): string[] =>
    items.flatMap((item) => [item.name, ...walk((item.children ?? []) as { name: string; children?: unknown[] }[])]);
  const res = await t.app.inject({ method: 'GET', url: '/api/blade-system/menu/routes', headers: { 'blade-auth': `bearer ${token}` } });
  return walk(res.json().data);
};

const newUser = async (account: string, extra: Record<string, unknown> = {}) => {
  const res = await post('admin', '/blade-user/submit', { account, realName: `测试${account}`, deptId: '2100', roleId: '2203', ...extra });
  expect(res.json(), account).toMatchObject({ success: true, msg: '新增成功' });
  return res.json().data as { id: string; account: string; password?: string };
};

beforeAll(async () => {
  t = await createTestApp();
  publicKey = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' })).json().data;
  tokens.admin = await tokenOf('admin');
  tokens.admin2 = await tokenOf('admin', SEED_PASSWORD, '100002');
  tokens.platform = await tokenOf('admin', SEED_PASSWORD, '000000');
  tokens.doctor = await tokenOf('doctor');
  tokens.cdc = await tokenOf('cdc');
});
afterAll(() => t.close());

describe('the contract', () => {
  it('answers exactly the contract’s fields (src/shared/contract/users.ts) in a list, a detail, a picker and a card', async () => {
    const fields = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    const list = (await get('admin', '/blade-user/page?current=1&size=5')).json().data;
    expect(Object.keys(list.records[0]).sort()).toEqual(fields(AdminUserView));
    const detail = (await get('admin', `/blade-user/detail?id=${list.records[0].id}`)).json().data;
    expect(Object.keys(detail).sort()).toEqual(fields(AdminUserView));
    const doctors = (await get('doctor', '/blade-user/listDoctor')).json().data;
    expect(doctors.length).toBeGreaterThan(0);
    expect(Object.keys(doctors[0]).sort()).toEqual(fields(DoctorView));
    // The caller's own card carries every field, contact data included.
    expect(Object.keys((await get('doctor', '/blade-user/getUserInfo')).json().data).sort()).toEqual(fields(UserCard));
  });
});

describe('the tenant’s account limit (账号额度)', () => {
  it('refuses a new user and a guest registration past it, and counts again once room is made', async () => {
    const live = await t.deps.db
      .selectFrom('blade_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', '100002')
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    const setLimit = (n: number) =>
      t.deps.db.updateTable('blade_tenant').set({ account_number: n }).where('tenant_id', '=', '100002').execute();
    try {
      await setLimit(Number(live.n));
      const refused = await post('admin2', '/blade-user/submit', {
        account: 'overlimit',
        realName: '超额',
        deptId: '3100',
        roleId: '3201',
      });
      expect(refused.json()).toMatchObject({ success: false, msg: '当前租户已到最大账号额度' });
      const guest = await t.app.inject({
        method: 'POST',
        url: '/api/blade-user/register-guest',
        payload: { tenantId: '100002', account: 'guestover', realName: '超额访客', password: enc('Guest@2026') },
      });
      expect(guest.json()).toMatchObject({ success: false, msg: '当前租户已到最大账号额度' });
      const count = await t.deps.db.selectFrom('blade_user').select('account').where('account', 'in', ['overlimit', 'guestover']).execute();
      expect(count).toEqual([]);
    } finally {
      await setLimit(-1);
    }
  });
});

describe('blade-user/page and detail', () => {
  it('lists the tenant’s users with department, role and team names, never a password hash', async () => {
    const res = await get('admin', '/blade-user/page?current=1&size=50');
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(records)).not.toMatch(/password|scrypt/i);
    expect(records.find((r: { account: string }) => r.account === 'doctor')).toMatchObject({
      id: '2302',
      realName: '张伟',
      deptName: '全科医疗科',
      roleName: '医生',
      teamName: '家庭医生一团队',
      rowVersion: 1,
      locked: false,
    });
    expect(records.map((r: { tenantId: string }) => r.tenantId)).toEqual(records.map(() => '100001'));
  });

  it('narrows by department (with the ones under it), account, realName and the search suffixes', async () => {
    const accounts = async (query: string) =>
      ((await get('admin', `/blade-user/page?size=50&${query}`)).json().data.records as { account: string }[]).map((r) => r.account).sort();
    // A department under 全科医疗科: its users are listed with the parent's.
    await t.deps.db
      .insertInto('blade_dept')
      .values({
        id: '2101',
        tenant_id: '100001',
        parent_id: '2100',
        dept_name: '全科一组',
        dept_category: 1,
        region_code: '441602',
        sort: 9,
      })
      .execute();
    await newUser('subdept', { deptId: '2101' });
    expect(await accounts('deptId=2100')).toEqual(['doctor', 'leader', 'multi', 'nurse', 'subdept']);
    expect(await accounts('deptId=2101')).toEqual(['subdept']);
    expect(await accounts('account=doct')).toEqual(['doctor']);
    expect(await accounts(`realName=${encodeURIComponent('张')}`)).toEqual(['doctor']);
    expect(await accounts(`realName_like=${encodeURIComponent('李')}`)).toEqual(['nurse']);
    expect(await accounts('account_equal=leader')).toEqual(['leader']);
  });

  it('answers a user’s detail; another tenant’s administrator neither sees nor changes it', async () => {
    const detail = await get('admin', '/blade-user/detail?id=2302');
    expect(detail.json().data).toMatchObject({ account: 'doctor', roleName: '医生' });
    expect(JSON.stringify(detail.json().data)).not.toMatch(/password/i);

    expect((await get('admin2', '/blade-user/detail?id=2302')).statusCode).toBe(404);
    const theirs = (await get('admin2', '/blade-user/page?size=50')).json().data.records as { account: string; tenantId: string }[];
    expect(theirs.every((r) => r.tenantId === '100002')).toBe(true);
    expect(theirs.map((r) => r.account).sort()).toEqual(['admin', 'cdc']);

    const update = await post('admin2', '/blade-user/submit', {
      id: '2302',
      account: 'doctor',
      realName: '改名',
      deptId: '3100',
      roleId: '3201',
      rowVersion: 1,
    });
    expect(update.statusCode).toBe(404);
    expect(update.json().msg).toBe('用户不存在');
    expect(
      (
        await post('admin2', '/blade-user/update', {
          id: '2302',
          account: 'doctor',
          realName: '改名',
          deptId: '2100',
          roleId: '2202',
          rowVersion: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await post('admin2', '/blade-user/remove?ids=2302')).json()).toMatchObject({ success: false, msg: '数据不存在!' });
    expect((await post('admin2', '/blade-user/grant?userIds=2302&roleIds=3201')).statusCode).toBe(404);
    expect((await post('admin2', '/blade-user/relieve-account?userIds=2302')).statusCode).toBe(404);
    expect((await post('admin2', '/blade-user/update-platform-data', { userId: '2302', userType: '1' })).statusCode).toBe(404);
    const row = await t.deps.db.selectFrom('blade_user').selectAll().where('id', '=', '2302').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ real_name: '张伟', role_id: '2202', is_deleted: 0, row_version: 1 });
  });

  it('refuses a doctor every administration call', async () => {
    for (const [method, url] of [
      ['GET', '/blade-user/page'],
      ['GET', '/blade-user/detail?id=2302'],
      ['POST', '/blade-user/submit'],
      ['POST', '/blade-user/update'],
      ['POST', '/blade-user/remove?ids=2303'],
      ['POST', '/blade-user/grant?userIds=2302&roleIds=2201'],
      ['POST', '/blade-user/relieve-account?userIds=2302'],
      ['GET', '/blade-user/search/newUser'],
      ['POST', '/blade-user/update-platform-data'],
      ['POST', '/blade-user/loglogin/remove?ids=1'],
      ['POST', '/blade-user/import-user'],
      ['GET', '/blade-user/export-template'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api${url}`, headers: auth('doctor'), ...(method === 'POST' && { payload: {} }) });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await get('admin', '/blade-user/detail?id=2302')).json().data.roleId).toBe('2202');
  });
});

describe('blade-user/submit and update', () => {
  it('creates a user with a generated temporary password, answered once, that logs in', async () => {
    const created = await newUser('tmpuser');
    expect(created.password).toMatch(/^.{12}$/);
    expect((await login('tmpuser', created.password!)).json().access_token).toBeTruthy();
    expect((await get('admin', `/blade-user/detail?id=${created.id}`)).json().data).not.toHaveProperty('password');
  });

  it('takes an administrator’s password only encrypted and by the policy; the account is unique per tenant', async () => {
    const base = { account: 'pwduser', realName: '设密', deptId: '2100', roleId: '2203' };
    expect((await post('admin', '/blade-user/submit', { ...base, password: enc('weak') })).json().msg).toBe(PASSWORD_MESSAGE);
    expect((await post('admin', '/blade-user/submit', { ...base, password: 'Plain@2026x' })).json().msg).toBe('密码需经公钥加密后提交');
    expect(
      (await post('admin', '/blade-user/submit', { ...base, password: enc('Good@2026x'), password2: enc('Good@2026y') })).json().msg,
    ).toBe('两次密码输入不一致');
    const ok = await post('admin', '/blade-user/submit', { ...base, password: enc('Good@2026x'), password2: enc('Good@2026x') });
    expect(ok.json()).toMatchObject({ success: true, msg: '新增成功' });
    expect(ok.json().data).not.toHaveProperty('password');
    expect((await login('pwduser', 'Good@2026x')).json().access_token).toBeTruthy();

    const again = await post('admin', '/blade-user/submit', { ...base, realName: '重复' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('当前用户已存在!');
    // Another tenant may have the same account.
    const theirs = await post('admin2', '/blade-user/submit', { ...base, deptId: '3100', roleId: '3202' });
    expect(theirs.json()).toMatchObject({ success: true, msg: '新增成功' });
    // Nor may a user be put in another tenant's department or role.
    expect((await post('admin', '/blade-user/submit', { ...base, account: 'x1', deptId: '3100' })).json().msg).toBe('所选部门不存在');
    expect((await post('admin', '/blade-user/submit', { ...base, account: 'x1', roleId: '3201' })).json().msg).toBe('所选角色不存在');
    expect((await post('admin', '/blade-user/submit', { account: 'x1', deptId: '2100', roleId: '2203' })).json().msg).toBe(
      '请输入用户姓名',
    );
    expect((await post('admin', '/blade-user/submit', {})).json()).toMatchObject({ code: 400, msg: '请输入登录账号' });
    // The dialog's own rules (rules/adminuser.rules.json, schemas/adminuser.json), checked by the server with the same document.
    const row = { account: 'x2', realName: '张三', deptId: '2100', roleId: '2203' };
    expect((await post('admin', '/blade-user/submit', { ...row, roleId: '' })).json().msg).toBe('请选择所属角色');
    expect((await post('admin', '/blade-user/submit', { ...row, phone: '0762-1234567' })).json().msg).toBe('手机号码格式不正确');
    expect((await post('admin', '/blade-user/submit', { ...row, email: 'x2@' })).json().msg).toBe('电子邮箱格式不正确');
  });

  it('updates over the version read: none is 428, a stale one 409 with who and when, and the row keeps the newer change', async () => {
    const { id } = await newUser('versioned');
    const body = { id, account: 'versioned', realName: '第一次', deptId: '2100', roleId: '2203' };
    const missing = await post('admin', '/blade-user/submit', body);
    expect(missing.statusCode).toBe(428);
    expect(missing.json().msg).toBe('请先读取用户再修改（缺少版本号）');

    const first = await post('admin', '/blade-user/submit', { ...body, rowVersion: 1 });
    expect(first.json()).toMatchObject({ success: true, msg: '修改成功', data: { rowVersion: 2 } });
    const stale = await post('admin', '/blade-user/submit', { ...body, realName: '过期的修改', rowVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toMatch(/^该用户已被赵敏于\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}修改，请刷新后重试/);
    expect(stale.json().data).toMatchObject({ rowVersion: 2, updateUserName: '赵敏' });
    expect((await get('admin', `/blade-user/detail?id=${id}`)).json().data).toMatchObject({
      realName: '第一次',
      rowVersion: 2,
      updateUserName: '赵敏',
    });

    // BladeX's update: the same change, never the password.
    const hashBefore = (await t.deps.db.selectFrom('blade_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;
    const updated = await post('admin', '/blade-user/update', {
      ...body,
      realName: '第二次',
      phone: '13900000000',
      rowVersion: 2,
      password: enc('Other@2026x'),
    });
    expect(updated.json()).toMatchObject({ success: true, data: { rowVersion: 3 } });
    const after = await t.deps.db.selectFrom('blade_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ real_name: '第二次', phone: '13900000000', password_hash: hashBefore });
    expect((await post('admin', '/blade-user/update', { ...body, rowVersion: 2 })).statusCode).toBe(409);
  });
});

describe('blade-user/remove', () => {
  it('soft-deletes users (they can no longer log in) but never the caller or the last administrator', async () => {
    const created = await newUser('leaving');
    const own = await post('admin', '/blade-user/remove?ids=2301');
    expect(own.json()).toMatchObject({ success: false, msg: '不能删除当前登录的账号' });
    expect((await post('admin', `/blade-user/remove?ids=${created.id}`)).json()).toMatchObject({ success: true, msg: '删除成功' });
    expect((await get('admin', `/blade-user/detail?id=${created.id}`)).statusCode).toBe(404);
    expect((await login('leaving', created.password!)).json().access_token).toBeUndefined();
    const row = await t.deps.db
      .selectFrom('blade_user')
      .select(['is_deleted', 'update_user'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_deleted: 1, update_user: '2301' });

    // Tenant 100002 has one administrator: its own admin cannot remove it (self), nor can a second
    // administrator remove the first and then be removed… the last one always stays.
    const second = await post('admin2', '/blade-user/submit', {
      account: 'admin2b',
      realName: '第二管理员',
      deptId: '3100',
      roleId: '3201',
    });
    const secondToken = await tokenOf('admin2b', second.json().data.password, '100002');
    expect((await post(secondToken, '/blade-user/remove?ids=3301')).json()).toMatchObject({ success: true });
    const last = await post(secondToken, '/blade-user/grant', { userIds: second.json().data.id, roleIds: '3202' });
    expect(last.json()).toMatchObject({ success: false, msg: '不能移除最后一个管理员：本机构至少要保留一个启用的管理员账号' });
    // Put the seeded administrator back for the other tests.
    await t.deps.db.updateTable('blade_user').set({ is_deleted: 0 }).where('id', '=', '3301').execute();
    tokens.admin2 = await tokenOf('admin', SEED_PASSWORD, '100002');
  });
});

describe('blade-user/grant', () => {
  it('changes the user’s roles: their session ends and the next login’s menus are the new role’s', async () => {
    const created = await newUser('granted');
    const before = await tokenOf('granted', created.password!);
    expect(await menuNames(before)).not.toContain('质量管理');
    const res = await post('admin', `/blade-user/grant?userIds=${created.id}&roleIds=2204`);
    expect(res.json()).toMatchObject({ success: true, msg: '操作成功' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/blade-user/info', headers: { 'blade-auth': `bearer ${before}` } })).statusCode,
    ).toBe(401);
    const after = await tokenOf('granted', created.password!);
    expect(await menuNames(after)).toContain('质量管理');
    expect((await get('admin', `/blade-user/detail?id=${created.id}`)).json().data).toMatchObject({ roleId: '2204', roleName: '团队长' });
    expect((await post('admin', `/blade-user/grant?userIds=${created.id}&roleIds=3201`)).json().msg).toBe('所选角色不存在');
    expect((await post('admin', '/blade-user/grant?roleIds=2204')).json().msg).toBe('请选择用户');
    // The 角色配置 dialog's own rule (rules/adminusergrant.rules.json), checked by the server with the same document.
    expect((await post('admin', '/blade-user/grant?userIds=2303')).json().msg).toBe('请选择角色');
  });
});

describe('blade-user/relieve-account', () => {
  it('unlocks an account the lockout locked, so it logs in again', async () => {
    const created = await newUser('lockme');
    for (let i = 0; i < 5; i++) await login('lockme', 'Wrong@2026x');
    const locked = await login('lockme', created.password!);
    expect(locked.json().access_token).toBeUndefined();
    expect((await get('admin', `/blade-user/detail?id=${created.id}`)).json().data).toMatchObject({ locked: true, failedCount: 5 });

    expect((await post('admin', '/blade-user/relieve-account', {})).json().msg).toBe('请选择用户');
    expect((await post('admin', `/blade-user/relieve-account?userIds=${created.id}`)).json()).toMatchObject({ success: true });
    expect((await get('admin', `/blade-user/detail?id=${created.id}`)).json().data).toMatchObject({ locked: false, failedCount: 0 });
    expect((await login('lockme', created.password!)).json().access_token).toBeTruthy();
  });
});

describe('blade-user/register-guest and search/newUser', () => {
  const guest = (payload: object) => t.app.inject({ method: 'POST', url: '/api/blade-user/register-guest', payload });

  it('registers a disabled guest without a role; an administrator’s grant lets it log in', async () => {
    const res = await guest({
      tenantId: '100001',
      name: '访客',
      realName: '王访客',
      account: 'guest1',
      password: enc('Guest@2026'),
      oauthId: 'wx-123',
    });
    expect(res.json()).toMatchObject({ success: true, data: { account: 'guest1', status: 0 } });
    const refused = await login('guest1', 'Guest@2026');
    expect(refused.json().access_token).toBeUndefined();
    expect(refused.json().error_description).toBe('该账号已被停用，请联系管理员');

    const waiting = (await get('admin', '/blade-user/search/newUser')).json().data.records as {
      id: string;
      account: string;
      roleId: string;
    }[];
    expect(waiting.map((r) => r.account)).toEqual(['guest1']);
    expect(waiting[0]!.roleId).toBe('');
    expect((await get('admin2', '/blade-user/search/newUser')).json().data.records).toEqual([]);

    expect((await post('admin', `/blade-user/grant?userIds=${waiting[0]!.id}&roleIds=2203`)).json().success).toBe(true);
    expect((await login('guest1', 'Guest@2026')).json().access_token).toBeTruthy();
    expect((await get('admin', '/blade-user/search/newUser')).json().data.records).toEqual([]);
  });

  it('refuses the platform tenant, an unknown one, a taken account and a weak password', async () => {
    const body = { tenantId: '100001', account: 'guest2', password: enc('Guest@2026') };
    expect((await guest({ ...body, tenantId: '000000' })).json().msg).toBe('租户不存在');
    expect((await guest({ ...body, tenantId: '999999' })).json().msg).toBe('租户不存在');
    expect((await guest({ ...body, account: 'doctor' })).json().msg).toBe('当前用户已存在!');
    expect((await guest({ ...body, password: enc('guest') })).json().msg).toBe(PASSWORD_MESSAGE);
    expect((await guest({ ...body, tenantId: '' })).json().msg).toBe('请先输入租户编号');
  });

  it('is counted per client address at the write limit’s rate', async () => {
    const limited = await createTestApp({ writeRatePerMinute: 2 });
    try {
      const key = (await limited.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' })).json().data;
      const send = (account: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/blade-user/register-guest',
          payload: { tenantId: '100001', account, password: rsaEncrypt(key, 'Guest@2026') },
        });
      expect((await send('g1')).statusCode).toBe(200);
      expect((await send('g2')).statusCode).toBe(200);
      const third = await send('g3');
      expect(third.statusCode).toBe(429);
      expect(third.json().msg).toMatch(/^注册过于频繁/);
      expect(await limited.deps.db.selectFrom('blade_user').select('id').where('account', '=', 'g3').execute()).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('doctor pickers and user cards', () => {
  it('listDoctor: the family doctors of the caller’s tenant, or the users named', async () => {
    const doctors = (await get('doctor', '/blade-user/listDoctor')).json().data as { account: string; realName: string }[];
    expect(doctors.map((d) => d.account)).toEqual(expect.arrayContaining(['doctor', 'leader', 'multi']));
    expect(doctors.map((d) => d.account)).not.toContain('admin');
    expect(doctors.map((d) => d.account)).not.toContain('nurse');
    expect(JSON.stringify(doctors)).not.toMatch(/phone|password/);
    expect(
      ((await get('doctor', '/blade-user/listDoctor?userIds=2303')).json().data as { account: string }[]).map((d) => d.account),
    ).toEqual(['nurse']);
    expect((await get('doctor', '/blade-user/listDoctor?userIds=3301')).json().data).toEqual([]);
    expect((await get('cdc', '/blade-user/listDoctor')).statusCode).toBe(403);
  });

  it('listMainDoctor: by post category when given, else the family doctors', async () => {
    await t.deps.db
      .insertInto('blade_post')
      .values({ id: '2601', tenant_id: '100001', category: 2, post_code: 'main_doctor', post_name: '责任医生', sort: 1 })
      .execute();
    const created = await newUser('postdoc', { postId: '2601' });
    const byPost = (await get('doctor', '/blade-user/listMainDoctor?category=2,10')).json().data as { id: string; postName: string }[];
    expect(byPost).toEqual([expect.objectContaining({ id: created.id, postName: '责任医生' })]);
    expect((await get('doctor', '/blade-user/listMainDoctor?category=4')).json().data).toEqual([]);
    const all = (await get('doctor', '/blade-user/listMainDoctor')).json().data as { account: string }[];
    expect(all.map((d) => d.account)).toContain('doctor');
    expect((await get('doctor', '/blade-user/listMainDoctor?category=a')).statusCode).toBe(400);
    expect((await get('admin', `/blade-user/page?postId_equal=2601`)).json().data.records[0]).toMatchObject({ postName: '责任医生' });
  });

  it('user-sel: a page of the tenant’s enabled users with the select’s search and chosen values', async () => {
    const res = await get('doctor', `/blade-user/user-sel?current=1&size=5&realName_like=${encodeURIComponent('张')}`);
    expect(res.json().data).toMatchObject({ current: 1, size: 5 });
    expect(res.json().data.records.map((r: { account: string }) => r.account)).toEqual(['doctor']);
    const chosen = (await get('doctor', '/blade-user/user-sel?id_in=2303,2304'))
      .json()
      .data.records.map((r: { account: string }) => r.account);
    expect(chosen.sort()).toEqual(['leader', 'nurse']);
    expect((await get('doctor', '/blade-user/user-sel?id_in=3301')).json().data.records).toEqual([]);
  });

  it('getUserInfo: the caller’s own card with contacts, another user’s without', async () => {
    expect((await get('doctor', '/blade-user/getUserInfo')).json().data).toMatchObject({
      id: '2302',
      realName: '张伟',
      phone: '13800000002',
    });
    const other = (await get('doctor', '/blade-user/getUserInfo?userId=2303')).json().data;
    expect(other).toMatchObject({ id: '2303', realName: '李娜', deptName: '全科医疗科' });
    expect(other).not.toHaveProperty('phone');
    expect((await get('admin', '/blade-user/getUserInfo?userId=2303')).json().data).toMatchObject({ phone: '13800000003' });
    expect((await get('doctor', '/blade-user/getUserInfo?userId=3301')).statusCode).toBe(404);
  });

  it('update-platform-data: an administrator sets another user’s platform info', async () => {
    const ext = JSON.stringify([{ platform: '1', account: 'gw-doctor', password: 'x' }]);
    expect((await post('admin', '/blade-user/update-platform-data', { userId: '2302', userType: '1', userExt: '[{}]' })).json().msg).toBe(
      '请选择平台',
    );
    expect((await post('admin', '/blade-user/update-platform-data', { userId: '2302', userType: '1', userExt: ext })).json()).toMatchObject(
      { success: true, msg: '修改成功' },
    );
    const mine = (await get('doctor', '/blade-user/platform-detail')).json().data;
    expect(mine).toMatchObject({ userType: '1', userExt: ext });
  });
});

describe('login log rows', () => {
  it('detail: one’s own row, or any of the tenant’s for an administrator; remove hides and never deletes', async () => {
    const own = (await get('doctor', '/blade-user/loglogin/list?size=1')).json().data.records[0] as { id: string };
    expect((await get('doctor', `/blade-user/loglogin/detail?id=${own.id}`)).json().data).toMatchObject({
      id: own.id,
      account: 'doctor',
      result: 'success',
    });
    const nurseToken = await tokenOf('nurse');
    const nurseRow = (await get(nurseToken, '/blade-user/loglogin/list?size=1')).json().data.records[0] as { id: string };
    expect((await get('doctor', `/blade-user/loglogin/detail?id=${nurseRow.id}`)).statusCode).toBe(404);
    expect((await get('admin', `/blade-user/loglogin/detail?id=${nurseRow.id}`)).json().data).toMatchObject({ account: 'nurse' });
    expect((await get('admin2', `/blade-user/loglogin/detail?id=${nurseRow.id}`)).statusCode).toBe(404);

    expect((await post('admin2', `/blade-user/loglogin/remove?ids=${nurseRow.id}`)).statusCode).toBe(404);
    expect((await post('admin', `/blade-user/loglogin/remove?ids=${nurseRow.id}`)).json()).toMatchObject({
      success: true,
      msg: '删除成功',
    });
    const listed = (await get(nurseToken, '/blade-user/loglogin/list?size=50')).json().data.records.map((r: { id: string }) => r.id);
    expect(listed).not.toContain(nurseRow.id);
    expect((await get('admin', `/blade-user/loglogin/detail?id=${nurseRow.id}`)).statusCode).toBe(404);
    // The audit row itself is still there.
    expect(await t.deps.db.selectFrom('blade_login_log').select('account').where('id', '=', nurseRow.id).executeTakeFirst()).toEqual({
      account: 'nurse',
    });
  });

  it('list with scope=tenant: the tenant’s whole log, searchable, for those granted 登录日志 only', async () => {
    const records = async (who: string, query: string) => (await get(who, `/blade-user/loglogin/list?scope=tenant&size=50${query}`)).json();
    const all = (await records('admin', '')).data.records as { account: string }[];
    expect(all.map((r) => r.account)).toEqual(expect.arrayContaining(['admin', 'doctor']));
    const doctors = (await records('admin', '&account_like=doct')).data.records as { account: string }[];
    expect(doctors.length).toBeGreaterThan(0);
    expect(doctors.every((r) => r.account === 'doctor')).toBe(true);
    // Another tenant's administrator sees only their own tenant's logins.
    expect(((await records('admin2', '')).data.records as { account: string }[]).map((r) => r.account)).not.toContain('doctor');
    // A doctor holds no 登录日志: refused, and without scope still gets only their own.
    expect((await get('doctor', '/blade-user/loglogin/list?scope=tenant')).statusCode).toBe(403);
    const own = (await get('doctor', '/blade-user/loglogin/list?size=50')).json().data.records as { account: string }[];
    expect(own.every((r) => r.account === 'doctor')).toBe(true);
  });

  it('loglogin/submit: no client writes an audit row, administrators included', async () => {
    const before = await t.deps.db
      .selectFrom('blade_login_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('admin', '/blade-user/loglogin/submit', { account: 'doctor', result: 'success' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('登录日志由服务器在每次登录时记录，客户端不能新增或修改');
    const after = await t.deps.db
      .selectFrom('blade_login_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('get-supper-pwd: there is no super password to hand out', async () => {
    const res = await get('admin', '/blade-user/get-supper-pwd');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, data: null });
    expect(res.json().msg).toMatch(/^系统不提供超级密码/);
  });
});

describe('the platform administrator', () => {
  it('manages its own tenant’s users only', async () => {
    const res = await post('platform', '/blade-user/submit', { account: 'ops2', realName: '运营二', deptId: '1100', roleId: '1200' });
    expect(res.json()).toMatchObject({ success: true });
    const accounts = (await get('platform', '/blade-user/page?size=50')).json().data.records as { account: string; tenantId: string }[];
    expect(new Set(accounts.map((a) => a.tenantId))).toEqual(new Set(['000000']));
    expect((await get('platform', '/blade-user/detail?id=2302')).statusCode).toBe(404);
  });
});
