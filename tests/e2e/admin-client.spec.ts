import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, PASSWORD, shot, TENANT } from './support';

// 应用管理 (/system/client/index) is a CRUD document (schemas/crud/client.crud.json) whose dialog is the
// form document schemas/adminclient.json. The server makes a client's secret, keeps only its hash and
// answers it once: on creation, and when an edit chooses 重置密钥 (org/services/client-admin.ts).

const PLATFORM = '000000';
const dialog = (page: Page) => page.getByRole('dialog');
const secretNotice = (page: Page) => page.locator('.ant-modal-confirm');
const CLIENT = `e2e_kiosk_${Date.now() % 1_000_000}`;

/** The secret in the 应用 … 的密钥：… notice, which is then closed. */
async function readSecret(page: Page): Promise<string> {
  const text = await secretNotice(page).locator('.ant-modal-confirm-content').innerText();
  const secret = /的密钥：([A-Za-z0-9_-]+)（/.exec(text)?.[1];
  expect(secret, text).toBeTruthy();
  await secretNotice(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  return secret as string;
}

/** Signs the nurse in through this client, as its app would: oauth/token with the client's Basic credentials, the md5 of the password. */
const loginThrough = (request: APIRequestContext, secret: string) =>
  request.post('/api/blade-auth/oauth/token', {
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT}:${secret}`).toString('base64')}`, 'tenant-id': TENANT },
    params: {
      tenantId: TENANT,
      username: 'nurse',
      password: createHash('md5').update(PASSWORD).digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });

test('应用管理: a new client’s secret is shown once; 重置密钥 replaces it, and only the new one signs in', async ({ page, request }) => {
  await login(page, 'admin', PLATFORM);
  await page.goto('/system/client/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  // A new client has no secret to keep: 重置密钥 is not offered.
  await expect(dialog(page).getByText('重置密钥')).toHaveCount(0);
  await dialog(page).getByLabel('应用ID').fill(CLIENT);
  await dialog(page).getByRole('combobox', { name: '授权类型' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'password（' }).click();
  // A multiple choice stays open after a pick; a click on the title closes it (it covers 保存).
  await dialog(page).getByText('新增', { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await dialog(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(secretNotice(page)).toContainText(`应用 ${CLIENT} 的密钥：`);
  const first = await readSecret(page);
  expect((await (await loginThrough(request, first)).json()).account).toBe('nurse');

  // Edit it and choose 生成新密钥.
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(CLIENT) });
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(dialog(page).getByText('重置密钥')).toBeVisible();
  await dialog(page)
    .getByRole('radio', { name: /生成新密钥/ })
    .check();
  await shot(page, 'admin-client-reset-secret');
  await dialog(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(secretNotice(page)).toContainText(`应用 ${CLIENT} 的密钥：`);
  await shot(page, 'admin-client-secret-shown');
  const second = await readSecret(page);
  expect(second).not.toBe(first);
  expect((await loginThrough(request, first)).status()).toBe(401);
  expect((await (await loginThrough(request, second)).json()).account).toBe('nurse');

  // Clean up: the client is removed (the server refuses the seeded saber, never this one).
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  await row.getByRole('checkbox').check();
  await page
    .getByRole('button', { name: /删\s*除/ })
    .first()
    .click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('删除成功');
});
