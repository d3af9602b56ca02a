// A resource document with a separate `update` access (岗位管理: 新增 post_add, 修改 post_edit): a role
// granted one button may do that one only — a create without post_add or a change without post_edit
// is a 403 and the table is as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const P = '/api/blade-system/post';
const ADMIN_ROLE = '2201';
const POST_ADD = '3923';
const POST_EDIT = '3924';

/** Gives the administrators' role its menus less `without`, keeping its data and api scopes. */
async function grantWithout(without: string) {
  const held = (await admin.get(`/api/blade-system/menu/role-tree-keys?roleIds=${ADMIN_ROLE}`)).body.data;
  const menuIds = [...new Set([...(held.menu as string[]), POST_ADD, POST_EDIT])].filter((id) => id !== without);
  const res = await admin.post('/api/blade-system/role/grant', {
    roleIds: [ADMIN_ROLE],
    menuIds,
    dataScopeIds: held.dataScope,
    apiScopeIds: held.apiScope,
  });
  expect(res.body).toMatchObject({ success: true });
}

const names = async () => ((await admin.get(`${P}/list?size=50`)).body.data.records as { postName: string }[]).map((r) => r.postName);

describe('a resource document whose update needs its own button', () => {
  it('lets 新增 create only and 修改 change only', async () => {
    const made = await admin.post(`${P}/submit`, { category: 2, postCode: 'qa', postName: '质控员', sort: 1 });
    expect(made.body).toMatchObject({ msg: '新增成功', data: { categoryName: '中层', rowVersion: 1 } });
    const id = made.body.data.id as string;

    await grantWithout(POST_EDIT);
    const change = await admin.post(`${P}/submit`, { id, rowVersion: 1, category: 2, postCode: 'qa', postName: '改名', sort: 1 });
    expect(change.status).toBe(403);
    expect(await names()).toEqual(['质控员']);
    expect((await admin.post(`${P}/submit`, { category: 4, postCode: 'qa2', postName: '第二个', sort: 2 })).body.msg).toBe('新增成功');

    await grantWithout(POST_ADD);
    expect((await admin.post(`${P}/submit`, { category: 4, postCode: 'qa3', postName: '第三个', sort: 3 })).status).toBe(403);
    const changed = await admin.post(`${P}/submit`, { id, rowVersion: 1, category: 3, postCode: 'qa', postName: '改名', sort: 1 });
    expect(changed.body).toMatchObject({ msg: '修改成功', data: { categoryName: '基层', rowVersion: 2 } });
    expect(await names()).toEqual(['改名', '第二个']);
  });
});
