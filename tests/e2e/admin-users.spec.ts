import { expect, test, type Page } from '@playwright/test';
import { fillLogin, login, shot } from './support';

// 用户管理 (/system/user/index) is schemas/crud/user.crud.json rendered by the generic page: no
// screen code of its own. The journey needs blade-user/submit and grant (server/users/routes/user-admin.ts),
// role/tree and dept/tree for the dialog's choices, and menu/routes for the new user's sidebar.

const sider = (page: Page) => page.locator('.ant-layout-sider');
const dialog = (page: Page) => page.getByRole('dialog');
const FORBIDDEN = '抱歉，您无权访问此页面。';
const ACCOUNT = `e2e${Date.now() % 1_000_000}`;
const PASSWORD = 'Clerk@2026x';

/** The sidebar's menu names, top level and below, as the signed-in user sees them. */
async function sidebarMenus(page: Page): Promise<string[]> {
  await expect(sider(page).getByRole('menuitem').first()).toBeVisible();
  const names = await sider(page).getByRole('menuitem').allInnerTexts();
  return names.map((n) => n.trim()).sort();
}

/** Picks an option of a select field of the open dialog. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  await page.keyboard.press('Escape');
}

test('an administrator creates a user, assigns a role, and the user sees exactly that role’s menus', async ({ page, browser }) => {
  // Three sign-ins and two dialogs: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  // What a doctor sees: the role the new user will be given.
  const doctorPage = await (await browser.newContext()).newPage();
  await login(doctorPage, 'doctor');
  const doctorMenus = await sidebarMenus(doctorPage);
  await doctorPage.context().close();

  await login(page, 'admin');
  await page.goto('/system/user/index');
  await expect(page.getByRole('row', { name: /doctor/ })).toBeVisible();
  await shot(page, 'admin-user-list');

  // 新增: the dialog form document's messages first, then a valid user.
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page)).toBeVisible();
  // The form is mounted (its fields and the 账号状态 start value) before 保存 is pressed.
  await expect(dialog(page).getByRole('radio', { name: '正常' })).toBeChecked();
  await dialog(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入登录账号', '请输入用户姓名', '请选择所属角色', '请选择所属部门']);
  await dialog(page).getByLabel('登录账号').fill(ACCOUNT);
  await dialog(page).getByLabel('密码').fill(PASSWORD);
  await dialog(page).getByLabel('用户姓名').fill('测试随访员');
  await choose(page, '所属角色', '护士');
  await choose(page, '所属部门', '全科医疗科');
  await shot(page, 'admin-user-dialog');
  await dialog(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  const row = page.getByRole('row', { name: new RegExp(ACCOUNT) });
  await expect(row).toBeVisible();

  // 角色配置: the doctor's role instead of the nurse's.
  await row.getByRole('button', { name: '角色配置' }).click();
  await expect(dialog(page)).toBeVisible();
  const roles = dialog(page).getByRole('combobox', { name: '角色' });
  // Clear the nurse's role, then choose the doctor's.
  await dialog(page).locator('.ant-select-selection-item-remove').first().click();
  await roles.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '医生' }).first().click();
  await page.keyboard.press('Escape');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('操作成功');
  await expect(row).toContainText('医生');

  // The new user signs in and sees the doctor's menus, no more and no fewer.
  const userPage = await (await browser.newContext()).newPage();
  await fillLogin(userPage, ACCOUNT, PASSWORD);
  await expect(userPage).toHaveURL(/\/home\/index$/);
  expect(await sidebarMenus(userPage)).toEqual(doctorMenus);
  await expect(sider(userPage).getByText('系统管理')).toHaveCount(0);
  await userPage.context().close();
});

test('a doctor opening 用户管理 gets the 403 page', async ({ page }) => {
  await login(page, 'doctor');
  await page.goto('/system/user/index');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
  await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  // No tab for the refused screen (issue 17): the bar keeps 首页 alone, and it leads home.
  await expect(page).toHaveTitle(/^无权访问/);
  await expect(page.locator('.shell-tab-bar [data-tab]')).toHaveText(['首页']);
  await expect(page.locator('[data-tab="/system/user/index"]')).toHaveCount(0);
  await page.locator('[data-tab="/home/index"]').click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page.locator('.shell-tab-bar [data-tab]')).toHaveText(['首页']);
});

test('the administration screens as the administrator sees them: a tree, a dialog and a log viewer', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/system/role/index');
  await expect(page.getByRole('button', { name: /^新\s*增$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /医生/ }).first()).toBeVisible();
  await shot(page, 'admin-role-tree');
  await page.getByRole('row', { name: /医生/ }).first().getByRole('button', { name: '权限设置' }).click();
  await expect(dialog(page).getByRole('tab', { name: '菜单权限' })).toBeVisible();
  await expect(dialog(page).getByRole('treeitem', { name: /居民健康档案/ })).toBeVisible();
  await shot(page, 'admin-role-grant');
  await page.keyboard.press('Escape');

  await page.goto('/system/dept/index');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page).getByLabel('机构名称')).toBeVisible();
  await dialog(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入机构名称', '请输入机构全称', '请选择机构类型', '请输入排序']);
  await shot(page, 'admin-dept-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/monitor/log/api');
  await expect(page.getByRole('columnheader', { name: '请求接口' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody')).toBeVisible();
  await expect(page.getByRole('button', { name: /^新\s*增$/ })).toHaveCount(0);
  await shot(page, 'admin-log-api');

  // A lazy tree: the provinces, each row's children loaded when it is expanded.
  await page.goto('/system/region/index');
  await expect(page.getByRole('columnheader', { name: '区划名称' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody')).toBeVisible();
  await shot(page, 'admin-region-tree');

  // The language switch: the document's English title and labels; the spec's own wording stays.
  await page.goto('/system/user/index');
  await page.locator('.ant-layout-header').getByText('English').click();
  await expect(page.getByRole('columnheader', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Users/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /doctor/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toBeVisible();
  await shot(page, 'admin-user-list-en');
});
