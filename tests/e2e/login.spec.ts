import { expect, test } from '@playwright/test';
import { fillLogin, PASSWORD, shot } from './support';

test('a doctor logs in, sees who and where they are, and logs out', async ({ page }) => {
  await fillLogin(page, 'doctor', PASSWORD);
  await expect(page).toHaveURL(/\/home\/index$/);
  // The home card, not the top bar's role dropdown, names the role and the institution.
  const main = page.getByRole('main');
  await expect(main.getByText('源城区示范社区卫生服务中心')).toBeVisible();
  await expect(main.getByText('医生', { exact: true })).toBeVisible();
  await shot(page, 'home');

  // The token lives in a cookie: a reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/home\/index$/);

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  // Logged out means the guarded page sends us back to the login page.
  await page.goto('/home/index');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the server’s own message and stays on the login page', async ({ page }) => {
  await fillLogin(page, 'nurse', 'Wrong@2026x');
  await expect(page.getByRole('alert')).toHaveText('用户名或密码不正确');
  await expect(page).toHaveURL(/\/login/);
  // The form is usable again at once, with what was typed kept, so the user can correct and retry.
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeEnabled();
  await expect(page.getByLabel('账号')).toHaveValue('nurse');
  await shot(page, 'login-error');
});
