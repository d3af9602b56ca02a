import { expect, test, type Page } from '@playwright/test';
import { login as loginHome, PASSWORD, shot } from './support';

async function login(page: Page, account: string) {
  await loginHome(page, account);
  // The shell (and SessionWatch inside it) mounts once the user's menus and defaults are loaded.
  await expect(page.getByTestId('top-bar-name')).toBeVisible();
}

/**
 * The idle logout is tested with Playwright's fake browser clock, not with a shortened
 * keepOnlineTime: the production build then carries no test-only switch at all, and the real
 * 20-minute default is what is exercised.
 */
test('idle: the warning appears 120 s before the logout, activity dismisses it, silence logs out', async ({ page }) => {
  await page.clock.install();
  await login(page, 'doctor');
  const warning = page.getByRole('alert').filter({ hasText: '秒后将退出系统' });
  await expect(warning).toHaveCount(0);
  // Jumping 18 minutes would time out calls still on their way (axios' 120 s timer): let them land.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-layout-sider').getByRole('menuitem', { name: '任务中心' })).toBeVisible();

  await page.clock.fastForward('18:01');
  await expect(warning).toHaveText(/^长时间未操作系统,1[01]\d秒后将退出系统$/);
  await shot(page, 'session-idle-warning');

  // Being back (mouse) takes the warning away and starts the 20 minutes again.
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 340);
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward('17:00');
  await expect(page).toHaveURL(/\/home\/index$/);

  await page.clock.fastForward('03:05');
  await expect(page).toHaveURL(/\/login$/);
});

test('error log: an uncaught rejection is queued, listed in the 日志 dialog, cleared after confirmation; the queue is sent every 10 s', async ({
  page,
}) => {
  // The log service answers only when the test says so: until then the queue stays for the test to look at.
  const held: (() => Promise<void>)[] = [];
  await page.route('**/api/blade-log/web/saveLogs', (route) => {
    held.push(() => route.continue());
  });
  await login(page, 'doctor');
  const queued = () => page.evaluate(() => localStorage.getItem('saber-errorLog') ?? '');
  await page.evaluate(() => {
    void Promise.reject(new Error('e2e: unhandled rejection'));
  });
  await expect.poll(queued).toContain('e2e: unhandled rejection');
  await page.getByRole('button', { name: '日志' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('e2e: unhandled rejection')).toBeVisible();
  // The stack is under the row's expander.
  await dialog.locator('.ant-table-row-expand-icon').first().click();
  await expect(dialog.getByText(/Error: e2e: unhandled rejection\s+at/)).toBeVisible();
  await page.waitForTimeout(400); // the dialog's opening zoom, so the screenshot shows it settled
  await shot(page, 'session-error-log');

  // Within 10 s the queue is on its way (held); once the server answers, it is emptied.
  await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(held).toHaveLength(1);
  await held[0]?.();
  await expect(dialog.getByText('e2e: unhandled rejection')).toHaveCount(0);
  await expect.poll(queued).toBe('[]');

  // Clear asks first and confirms with 清空成功.
  await page.evaluate(() => {
    void Promise.reject(new Error('e2e: second one'));
  });
  await expect(dialog.getByText('e2e: second one', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '清空本地日志' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('清空成功');
  await expect(dialog.getByText('e2e: second one', { exact: true })).toHaveCount(0);
});

test('profile /info/index: tabs, the spec’s messages, and the login log', async ({ page }) => {
  await login(page, 'doctor');
  await page.goto('/info/index');
  const phone = page.getByLabel('手机号码', { exact: true });
  await expect(phone).toHaveValue('13800000002');
  await shot(page, 'profile-info');

  await phone.fill('1380000');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.fr-msg', { hasText: '手机号码长度不为11位' })).toBeVisible();
  await phone.fill('13800000002');
  await page.getByLabel('在线保持时长', { exact: true }).fill('45');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message')).toContainText('修改成功');

  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByLabel('原密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('新密码', { exact: true }).fill('weakpass');
  await page.getByLabel('确认密码', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.fr-msg', { hasText: '设置密码最小长度为8位，密码由数字、大小字母和特殊字符组合而成' })).toBeVisible();
  await shot(page, 'profile-password');

  await page.getByRole('tab', { name: '修改平台信息' }).click();
  await page.getByRole('button', { name: /添加平台账号/ }).click();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请选择用户平台')).toBeVisible();
  await expect(page.getByText('请输入授权码')).toBeVisible();
  await shot(page, 'profile-platform');

  await page.getByRole('tab', { name: '授权信息' }).click();
  await expect(page.getByRole('cell', { name: 'doctor', exact: true })).toBeVisible();
  await shot(page, 'profile-authorisation');

  await page.getByRole('tab', { name: '登录日志' }).click();
  await expect(page.getByRole('cell', { name: '成功' }).first()).toBeVisible();
  await shot(page, 'profile-login-log');
});
