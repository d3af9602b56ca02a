// Roles, their grants and what a grant changes for the role's users (issue 21 §2; spec 002 §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { roleMenus } from '../../seed/seed-data';
import {
  DeptOption,
  MenuNode,
  MenuView,
  RoleOption,
  RoleSelectRow,
  RoleView,
  ScopeView,
  TeamOption,
  TopMenuAdminView,
  TopMenuView,
} from '../../../src/shared/contract/access';

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let nurse: Caller;
let otherAdmin: Caller;
let platform: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  nurse = await loginAs(t.app, 'nurse');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
  platform = await loginAs(t.app, 'admin', '000000');
});
afterAll(() => t.close());

type Node = { id: string; code?: string; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const ids = (nodes: Node[]) => flat(nodes).map((n) => n.id);
const codes = (nodes: Node[]) => flat(nodes).map((n) => n.code);

const fieldsOf = (schema: { properties: object }) => Object.keys(schema.properties).sort();
const keysOf = (value: object) => Object.keys(value).sort();

describe('the contract (src/shared/contract/access.ts)', () => {
  it('the shell’s menu calls answer exactly the contract’s fields', async () => {
    const routes = (await doctor.get('/api/blade-system/menu/routes')).body.data as MenuNode[];
    expect(routes.length).toBeGreaterThan(0);
    const withoutChildren = fieldsOf(MenuNode).filter((f) => f !== 'children');
    for (const node of flat(routes) as MenuNode[]) {
      expect(keysOf(node)).toEqual(node.children ? fieldsOf(MenuNode) : withoutChildren);
    }
    const buttons = (await admin.get('/api/blade-system/menu/buttons')).body.data as MenuNode[];
    for (const node of flat(buttons) as MenuNode[]) expect(keysOf(node)).toEqual(node.children ? fieldsOf(MenuNode) : withoutChildren);
    const tops = (await admin.get('/api/blade-system/menu/top-menu')).body.data as object[];
    for (const top of tops) expect(keysOf(top)).toEqual(fieldsOf(TopMenuView));
    for (const [path, schema] of [
      ['deptSelect', DeptOption],
      ['roleSelect', RoleOption],
      ['teamSelect', TeamOption],
    ] as const) {
      const rows = (await doctor.get(`/api/blade-system/menu/${path}`)).body.data as object[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(keysOf(row)).toEqual(fieldsOf(schema));
    }
  });

  it('the administration calls answer exactly the contract’s fields', async () => {
    const roles = flat((await admin.get('/api/blade-system/role/list')).body.data) as { children?: unknown }[];
    const roleFields = fieldsOf(RoleView);
    for (const role of roles) expect(keysOf(role)).toEqual(role.children ? roleFields : roleFields.filter((f) => f !== 'children'));
    for (const row of (await admin.get('/api/blade-system/role/select')).body.data) expect(keysOf(row)).toEqual(fieldsOf(RoleSelectRow));
    const menus = (await platform.get('/api/blade-system/menu/lazy-list')).body.data as { id: string }[];
    const menuFields = fieldsOf(MenuView).filter((f) => f !== 'children');
    for (const menu of menus) expect(keysOf(menu)).toEqual(menuFields);
    expect(keysOf((await platform.get(`/api/blade-system/menu/detail?id=${menus[0]!.id}`)).body.data)).toEqual(menuFields);
    const tops = (await platform.get('/api/blade-system/topmenu/list')).body.data.records as { id: string }[];
    for (const top of tops) expect(keysOf(top)).toEqual(fieldsOf(TopMenuAdminView));
    const scopeCommon = fieldsOf(ScopeView).filter((f) => !['scopeColumn', 'scopeValue', 'scopeTypeName', 'scopePath'].includes(f));
    const dataScopes = (await platform.get('/api/blade-system/data-scope/list')).body.data.records as object[];
    for (const row of dataScopes) expect(keysOf(row)).toEqual([...scopeCommon, 'scopeColumn', 'scopeValue', 'scopeTypeName'].sort());
    const apiScopes = (await platform.get('/api/blade-system/api-scope/list')).body.data.records as object[];
    for (const row of apiScopes) expect(keysOf(row)).toEqual([...scopeCommon, 'scopePath'].sort());
  });
});

describe('role reads', () => {
  it('list, tree and select show the caller tenant’s roles; another tenant’s are not there', async () => {
    const list = await admin.get('/api/blade-system/role/list');
    expect(list.status).toBe(200);
    expect(ids(list.body.data)).toEqual(expect.arrayContaining(['2201', '2202', '2203', '2204', '2205']));
    expect(ids(list.body.data)).not.toContain('3201');
    expect(flat(list.body.data).find((r) => r.id === '2202')).toMatchObject({ roleName: '医生', roleAlias: 'doctor', rowVersion: 1 });
    const named = await admin.get('/api/blade-system/role/list?roleName=医');
    expect(ids(named.body.data)).toEqual(['2202']);

    const tree = await admin.get('/api/blade-system/role/tree');
    expect(tree.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: '2201', title: '管理员', key: '2201', value: '2201' })]),
    );
    const select = await admin.get('/api/blade-system/role/select?roleId=2202,2203');
    expect(select.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['doctor', 'nurse']);

    // Only the platform administrator reads another tenant's roles.
    expect((await otherAdmin.get('/api/blade-system/role/tree?tenantId=100001')).status).toBe(403);
    const fromPlatform = await platform.get('/api/blade-system/role/tree?tenantId=100001');
    expect(ids(fromPlatform.body.data)).toContain('2201');
    expect(ids((await platform.get('/api/blade-system/role/list?tenantId=100002')).body.data)).toEqual(['3201', '3202']);
    expect((await doctor.get('/api/blade-system/role/list')).status).toBe(403);
  });

  it('a role given 用户管理 but not 角色管理 reads the role names its user dialog offers, and nothing more of roles', async () => {
    const keys = (await admin.get('/api/blade-system/menu/role-tree-keys?roleIds=2203')).body.data as Record<string, string[]>;
    expect((await nurse.get('/api/blade-system/role/tree')).status).toBe(403);
    const grant = (menuIds: string[]) =>
      admin.post('/api/blade-system/role/grant', { roleIds: ['2203'], menuIds, dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope });
    expect((await grant([...keys.menu!, '3100', '3105'])).body.success).toBe(true);
    try {
      const tree = await nurse.get('/api/blade-system/role/tree');
      expect(tree.status).toBe(200);
      expect(ids(tree.body.data)).toContain('2202');
      expect((await nurse.get('/api/blade-system/role/list')).status).toBe(403);
    } finally {
      expect((await grant(keys.menu!)).body.success).toBe(true);
    }
  });
});

describe('role submit and remove', () => {
  it('creates under a parent, needs the rowVersion to change (428, 409 stale), and stays in its tenant', async () => {
    const created = await admin.post('/api/blade-system/role/submit', {
      roleName: '随访员',
      roleAlias: 'followup_clerk',
      parentId: '2202',
      sort: 9,
    });
    expect(created.body).toMatchObject({ success: true, msg: '新增成功' });
    const id = created.body.data.id as string;
    const byId = await admin.get(`/api/blade-system/role/tree-by-id?roleId=2202`);
    expect(ids(byId.body.data)).toEqual(['2202', id]);

    expect((await admin.post('/api/blade-system/role/submit', { roleName: '重复', roleAlias: 'followup_clerk', sort: 1 })).body.msg).toBe(
      '角色别名已存在',
    );
    expect((await admin.post('/api/blade-system/role/submit', { roleName: '', roleAlias: 'x', sort: 1 })).body.msg).toBe('请输入角色名称');
    // The dialog's own rules (rules/adminrole.rules.json), checked by the server with the same document.
    expect((await admin.post('/api/blade-system/role/submit', { roleName: '随访', roleAlias: '9clerk', sort: 1 })).body.msg).toBe(
      '角色别名只能包含字母、数字和下划线，并以字母开头',
    );
    expect((await admin.post('/api/blade-system/role/submit', { roleName: '随访', roleAlias: 'clerk' })).body.msg).toBe('请输入角色排序');
    expect(
      (
        await admin.post('/api/blade-system/role/submit', {
          id,
          roleName: '随访员',
          roleAlias: 'followup_clerk',
          sort: 1,
          parentId: id,
          rowVersion: 1,
        })
      ).body.msg,
    ).toBe('父节点不可选择自身!');

    const noVersion = await admin.post('/api/blade-system/role/submit', { id, roleName: '随访专员', roleAlias: 'followup_clerk', sort: 1 });
    expect(noVersion.status).toBe(428);
    const changed = await admin.post('/api/blade-system/role/submit', {
      id,
      roleName: '随访专员',
      roleAlias: 'followup_clerk',
      sort: 1,
      rowVersion: 1,
    });
    expect(changed.body).toMatchObject({ success: true, msg: '修改成功' });
    const stale = await admin.post('/api/blade-system/role/submit', {
      id,
      roleName: '随访员2',
      roleAlias: 'followup_clerk',
      sort: 1,
      rowVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toContain('角色已被赵敏于');
    expect(stale.body.data).toMatchObject({ rowVersion: 2, updateUserName: '赵敏' });

    // Another tenant's administrator neither sees nor changes it; a doctor may not write.
    expect(ids((await otherAdmin.get('/api/blade-system/role/list')).body.data)).not.toContain(id);
    const foreign = await otherAdmin.post('/api/blade-system/role/submit', {
      id,
      roleName: '改',
      roleAlias: 'followup_clerk',
      sort: 1,
      rowVersion: 2,
    });
    expect(foreign.status).toBe(404);
    expect((await otherAdmin.post(`/api/blade-system/role/remove?ids=${id}`)).status).toBe(404);
    expect((await doctor.post('/api/blade-system/role/submit', { roleName: '医生2', roleAlias: 'doctor2', sort: 1 })).status).toBe(403);
    expect((await doctor.post(`/api/blade-system/role/remove?ids=${id}`)).status).toBe(403);
    const after = flat((await admin.get('/api/blade-system/role/list')).body.data).find((r) => r.id === id);
    expect(after).toMatchObject({ roleName: '随访专员', rowVersion: 2 });
  });

  it('refuses to remove a role a user holds or one with roles under it; removes a free one', async () => {
    const held = await admin.post('/api/blade-system/role/remove?ids=2203');
    expect(held.status).toBe(400);
    expect(held.body.msg).toBe('角色仍有用户使用，不能删除：护士');
    const parent = (await admin.post('/api/blade-system/role/submit', { roleName: '质控组', roleAlias: 'qc_group', sort: 1 })).body.data
      .id as string;
    const child = (
      await admin.post('/api/blade-system/role/submit', { roleName: '质控员', roleAlias: 'qc_member', sort: 1, parentId: parent })
    ).body.data.id as string;
    expect((await admin.post(`/api/blade-system/role/remove?ids=${parent}`)).body.msg).toBe('请先删除子节点!');
    const removed = await admin.post(`/api/blade-system/role/remove?ids=${parent},${child}`);
    expect(removed.body).toMatchObject({ success: true, msg: '删除成功' });
    expect(ids((await admin.get('/api/blade-system/role/list')).body.data)).not.toContain(parent);
  });
});

describe('role grant', () => {
  it('changes menu/routes, menu/buttons and the route permissions of the role’s users at once', async () => {
    const keys = await admin.get('/api/blade-system/menu/role-tree-keys?roleIds=2203');
    // The care roles' work menus as the seed grants them (the resident-side screens and their buttons among them), in id order.
    expect(keys.body.data).toEqual({
      menu: [...roleMenus['2203']!].sort(),
      dataScope: [],
      apiScope: [],
    });
    expect(codes((await nurse.get('/api/blade-system/menu/buttons')).body.data)).toContain('archive_add');
    expect((await nurse.get('/api/blade-iph-business/commuserarchives/list')).status).toBe(200); // the route grants are now kept

    const granted = await admin.post('/api/blade-system/role/grant', { roleIds: ['2203'], menuIds: ['3001', '3007', '3008'] });
    expect(granted.body).toMatchObject({ success: true, msg: '操作成功' });

    const routes = codes((await nurse.get('/api/blade-system/menu/routes')).body.data);
    expect(routes).toEqual(expect.arrayContaining(['home', 'qualitymanage', 'statisticalreport']));
    expect(routes).not.toContain('publichealthwork');
    expect(codes((await nurse.get('/api/blade-system/menu/buttons')).body.data)).not.toContain('archive_add');
    // The kept grant of 居民健康档案 went with the grant: refused at once, not 5 s later.
    expect((await nurse.get('/api/blade-iph-business/commuserarchives/list')).status).toBe(403);

    // Comma-separated ids work too (BladeX's other way to send them); the grant comes back.
    await admin.post('/api/blade-system/role/grant', { roleIds: '2203', menuIds: '3001,3002,3003,3004,3005,3006,3901' });
    expect((await nurse.get('/api/blade-iph-business/commuserarchives/list')).status).toBe(200);
  });

  it('gives a tenant only what the platform gives tenants, and keeps 系统管理 for the last administrator role', async () => {
    const tree = await admin.get('/api/blade-system/menu/grant-tree');
    expect(Object.keys(tree.body.data)).toEqual(['menu', 'dataScope', 'apiScope']);
    expect(ids(tree.body.data.menu)).toEqual(expect.arrayContaining(['3100', '3105', '3905']));
    expect(ids(tree.body.data.menu)).not.toContain('3110');
    expect(ids(tree.body.data.menu)).not.toContain('3926');
    expect(ids((await platform.get('/api/blade-system/menu/grant-tree')).body.data.menu)).toContain('3110');

    const tenantMenu = await admin.post('/api/blade-system/role/grant', { roleIds: ['2204'], menuIds: ['3001', '3110'] });
    expect(tenantMenu.status).toBe(403);
    expect(tenantMenu.body.msg).toBe('不能授予这些菜单：租户管理');

    const lastAdmin = await admin.post('/api/blade-system/role/grant', { roleIds: ['2201'], menuIds: ['3001', '3002'] });
    expect(lastAdmin.status).toBe(400);
    expect(lastAdmin.body.msg).toBe('不能取消最后一个管理员角色的系统管理权限');
    expect((await admin.get('/api/blade-system/menu/role-tree-keys?roleIds=2201')).body.data.menu).toContain('3100');
    // The whole grant was rolled back: the admin still administers.
    expect((await admin.get('/api/blade-system/role/list')).status).toBe(200);

    expect((await admin.post('/api/blade-system/role/grant', { roleIds: ['2204'], menuIds: ['99999'] })).status).toBe(404);
    expect((await admin.post('/api/blade-system/role/grant', { menuIds: ['3001'] })).body.msg).toBe('请选择角色');
    // Another tenant's roles do not exist for this administrator; a doctor may not grant.
    expect((await otherAdmin.post('/api/blade-system/role/grant', { roleIds: ['2203'], menuIds: ['3001'] })).status).toBe(404);
    expect((await otherAdmin.get('/api/blade-system/menu/role-tree-keys?roleIds=2203')).status).toBe(404);
    expect((await doctor.post('/api/blade-system/role/grant', { roleIds: ['2202'], menuIds: ['3001', '3100'] })).status).toBe(403);
    expect((await doctor.get('/api/blade-system/menu/grant-tree')).status).toBe(403);
  });
});

describe('role sync (syn-role)', () => {
  it('copies a platform role with the menus a tenant may hold; over decides about a match', async () => {
    const created = await platform.post('/api/blade-system/role/submit', { roleName: '审计员', roleAlias: 'auditor', sort: 1 });
    const id = created.body.data.id as string;
    expect((await platform.post('/api/blade-system/role/grant', { roleIds: [id], menuIds: ['3001', '3008', '3110'] })).body.success).toBe(
      true,
    );

    const first = await platform.post(`/api/blade-system/role/syn-role?ids=${id}&tenantIds=100002&over=false`);
    expect(first.body).toMatchObject({ success: true, data: { created: 1, updated: 0, skipped: 0 } });
    const copied = flat((await otherAdmin.get('/api/blade-system/role/list')).body.data).find(
      (r) => (r as { roleAlias?: string }).roleAlias === 'auditor',
    );
    expect(copied).toMatchObject({ roleName: '审计员' });
    expect((await otherAdmin.get(`/api/blade-system/menu/role-tree-keys?roleIds=${copied!.id}`)).body.data.menu).toEqual(['3001', '3008']);
    // The demo tenant was not named: nothing there.
    expect(
      flat((await admin.get('/api/blade-system/role/list')).body.data).some((r) => (r as { roleAlias?: string }).roleAlias === 'auditor'),
    ).toBe(false);

    expect((await platform.post(`/api/blade-system/role/syn-role?ids=${id}&tenantIds=100002&over=false`)).body.data).toEqual({
      created: 0,
      updated: 0,
      skipped: 1,
    });
    await platform.post('/api/blade-system/role/submit', { id, roleName: '审计专员', roleAlias: 'auditor', sort: 1, rowVersion: 1 });
    expect((await platform.post('/api/blade-system/role/syn-role', { ids: id, tenantIds: '100002', over: 'true' })).body.data).toEqual({
      created: 0,
      updated: 1,
      skipped: 0,
    });
    expect(flat((await otherAdmin.get('/api/blade-system/role/list')).body.data).find((r) => r.id === copied!.id)).toMatchObject({
      roleName: '审计专员',
    });

    expect((await platform.post('/api/blade-system/role/syn-role?ids=2201&tenantIds=100002')).body.msg).toBe('不能跨租户同步数据');
    expect((await platform.post(`/api/blade-system/role/syn-role?ids=${id}&tenantIds=999999`)).status).toBe(404);
    expect((await admin.post(`/api/blade-system/role/syn-role?ids=${id}&tenantIds=100001`)).status).toBe(403);
  });
});
