import { expect, test, type Page } from '@playwright/test';
import { fillLogin as login, shot } from './support';

const sider = (page: Page) => page.locator('.ant-layout-sider');
const tabs = (page: Page) => page.locator('.shell-tab-bar .ant-tabs-tab');

test('a doctor works in the shell: menus as tabs, close others, menu search, lock, language, theme', async ({ page }) => {
  await login(page, 'doctor');
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page).toHaveTitle('首页 - 智慧公卫工作系统');
  await expect(sider(page).getByRole('menuitem', { name: '任务中心' })).toBeVisible();
  // The doctor's role has no system menus: the server filters them and the sidebar shows none.
  await expect(sider(page).getByText('系统管理')).toHaveCount(0);
  await expect(page.getByTestId('top-bar-name')).toHaveText('张伟');
  await shot(page, 'shell-home');

  // Three menus open three tabs (a page not built yet says what it will hold).
  await sider(page).getByRole('menuitem', { name: '居民健康档案' }).click();
  await expect(page).toHaveURL(/\/publichealthwork\/index$/);
  await expect(tabs(page)).toHaveText(['首页', '居民健康档案']);
  await sider(page).getByRole('menuitem', { name: '任务中心' }).click();
  await expect(page.getByTestId('due-tab-overdue')).toBeVisible();
  await expect(tabs(page)).toHaveCount(3);
  await sider(page).getByRole('menuitem', { name: '健康教育' }).click();
  await expect(page).toHaveTitle('健康教育 - 智慧公卫工作系统');
  await expect(tabs(page)).toHaveText(['首页', '居民健康档案', '任务中心', '健康教育']);
  await shot(page, 'shell-three-tabs');

  // Back on the first tab the kept-alive home page is still there; then close others from 任务中心.
  await tabs(page).filter({ hasText: '首页' }).click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await tabs(page).filter({ hasText: '任务中心' }).click();
  await expect(page).toHaveURL(/\/task\/user_followup\/index$/);
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(tabs(page)).toHaveText(['首页', '任务中心']);

  // Clear cache asks first, then says it is done.
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '清除缓存' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('是否需要清除缓存?');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('清除完毕');

  // Menu search: by any part of the name; choosing opens the route; Esc closes.
  await page.getByRole('button', { name: '搜索菜单' }).first().click();
  // 提交状态: a part only 随访提交状态 has (随访 alone now also finds 随访报告).
  await page.getByPlaceholder('输入菜单名称、路径或编码').fill('提交状态');
  await expect(page.getByRole('option')).toHaveText([/随访提交状态/]);
  await page.waitForTimeout(400);
  await shot(page, 'shell-menu-search');
  await page.getByRole('option', { name: '随访提交状态' }).click();
  await expect(page).toHaveURL(/\/home\/morefollowupstatus$/);
  await page.getByRole('button', { name: '搜索菜单' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Lock: the first time asks for a lock password, which may not be empty.
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await dialog.getByLabel('锁屏密码').fill('1234');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/lock$/);
  // Locked means locked: every other page sends back here, even after a reload.
  await page.goto('/task/user_followup/index');
  await expect(page).toHaveURL(/\/lock$/);
  await page.getByLabel('锁屏密码').fill('9999');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page.getByText('锁屏密码不正确')).toBeVisible();
  // Let the form's message finish sliding in before the picture.
  await page.waitForTimeout(400);
  await shot(page, 'shell-lock');
  await page.getByLabel('锁屏密码').fill('1234');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page).toHaveURL(/\/home\/morefollowupstatus$/);

  // Language: the shell, the tabs and the title follow; and back.
  await page.locator('.ant-layout-header').getByText('English').click();
  await expect(tabs(page).first()).toHaveText('Home');
  await expect(page.getByRole('button', { name: 'Lock' })).toBeVisible();
  await expect(page).toHaveTitle('Follow-up submission status - Smart Public Health Work System');
  await shot(page, 'shell-english');
  await page.locator('.ant-layout-header').getByText('中文').click();
  await expect(tabs(page).first()).toHaveText('首页');

  // Theme: the picker offers 11 themes; dark applies at once and is remembered.
  await page.getByRole('button', { name: '主题' }).click();
  const themes = page.getByRole('dialog', { name: '选择' });
  await expect(themes.getByRole('radio')).toHaveCount(11);
  await themes.getByRole('radio', { name: '黑色主题' }).click();
  await page.waitForTimeout(300);
  await shot(page, 'shell-theme-dialog');
  await themes.getByRole('button', { name: 'Close' }).click();
  await expect(themes).toBeHidden();
  await shot(page, 'shell-dark');
  await page.reload();
  await expect(page.locator('.ant-layout-sider')).toHaveCSS('background-color', 'rgb(20, 20, 20)');

  // Logout asks first, then ends the session.
  await page.getByRole('button', { name: '退出系统' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home/index');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user with two departments switches department from the top bar', async ({ page }) => {
  await login(page, 'multi');
  const choice = page.getByRole('dialog', { name: '请选择部门和角色' });
  await choice.getByLabel('部门').click();
  await page.locator('.ant-select-item-option[title="全科医疗科"]').click();
  await choice.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await sider(page).getByRole('menuitem', { name: '任务中心' }).click();
  await expect(tabs(page)).toHaveCount(2);

  const dept = page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: '部门' }) });
  await expect(dept).toContainText('全科医疗科');
  await dept.click();
  await page.locator('.ant-select-item-option[title="公共卫生科"]').click();
  // Re-logged in: home, tabs cleared, the new department shown after the reload.
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(dept).toContainText('公共卫生科');
  await expect(tabs(page)).toHaveText(['首页']);
  await expect(sider(page).getByRole('menuitem', { name: '任务中心' })).toBeVisible();
  await shot(page, 'shell-switched-dept');
});

test('an administrator sees the organisation switch; a detail page renders without the shell', async ({ page }) => {
  await login(page, 'admin');
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(sider(page).getByText('系统管理')).toBeVisible();
  // Top menu: the fixed home entry and the server's three top menus; a narrow window folds them into 更多.
  const topMenu = page.locator('.ant-layout-header .ant-menu-horizontal');
  await expect(topMenu.getByRole('menuitem', { name: /质控统计/ })).toBeVisible();
  await page.setViewportSize({ width: 1100, height: 768 });
  await expect(topMenu.getByText('更多')).toBeVisible();
  await topMenu.getByText('更多').hover();
  await expect(page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
  await shot(page, 'shell-narrow-more');
  await page.setViewportSize({ width: 1366, height: 768 });
  // Choosing a top menu opens its page and narrows the sidebar to its menus.
  await topMenu.getByRole('menuitem', { name: /系统管理/ }).click();
  await expect(page).toHaveURL(/\/dict-horizontal\/index$/);
  await expect(sider(page).getByRole('menuitem', { name: /参数管理/ })).toBeVisible();
  await expect(sider(page).getByRole('menuitem', { name: /任务中心/ })).toHaveCount(0);
  // Right-clicking a tab offers the tab actions; close all returns to the home tab.
  await tabs(page).filter({ hasText: '业务字典' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(tabs(page)).toHaveText(['首页']);
  await topMenu.getByRole('menuitem', { name: /首页/ }).click();
  await expect(sider(page).getByRole('menuitem', { name: /任务中心/ })).toBeVisible();
  await page.getByRole('button', { name: '切换机构' }).click();
  const dialog = page.getByRole('dialog', { name: '切换机构' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('请选择机构');
  await dialog.locator('.ant-select').click();
  // The current organisation is listed but disabled.
  await expect(page.locator('.ant-select-item-option-disabled')).toBeVisible();
  await expect(page.locator('.ant-select-item-option-disabled')).toContainText('源城区示范社区卫生服务中心');
  await expect(page.locator('.ant-select-item-option')).toHaveCount(3);
  await shot(page, 'shell-org-switch');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // The debug-log badge opens the full-screen 日志 dialog; the name leads to the profile page.
  await page.getByRole('button', { name: '日志' }).click();
  const log = page.getByRole('dialog', { name: '日志' });
  await expect(log).toBeVisible();
  // Wait for the opening animation: a click while the dialog still zooms in can miss the close button.
  await page.waitForTimeout(400);
  await log.getByRole('button', { name: 'Close' }).click();
  await expect(log).toBeHidden();
  await page.getByTestId('top-bar-name').click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(tabs(page)).toHaveText(['首页', '个人信息']);
  await shot(page, 'shell-profile');

  await page.goto('/publichealthwork/maternal/record?id=1');
  await expect(page.locator('[data-layout="detail"]')).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await expect(tabs(page)).toHaveText(['孕产妇详情']);
  await shot(page, 'shell-detail-layout');
  await tabs(page).locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/publichealthwork\/index$/);
});
