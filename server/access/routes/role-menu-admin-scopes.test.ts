// Menus, top menus, data scopes and api scopes (issue 21 §2; spec 002 §7): the platform's rows,
// what tenants may do with them, and that scopes actually restrict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let nurse: Caller;
let cdc: Caller;
let otherAdmin: Caller;
let platform: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  nurse = await loginAs(t.app, 'nurse');
  cdc = await loginAs(t.app, 'cdc');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
  platform = await loginAs(t.app, 'admin', '000000');
});
afterAll(() => t.close());

type Node = { id: string; code?: string; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const ids = (nodes: Node[]) => flat(nodes).map((n) => n.id);
const codes = (nodes: Node[]) => flat(nodes).map((n) => n.code);
/** Grants `extra` on top of what the role holds now (a grant replaces everything). */
async function grantMore(by: Caller, roleId: string, extra: { menuIds?: string[]; dataScopeIds?: string[]; apiScopeIds?: string[] }) {
  const held = (await by.get(`/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`)).body.data;
  const res = await by.post('/api/blade-system/role/grant', {
    roleIds: [roleId],
    menuIds: [...held.menu, ...(extra.menuIds ?? [])],
    dataScopeIds: extra.dataScopeIds ?? held.dataScope,
    apiScopeIds: extra.apiScopeIds ?? held.apiScope,
  });
  expect(res.body).toMatchObject({ success: true });
}

describe('menus', () => {
  it('reads as trees, levels and pickers', async () => {
    const list = await admin.get('/api/blade-system/menu/list');
    const system = list.body.data.find((m: Node) => m.id === '3100');
    expect(system).toMatchObject({ code: 'system', name: '系统管理', hasChildren: true, parentName: '顶级' });
    expect(codes(list.body.data)).toContain('user_add'); // buttons too
    expect(codes((await admin.get('/api/blade-system/menu/menu-list')).body.data)).not.toContain('user_add');
    expect(codes((await admin.get('/api/blade-system/menu/list?name=用户')).body.data)).toEqual(['user']);

    const top = await admin.get('/api/blade-system/menu/lazy-list');
    expect(top.body.data.map((m: Node) => m.id)).toContain('3100');
    expect(top.body.data.every((m: { parentId: string }) => m.parentId === '0')).toBe(true);
    const users = (await admin.get('/api/blade-system/menu/lazy-list?parentId=3105')).body.data;
    expect(users.map((m: Node) => m.code)).toEqual([
      'user_add',
      'user_edit',
      'user_delete',
      'user_reset',
      'user_unlock',
      'user_role',
      'user_import',
      'user_export',
    ]);
    const lazyMenus = (await admin.get('/api/blade-system/menu/lazy-menu-list?parentId=3100')).body.data;
    expect(lazyMenus.find((m: Node) => m.id === '3105')).toMatchObject({ hasChildren: false });
    expect((await admin.get('/api/blade-system/menu/lazy-list?parentId=3100')).body.data.find((m: Node) => m.id === '3105')).toMatchObject({
      hasChildren: true,
    });

    const tree = await admin.get('/api/blade-system/menu/tree?tenantId=100001');
    expect(tree.body.data.find((n: Node) => n.id === '3100')).toMatchObject({ title: '系统管理', key: '3100', value: '3100' });
    expect(ids(tree.body.data)).not.toContain('3905');
    expect((await admin.get('/api/blade-system/menu/detail?id=3105')).body.data).toMatchObject({
      code: 'user',
      parentName: '系统管理',
      rowVersion: 1,
    });
    expect((await admin.get('/api/blade-system/menu/detail?id=1')).status).toBe(404);
    expect((await doctor.get('/api/blade-system/menu/list')).status).toBe(403);
  });

  it('are written by the platform administrator only; a grant shows a new menu to the role; removing takes it away', async () => {
    const body = { parentId: '3008', code: 'report_link', name: '慢病报表', alias: 'menu', path: '/report/chronic', category: 1, sort: 1 };
    expect((await admin.post('/api/blade-system/menu/submit', body)).status).toBe(403);
    expect((await otherAdmin.post('/api/blade-system/menu/submit', body)).status).toBe(403);
    expect((await platform.post('/api/blade-system/menu/submit', { ...body, code: 'home' })).body.msg).toBe('菜单编号已存在!');
    expect((await platform.post('/api/blade-system/menu/submit', { ...body, parentId: '0', category: 2 })).body.msg).toBe(
      '按钮必须选择上级菜单',
    );
    // The dialog's own rules (rules/adminmenu.rules.json), checked by the server with the same document.
    expect((await platform.post('/api/blade-system/menu/submit', { ...body, alias: '' })).body.msg).toBe('请输入菜单别名');
    expect((await platform.post('/api/blade-system/menu/submit', { ...body, category: undefined })).body.msg).toBe('请选择菜单类型');
    expect((await platform.post('/api/blade-system/menu/submit', { ...body, code: '9report' })).body.msg).toBe(
      '菜单编号只能包含字母、数字和下划线，并以字母开头',
    );
    const created = await platform.post('/api/blade-system/menu/submit', body);
    expect(created.body).toMatchObject({ success: true, msg: '新增成功' });
    const id = created.body.data.id as string;

    expect((await platform.post('/api/blade-system/menu/submit', { ...body, id, name: '慢病统计' })).status).toBe(428);
    expect((await platform.post('/api/blade-system/menu/submit', { ...body, id, name: '慢病统计', rowVersion: 1 })).body.msg).toBe(
      '修改成功',
    );
    const stale = await platform.post('/api/blade-system/menu/submit', { ...body, id, name: '旧', rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data.rowVersion).toBe(2);

    // The tenant administrator may grant it (it is not 租户管理); the cdc role then sees it.
    expect(ids((await admin.get('/api/blade-system/menu/grant-tree')).body.data.menu)).toContain(id);
    await grantMore(admin, '2205', { menuIds: [id] });
    expect(codes((await cdc.get('/api/blade-system/menu/routes')).body.data)).toContain('report_link');

    expect((await platform.post('/api/blade-system/menu/remove?ids=3008')).body.msg).toBe('请先删除子节点!');
    expect((await admin.post(`/api/blade-system/menu/remove?ids=${id}`)).status).toBe(403);
    expect((await platform.post(`/api/blade-system/menu/remove?ids=${id}`)).body).toMatchObject({ success: true, msg: '删除成功' });
    expect(codes((await cdc.get('/api/blade-system/menu/routes')).body.data)).not.toContain('report_link');
    expect((await admin.get('/api/blade-system/menu/role-tree-keys?roleIds=2205')).body.data.menu).not.toContain(id);
    expect((await admin.get(`/api/blade-system/menu/detail?id=${id}`)).status).toBe(404);
  });
});

describe('top menus', () => {
  it('are kept by the platform; grant decides which menus a top menu groups for every role', async () => {
    expect((await admin.post('/api/blade-system/topmenu/submit', { code: 'reports', name: '报表' })).status).toBe(403);
    const created = await platform.post('/api/blade-system/topmenu/submit', {
      code: 'reports',
      name: '报表',
      source: 'bar-chart',
      sort: 4,
    });
    expect(created.body.msg).toBe('新增成功');
    const id = created.body.data.id as string;
    expect((await platform.post('/api/blade-system/topmenu/submit', { code: 'reports', name: '重复', sort: 5 })).body.msg).toBe(
      '顶部菜单编号已存在',
    );
    expect((await platform.post('/api/blade-system/topmenu/submit', { id, code: 'reports', name: '报表中心', sort: 4 })).status).toBe(428);
    // The dialog's own rules (rules/admintopmenu.rules.json), checked by the server with the same document.
    expect((await platform.post('/api/blade-system/topmenu/submit', { code: 'charts', sort: 5 })).body.msg).toBe('请输入菜单名');
    expect((await platform.post('/api/blade-system/topmenu/submit', { name: '图表', sort: 5 })).body.msg).toBe('请输入菜单编号');
    expect((await platform.post('/api/blade-system/topmenu/submit', { code: 'charts', name: '图表' })).body.msg).toBe('请输入排序');
    expect(
      (await platform.post('/api/blade-system/topmenu/submit', { id, code: 'reports', name: '报表中心', sort: 4, rowVersion: 1 })).body.msg,
    ).toBe('修改成功');

    expect((await cdc.get('/api/blade-system/menu/top-menu')).body.data.map((m: { code: string }) => m.code)).not.toContain('reports');
    expect((await admin.post('/api/blade-system/topmenu/grant', { topMenuIds: [id], menuIds: ['3008'] })).status).toBe(403);
    expect((await platform.post('/api/blade-system/topmenu/grant', { topMenuIds: [id], menuIds: ['3008'] })).body.success).toBe(true);
    expect((await cdc.get('/api/blade-system/menu/top-menu')).body.data.map((m: { code: string }) => m.code)).toContain('reports');
    expect(codes((await cdc.get(`/api/blade-system/menu/routes?topMenuId=${id}`)).body.data)).toEqual(['statisticalreport']);

    expect((await admin.get(`/api/blade-system/menu/top-tree-keys?topMenuIds=${id}`)).body.data).toEqual({ menu: ['3008'] });
    const tree = (await admin.get('/api/blade-system/menu/grant-top-tree')).body.data;
    expect(ids(tree.menu)).toContain('3008');
    expect(ids(tree.menu)).not.toContain('3905');
    const list = await admin.get('/api/blade-system/topmenu/list?name=报表');
    expect(list.body.data).toMatchObject({ total: 1, records: [{ id, name: '报表中心', rowVersion: 2 }] });
    expect((await admin.get(`/api/blade-system/topmenu/detail?id=${id}`)).body.data).toMatchObject({ code: 'reports', menuIds: ['3008'] });
    expect((await doctor.get('/api/blade-system/topmenu/list')).status).toBe(403);

    const syn = await platform.post(`/api/blade-system/topmenu/syn-top-menu?ids=${id}&tenantIds=100001,100002`);
    expect(syn.body).toMatchObject({ success: true, data: { copied: 0, tenantIds: ['100001', '100002'] } });
    expect((await platform.post(`/api/blade-system/topmenu/syn-top-menu?ids=${id}&tenantIds=999999`)).status).toBe(404);
    expect((await admin.post(`/api/blade-system/topmenu/syn-top-menu?ids=${id}&tenantIds=100001`)).status).toBe(403);

    expect((await admin.post(`/api/blade-system/topmenu/remove?ids=${id}`)).status).toBe(403);
    expect((await platform.post(`/api/blade-system/topmenu/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await cdc.get('/api/blade-system/menu/top-menu')).body.data.map((m: { code: string }) => m.code)).not.toContain('reports');
  });
});

describe('data scopes', () => {
  const accounts = async (who: Caller) =>
    ((await who.get('/api/blade-user/page?size=100')).body.data.records as { account: string }[]).map((u) => u.account).sort();

  it('are the platform’s; granted on 用户管理 they narrow blade-user/page for that role', async () => {
    const scope = { menuId: '3105', scopeName: '本机构用户', scopeType: 3, resourceCode: 'user' };
    expect((await admin.post('/api/blade-system/data-scope/submit', scope)).status).toBe(403);
    // A type the dialog does not offer: its field message (rules/admindatascope.rules.json via the same document).
    expect((await platform.post('/api/blade-system/data-scope/submit', { ...scope, scopeType: 7 })).body.msg).toBe('规则类型数值异常');
    const dept = (await platform.post('/api/blade-system/data-scope/submit', scope)).body.data.id as string;
    const own = (await platform.post('/api/blade-system/data-scope/submit', { ...scope, scopeName: '仅本人', scopeType: 2 })).body.data
      .id as string;

    const list = await admin.get('/api/blade-system/data-scope/list?scopeName=本');
    expect(list.body.data.records.map((s: Node) => s.id).sort()).toEqual([dept, own].sort());
    expect((await admin.get(`/api/blade-system/data-scope/detail?id=${dept}`)).body.data).toMatchObject({
      scopeType: 3,
      scopeTypeName: '所在机构可见',
      menuId: '3105',
    });
    expect((await doctor.get('/api/blade-system/data-scope/list')).status).toBe(403);
    expect(ids((await admin.get('/api/blade-system/menu/grant-tree')).body.data.dataScope)).toEqual(
      expect.arrayContaining(['3100', '3105', dept, own]),
    );

    const everyone = await accounts(admin);
    expect(everyone).toEqual(expect.arrayContaining(['admin', 'cdc', 'doctor', 'leader', 'multi', 'nurse']));
    // The administrator's department is 2200 (公共卫生科): admin, and multi (2100 and 2200).
    await grantMore(admin, '2201', { dataScopeIds: [dept] });
    expect((await admin.get('/api/blade-system/menu/role-tree-keys?roleIds=2201')).body.data.dataScope).toEqual([dept]);
    expect(await accounts(admin)).toEqual(['admin', 'multi']);
    await grantMore(admin, '2201', { dataScopeIds: [own] });
    expect(await accounts(admin)).toEqual(['admin']);
    // Another tenant's administrator holds no scope: unchanged.
    expect((await accounts(otherAdmin)).length).toBeGreaterThan(1);

    await platform.post('/api/blade-system/data-scope/submit', { ...scope, id: own, scopeName: '全部', scopeType: 1, rowVersion: 1 });
    expect(await accounts(admin)).toEqual(everyone);
    expect((await admin.post(`/api/blade-system/data-scope/remove?ids=${own}`)).status).toBe(403);
    expect((await platform.post(`/api/blade-system/data-scope/remove?ids=${own},${dept}`)).body.msg).toBe('删除成功');
    expect((await admin.get('/api/blade-system/menu/role-tree-keys?roleIds=2201')).body.data.dataScope).toEqual([]);
    expect(await accounts(admin)).toEqual(everyone);
  });
});

describe('the data scope dialog, checked by the server with its own document (schemas/admindatascope.json)', () => {
  const scope = { menuId: '3105', scopeName: '指定机构用户', scopeType: 5, resourceCode: 'user_listed' };
  const listed = async () =>
    ((await platform.get('/api/blade-system/data-scope/list?size=100')).body.data.records as { resourceCode: string }[]).filter(
      (s) => s.resourceCode === 'user_listed',
    );

  it('refuses what the dialog refuses, with its message, and saves nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...scope, resourceCode: ' ' }, '请输入权限编号'],
      [{ ...scope, scopeName: '' }, '请输入权限名称'],
      [{ ...scope, scopeType: undefined }, '请选择规则类型'],
      // 自定义 needs the departments (规则值 is shown and required only then).
      [scope, '自定义数据权限请填写机构编号'],
    ];
    for (const [body, msg] of refusals) {
      const res = await platform.post('/api/blade-system/data-scope/submit', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await listed()).toEqual([]);
  });

  it('saves a valid one; the 规则值 of another type is not kept; a doctor and a tenant administrator are refused', async () => {
    const made = await platform.post('/api/blade-system/data-scope/submit', { ...scope, scopeValue: '2100, 2200' });
    expect(made.body).toMatchObject({ success: true, msg: '新增成功' });
    const id = made.body.data.id as string;
    expect((await platform.get(`/api/blade-system/data-scope/detail?id=${id}`)).body.data).toMatchObject({
      scopeType: 5,
      scopeValue: '2100,2200',
      scopeColumn: 'dept_id',
    });
    const changed = await platform.post('/api/blade-system/data-scope/submit', {
      ...scope,
      id,
      scopeType: 2,
      scopeValue: '2100',
      rowVersion: 1,
    });
    expect(changed.body).toMatchObject({ success: true, msg: '修改成功' });
    expect((await platform.get(`/api/blade-system/data-scope/detail?id=${id}`)).body.data).toMatchObject({ scopeType: 2, scopeValue: '' });
    for (const caller of [admin, doctor]) {
      expect((await caller.post('/api/blade-system/data-scope/submit', { ...scope, id, scopeType: 1, rowVersion: 2 })).status).toBe(403);
    }
    expect(await listed()).toHaveLength(1);
    expect((await platform.post(`/api/blade-system/data-scope/remove?ids=${id}`)).body.msg).toBe('删除成功');
  });
});

describe('api scopes', () => {
  it('refuse a covered path to every role not granted the scope', async () => {
    const scope = {
      menuId: '3001',
      resourceCode: 'notice_api',
      scopeName: '通知接口',
      scopePath: '/api/blade-desk/notice/**',
      scopeType: 2,
    };
    // The dialog's own rules (rules/adminapiscope.rules.json), checked by the server with the same document.
    expect((await platform.post('/api/blade-system/api-scope/submit', { ...scope, resourceCode: '' })).body.msg).toBe('请输入权限编号');
    expect((await platform.post('/api/blade-system/api-scope/submit', { ...scope, scopePath: ' ' })).body.msg).toBe('请输入权限路径');
    expect((await platform.post('/api/blade-system/api-scope/submit', { ...scope, scopeType: undefined })).body.msg).toBe('请选择接口类型');
    expect((await admin.post('/api/blade-system/api-scope/submit', scope)).status).toBe(403);
    expect((await platform.post('/api/blade-system/api-scope/submit', { ...scope, scopePath: '/blade-system/**' })).body.msg).toBe(
      '接口权限不能覆盖登录、角色、菜单和权限管理的接口',
    );
    expect((await platform.post('/api/blade-system/api-scope/submit', { ...scope, scopePath: 'no slash' })).status).toBe(400);
    expect((await nurse.get('/api/blade-desk/notice/list')).status).toBe(200);
    const id = (await platform.post('/api/blade-system/api-scope/submit', scope)).body.data.id as string;

    // Covered now: refused to everyone until granted.
    expect((await nurse.get('/api/blade-desk/notice/list')).status).toBe(403);
    expect((await doctor.get('/api/blade-desk/notice/list')).status).toBe(403);
    await grantMore(admin, '2202', { apiScopeIds: [id] });
    expect((await doctor.get('/api/blade-desk/notice/list')).status).toBe(200);
    expect((await nurse.get('/api/blade-desk/notice/list')).status).toBe(403);
    // Other paths are not covered.
    expect((await nurse.get('/api/blade-system/menu/routes')).status).toBe(200);

    expect((await admin.get('/api/blade-system/api-scope/list')).body.data.records).toMatchObject([
      { id, scopePath: '/api/blade-desk/notice/**' },
    ]);
    expect((await admin.get(`/api/blade-system/api-scope/detail?id=${id}`)).body.data).toMatchObject({ scopeName: '通知接口' });
    expect(ids((await admin.get('/api/blade-system/menu/grant-tree')).body.data.apiScope)).toEqual(expect.arrayContaining(['3001', id]));
    // Narrowed to one path: the rest of notice opens again.
    await platform.post('/api/blade-system/api-scope/submit', { ...scope, id, scopePath: '/blade-desk/notice/detail', rowVersion: 1 });
    expect((await nurse.get('/api/blade-desk/notice/list')).status).toBe(200);
    expect((await nurse.get('/api/blade-desk/notice/detail?id=1')).status).toBe(403);
    expect((await doctor.get('/api/blade-desk/notice/detail?id=1')).status).toBe(404);

    expect((await platform.post(`/api/blade-system/api-scope/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await nurse.get('/api/blade-desk/notice/detail?id=1')).status).toBe(404);
    expect((await doctor.post(`/api/blade-system/api-scope/remove?ids=${id}`)).status).toBe(403);
  });
});
