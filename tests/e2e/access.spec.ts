import { expect, test, type Page } from '@playwright/test';
import { login, PASSWORD, shot } from './support';

// Issue 17: access in the browser matches access on the server, and the small shell defects.
const sider = (page: Page) => page.locator('.ant-layout-sider');
const FORBIDDEN = '抱歉，您无权访问此页面。';

test('a doctor opening an administration URL gets the 403 page, inside the shell', async ({ page }) => {
  await login(page, 'doctor');
  for (const path of ['/system/param/index', '/dict-horizontal/index', '/system/form/index']) {
    await page.goto(path);
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
    await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
  }
  // The sidebar stays, to go elsewhere; 返回首页 goes home.
  await expect(sider(page).getByRole('menuitem', { name: '居民健康档案' })).toBeVisible();
  await expect(page.locator('.ant-result-403')).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'access-403');
  await page.getByRole('button', { name: /返回首页/ }).click();
  await expect(page).toHaveURL(/\/home\/index$/);
  // A page the menus grant still opens.
  await page.goto('/publichealthwork/index');
  await expect(page.getByRole('button', { name: '新增档案' })).toBeVisible();
  await expect(page.getByText(FORBIDDEN)).toHaveCount(0);
});

test('buttons follow the role: the nurse may not cancel archives, disease control may not open them, the administrator edits parameters', async ({
  page,
}) => {
  // The doctor holds 新增档案 and 注销档案.
  await login(page, 'doctor');
  await page.goto('/publichealthwork/index');
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(firstRow).toBeVisible();
  await expect(firstRow.getByText(/^(注销|恢复)$/)).toHaveCount(1);

  // The nurse holds 新增档案 but not 注销档案 (the server refuses her userarchives/cancel).
  await login(page, 'nurse');
  await page.goto('/publichealthwork/index');
  await expect(page.getByRole('button', { name: '新增档案' })).toBeVisible();
  await expect(firstRow).toBeVisible();
  await expect(firstRow.getByText('查看')).toBeVisible();
  await expect(page.locator('.ant-table-tbody').getByText(/^(注销|恢复)$/)).toHaveCount(0);
  await shot(page, 'access-nurse-archives');

  // Disease control holds no 居民健康档案: no menu, and the URL is a 403, as on the server.
  await login(page, 'cdc');
  await expect(sider(page).getByRole('menuitem', { name: '居民健康档案' })).toHaveCount(0);
  await page.goto('/publichealthwork/index');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
  await expect(page.getByRole('button', { name: '新增档案' })).toHaveCount(0);

  // The administrator adds and edits parameters.
  await login(page, 'admin');
  await page.goto('/system/param/index');
  await expect(page.getByRole('button', { name: /新\s*增/ })).toBeVisible();
  await expect(
    page
      .locator('.ant-table-tbody')
      .getByRole('button', { name: /编\s*辑/ })
      .first(),
  ).toBeVisible();
});

test('menu search has the focus when it opens and finds a menu by a part in the middle of its name', async ({ page }) => {
  await login(page, 'doctor');
  await page.getByRole('button', { name: '搜索菜单' }).first().click();
  const field = page.getByPlaceholder('输入菜单名称、路径或编码');
  await expect(field).toBeFocused();
  // Typed straight away, without clicking the field first.
  await page.keyboard.type('健康档');
  await expect(page.getByRole('option')).toHaveText([/居民健康档案/]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/publichealthwork\/index$/);
});

test('a refused login empties the captcha, loads a new one and shows the error once', async ({ page }) => {
  // The test server runs without captcha (playwright.config.ts); this page is told it is on, as a
  // production server says, while the real token call still refuses the wrong password.
  await page.route('**/api/blade-auth/oauth/login-config', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, captchaMode: true } } });
  });
  let captchas = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/blade-auth/oauth/captcha')) captchas += 1;
  });

  await page.goto('/login');
  const captcha = page.getByLabel('验证码', { exact: true });
  await expect(captcha).toBeVisible();
  await expect.poll(() => captchas).toBe(1);
  await page.getByLabel('租户编号').fill('100001');
  await page.getByLabel('账号').fill('nurse');
  await page.getByLabel('密码').fill(`${PASSWORD}x`);
  await captcha.fill('1234');
  await page.getByRole('button', { name: /登\s*录/ }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  const text = (await alert.textContent()) ?? '';
  expect(text.length).toBeGreaterThan(0);
  await expect(captcha).toHaveValue('');
  await expect.poll(() => captchas).toBe(2);
  // Once: no toast repeats the inline message.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await expect(page.getByText(text, { exact: true })).toHaveCount(1);
  await expect(page.getByLabel('账号')).toHaveValue('nurse');
  await shot(page, 'access-login-refused');
});

test('the platform administrator is told the platform keeps no residents; the app has a favicon', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByLabel('租户编号').fill('000000');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await page.goto('/publichealthwork/index');
  await expect(page.getByText('平台机构不保存居民档案')).toBeVisible();
  await expect(page.getByText(/切换机构/).first()).toBeVisible();
  await expect(page.locator('.ant-table')).toHaveCount(0);
  await shot(page, 'access-platform-archives');

  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', '/favicon.svg');
  const svg = await request.get('/favicon.svg');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect(await svg.text()).not.toMatch(/<script|on\w+=/i);
});
