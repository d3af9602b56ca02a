// A resource document's row scope (the block's `scope.menu`; 接口管理 declares its menu): the data
// scopes (数据权限) an administrator grants a role on that menu narrow what the role's users list,
// read, change and remove through the generic routes — a row outside the scope is as absent as
// another tenant's, and nothing changes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

let t: TestApp;
let admin: Caller;
let platform: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  platform = await loginAs(t.app, 'admin', '000000');
});
afterAll(() => t.close());

const A = '/api/blade-iph-business/apimanage';
const ADMIN_ROLE = '2201';

/** Gives the administrators' role exactly these data scopes, keeping its menus and api scopes. */
async function grantDataScopes(dataScopeIds: string[]) {
  const held = (await admin.get(`/api/blade-system/menu/role-tree-keys?roleIds=${ADMIN_ROLE}`)).body.data;
  const res = await admin.post('/api/blade-system/role/grant', {
    roleIds: [ADMIN_ROLE],
    menuIds: held.menu,
    dataScopeIds,
    apiScopeIds: held.apiScope,
  });
  expect(res.body).toMatchObject({ success: true });
}

const codes = async () => ((await admin.get(`${A}/list?size=50`)).body.data.records as { apiCode: string }[]).map((r) => r.apiCode);

describe('a resource document’s rows under the data scopes of its menu', () => {
  it('narrows list, detail, submit and remove to the departments or the rows the scope allows', async () => {
    const made = await admin.post(`${A}/submit`, { apiCode: 'ehr.upload', apiName: '健康档案上传', apiUrl: 'https://region.example.cn/a' });
    const id = made.body.data.id as string;
    expect(await codes()).toEqual(['ehr.upload']);

    // 接口管理 is menu 3123. The administrator's department is 2200 (公共卫生科); 2100 is 全科医疗科.
    const scope = { menuId: '3123', resourceCode: 'apimanage_scope' };
    const otherDept = (
      await platform.post('/api/blade-system/data-scope/submit', { ...scope, scopeName: '全科', scopeType: 5, scopeValue: '2100' })
    ).body.data.id as string;
    const ownDept = (await platform.post('/api/blade-system/data-scope/submit', { ...scope, scopeName: '本部门', scopeType: 3 })).body.data
      .id as string;
    const ownRows = (await platform.post('/api/blade-system/data-scope/submit', { ...scope, scopeName: '本人', scopeType: 2 })).body.data
      .id as string;

    await grantDataScopes([otherDept]);
    expect(await codes()).toEqual([]);
    expect((await admin.get(`${A}/detail?id=${id}`)).status).toBe(404);
    const hidden = await admin.post(`${A}/submit`, { id, rowVersion: 1, apiName: '改名' });
    expect([hidden.status, hidden.body.msg]).toEqual([404, '接口不存在']);
    expect((await admin.post(`${A}/remove?ids=${id}`)).status).toBe(404);
    // Uniqueness stays the tenant's: a hidden row's code is still taken.
    expect((await admin.post(`${A}/submit`, { apiCode: 'ehr.upload', apiName: '另一个', apiUrl: 'https://x.cn' })).body.msg).toBe(
      '接口编码已存在',
    );

    await grantDataScopes([ownDept]);
    expect(await codes()).toEqual(['ehr.upload']);
    // Another user's row of the same tenant (written around the app): seen by the department scope, not by "own rows".
    await sql`insert into iph_api_manage (id, tenant_id, api_code, api_name, api_url, create_user)
      values ('9000001', '100001', 'other.rows', '别人的接口', 'https://x.cn', 'someone-else')`.execute(t.deps.db);
    expect(await codes()).toEqual(['ehr.upload']);
    await grantDataScopes([ownRows]);
    expect(await codes()).toEqual(['ehr.upload']);
    expect((await admin.get(`${A}/detail?id=${id}`)).body.data).toMatchObject({ apiName: '健康档案上传', rowVersion: 1 });

    // Without a data scope on the menu the role sees the whole tenant again; nothing hidden was changed.
    await grantDataScopes([]);
    expect(await codes()).toEqual(['ehr.upload', 'other.rows']);
    expect((await admin.get(`${A}/detail?id=${id}`)).body.data).toMatchObject({ apiName: '健康档案上传', rowVersion: 1 });
  });
});
