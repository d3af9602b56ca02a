import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillLogin, login, shot } from './support';

// 租户管理 (/system/tenant/index), 数据权限 (/authority/datascope/index) and 角色管理 (/system/role/index)
// are CRUD documents (schemas/crud/) rendered by the generic page. Server side: blade-system/tenant/submit
// answers the new institution's administrator and one-time password (org/services/tenant-admin.ts); a data
// scope is a platform row on a menu (role-menu-admin.ts), a tenant administrator grants it to a role
// with role/grant, and blade-user/page narrows the user list by it (access/services/scope-data.ts).

const PLATFORM = '000000';
const sider = (page: Page) => page.locator('.ant-layout-sider');
const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });
const RUN = Date.now() % 1_000_000;

/** Opens 系统管理 in the sidebar and answers the names of the menus under it. */
async function systemMenus(page: Page): Promise<string[]> {
  await sider(page)
    .getByRole('menuitem', { name: /系统管理/ })
    .click();
  const items = sider(page).locator('.ant-menu-sub .ant-menu-item');
  await expect(items.first()).toBeVisible();
  return (await items.allInnerTexts()).map((n) => n.trim()).sort();
}

/** blade-system calls as the signed-in user of a page (support.ts's apiAs serves blade-iph-business). */
async function systemApi(page: Page, request: APIRequestContext) {
  const token = (await page.context().cookies()).find((c) => c.name === 'saber-access-token')?.value;
  expect(token, 'logged in').toBeTruthy();
  const headers = { 'Blade-Auth': `bearer ${token}` };
  const check = async (res: Awaited<ReturnType<APIRequestContext['get']>>, url: string) => {
    const body = (await res.json()) as { success: boolean; msg: string; data: unknown };
    expect(body.success, `${url}: ${body.msg}`).toBe(true);
    return body.data;
  };
  return {
    get: async (url: string) => check(await request.get(`/api/blade-system/${url}`, { headers }), url),
    post: async (url: string, data: unknown) => check(await request.post(`/api/blade-system/${url}`, { headers, data }), url),
  };
}

/** Picks an option of a select field of the open dialog; `search` types into it first (a long, virtual list). */
async function choose(page: Page, label: string, option: string | RegExp, search?: string) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  if (search) await dialog(page).getByRole('combobox', { name: label }).fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test('the platform administrator creates an institution; its administrator signs in with the one-time password', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const name = `e2e测试卫生院${RUN}`;

  // What a tenant administrator of the demo institution sees, and that 租户管理 is not among it.
  const demoAdmin = await (await browser.newContext()).newPage();
  await login(demoAdmin, 'admin');
  const tenantAdminMenus = await systemMenus(demoAdmin);
  expect(tenantAdminMenus).toContain('用户管理');
  expect(tenantAdminMenus).not.toContain('租户管理');
  await demoAdmin.goto('/system/tenant/index');
  await expect(demoAdmin.getByText('抱歉，您无权访问此页面。')).toBeVisible();
  await demoAdmin.context().close();

  await login(page, 'admin', PLATFORM);
  expect(await systemMenus(page)).toContain('租户管理');
  await sider(page).getByRole('menuitem', { name: '租户管理' }).click();
  await expect(page).toHaveURL(/\/system\/tenant\/index$/);
  await expect(page.getByRole('row', { name: /100001/ })).toBeVisible();

  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page).getByLabel('租户名称')).toBeVisible();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入租户名称', '请输入联系人']);
  await dialog(page).getByLabel('租户名称').fill(name);
  await dialog(page).getByLabel('联系人').fill('周院长');
  await dialog(page).getByLabel('联系电话').fill('0762-3380000');
  await shot(page, 'tenant-dialog');
  await save(page).click();

  // The answer's password, shown once in a notice: 账号 admin 的初始密码：…（只显示这一次…）
  const notice = page.locator('.ant-modal-confirm').filter({ hasText: '初始密码' });
  await expect(notice).toBeVisible();
  const text = await notice.locator('.ant-modal-confirm-content').innerText();
  const [, account, password] = /账号 (\S+) 的初始密码：(\S+)（/.exec(text) ?? [];
  expect(account).toBe('admin');
  expect(password).toMatch(/^.{12}$/);
  await shot(page, 'tenant-password');
  await notice.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  const tenantId = (await row.getByRole('cell', { name: /^\d{6}$/ }).innerText()).trim();
  expect(tenantId).toMatch(/^\d{6}$/);

  // The new institution's administrator, in a browser of its own.
  const newAdmin = await (await browser.newContext()).newPage();
  await fillLogin(newAdmin, account!, password!, tenantId);
  await expect(newAdmin).toHaveURL(/\/home\/index$/);
  await expect(newAdmin.locator('.ant-layout-header')).toContainText(name);
  expect(await systemMenus(newAdmin)).toEqual(tenantAdminMenus);
  await shot(newAdmin, 'tenant-new-admin-home');
  // Its 用户管理 holds its own administrator only: no row of another institution.
  await sider(newAdmin).getByRole('menuitem', { name: '用户管理' }).click();
  await expect(newAdmin.getByRole('row', { name: /admin/ })).toHaveCount(1);
  await expect(newAdmin.getByRole('row', { name: /doctor/ })).toHaveCount(0);
  await newAdmin.context().close();

  // Removed again: the run's other journeys share this data folder and its tenant list.
  await row.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('删除成功');
  await expect(row).toHaveCount(0);
});

const LEADER_ROLE = '2204'; // 团队长: 王强 (leader) of 全科医疗科; the seed gives it no 用户管理.
type Keys = { menu?: string[]; dataScope?: string[]; apiScope?: string[] };
type Node = { id: string; title: string; children?: Node[] };
const findNode = (nodes: Node[], title: string): Node | undefined =>
  nodes.map((n) => (n.title === title ? n : findNode(n.children ?? [], title))).find(Boolean);

/** Ticks a node of the open 权限设置 dialog's tab. */
async function tick(page: Page, tab: string, title: string) {
  await dialog(page).getByRole('tab', { name: tab }).click();
  const node = dialog(page)
    .locator('.ant-tabs-tabpane-active .ant-tree-treenode')
    .filter({ has: page.locator(`.ant-tree-title:text-is("${title}")`) });
  await node.locator('.ant-tree-checkbox').click();
  await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
}

/** Gives the 团队长 role back the grants it had (later journeys of the run log in as leader). */
const restoreLeader = (api: Awaited<ReturnType<typeof systemApi>>, before: Keys) =>
  api.post('role/grant', {
    roleIds: [LEADER_ROLE],
    menuIds: before.menu ?? [],
    dataScopeIds: before.dataScope ?? [],
    apiScopeIds: before.apiScope ?? [],
  });

test('a data scope granted to a role narrows its 用户管理 list to its own department', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const scopeName = `本机构用户${RUN}`;

  // 1. The platform administrator defines the scope on 数据权限 (platform rows: only 000000 may write them).
  await login(page, 'admin', PLATFORM);
  await page.goto('/authority/datascope/index');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page).getByLabel('权限名称')).toBeVisible();
  await choose(page, '所属菜单', /^用户管理$/, '用户管理');
  await dialog(page).getByLabel('权限编号').fill(`user_dept_${RUN}`);
  await dialog(page).getByLabel('权限名称').fill(scopeName);
  await choose(page, '规则类型', /^所在机构可见$/);
  await shot(page, 'datascope-dialog');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  const scopeRow = page.getByRole('row', { name: new RegExp(scopeName) });
  await expect(scopeRow).toBeVisible();
  await expect(scopeRow).toContainText('所在机构可见');

  // 2. The demo institution's administrator grants the 团队长 role 用户管理 and that scope.
  const admin = await (await browser.newContext()).newPage();
  await login(admin, 'admin');
  const adminApi = await systemApi(admin, request);
  const before = (await adminApi.get(`menu/role-tree-keys?roleIds=${LEADER_ROLE}`)) as Keys;
  expect(before.dataScope ?? []).toEqual([]);
  const leader = await (await browser.newContext()).newPage();
  try {
    await admin.goto('/system/role/index');
    const leaderRow = admin.getByRole('row', { name: /团队长/ });
    await leaderRow.getByRole('button', { name: '权限设置' }).click();
    await tick(admin, '菜单权限', '用户管理');
    await tick(admin, '数据权限', scopeName);
    const sent = admin.waitForRequest(/\/role\/grant$/);
    await dialog(admin)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(admin.locator('.ant-message')).toContainText('操作成功');
    // The scope goes as its own id: the menus that group it in the tree are no scopes.
    const tree = (await adminApi.get('menu/grant-tree')) as { dataScope: Node[] };
    const scope = findNode(tree.dataScope, scopeName);
    expect(scope, 'the new scope is grantable').toBeTruthy();
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ dataScopeIds: [scope!.id] });
    expect(((await adminApi.get(`menu/role-tree-keys?roleIds=${LEADER_ROLE}`)) as Keys).dataScope).toEqual([scope!.id]);
    // The dialog shows what the role now holds.
    await leaderRow.getByRole('button', { name: '权限设置' }).click();
    await dialog(admin).getByRole('tab', { name: '数据权限' }).click();
    const scopeNode = dialog(admin)
      .locator('.ant-tabs-tabpane-active .ant-tree-treenode')
      .filter({ has: admin.locator(`.ant-tree-title:text-is("${scopeName}")`) });
    await expect(scopeNode.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    await shot(admin, 'role-grant-datascope');
    await admin.keyboard.press('Escape');

    // The administrator's own list (管理员 holds no scope on 用户管理) still holds every department.
    await admin.goto('/system/user/index');
    await expect(admin.getByRole('cell', { name: 'cdc', exact: true })).toBeVisible();
    await expect(admin.getByRole('cell', { name: '疾病预防控制科' }).first()).toBeVisible();

    // 3. The 团队长 of 全科医疗科 now has 用户管理, holding the users of 全科医疗科 only.
    await login(leader, 'leader');
    expect(await systemMenus(leader)).toEqual(['用户管理']);
    await sider(leader).getByRole('menuitem', { name: '用户管理' }).click();
    await expect(leader).toHaveURL(/\/system\/user\/index$/);
    for (const account of ['leader', 'doctor', 'nurse'])
      await expect(leader.getByRole('cell', { name: account, exact: true })).toBeVisible();
    for (const account of ['cdc', 'admin']) await expect(leader.getByRole('cell', { name: account, exact: true })).toHaveCount(0);
    const rows = await leader.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const text of rows) expect(text).toContain('全科医疗科');
    await shot(leader, 'user-list-narrowed');
  } finally {
    await restoreLeader(adminApi, before);
    await leader.context().close();
    await admin.context().close();
  }
  await scopeRow.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('删除成功');
  await expect(scopeRow).toHaveCount(0);
});
