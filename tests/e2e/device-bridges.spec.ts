import { expect, test } from '@playwright/test';
import { login, shot } from './support';

// The devices beside the browser (src/bridges, decision 0039). 读卡 on the new-archive form asks the
// clinic's ID-card reader service, named by the system parameter idCardReaderUrl; this journey plays
// that service at the network layer (page.route), answering as its vendor's does — a card, or no card
// on the reader — so the production bundle runs unchanged. The server's CSP lets the page call the
// service's origin because playwright.config.ts sets DEVICE_SERVICE_ORIGINS, as a clinic's setup does.
test.use({ viewport: { width: 1366, height: 768 } });

const SERVICE = 'http://127.0.0.1:19196';
const CARD = {
  certNumber: '441622196207080038',
  partyName: '陈国栋',
  gender: '男',
  bornDay: '19620708',
  certAddress: '广东省河源市源城区文明路12号',
  nation: '汉',
};

test('读卡 fills the new-archive form from the card; no card says 请放身份证 and keeps what was typed', async ({ page, browser }) => {
  // The administrator names the reader's service for the institution (系统参数).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, 'admin');
  const token = (await adminContext.cookies()).find((c) => c.name === 'saber-access-token')?.value;
  const saved = await adminPage.request.post('/api/blade-system/systemparam/submit', {
    headers: { 'Blade-Auth': `bearer ${token}` },
    data: { paramName: '身份证读卡服务地址', paramKey: 'idCardReaderUrl', paramValue: SERVICE },
  });
  const body = (await saved.json()) as { success: boolean; msg: string };
  expect(body.success, body.msg).toBe(true);
  await adminContext.close();

  // The reader's local service: a card on it, until the test takes it off.
  let answer: object = { code: 0, msg: '读卡成功', data: CARD };
  const asked: string[] = [];
  await page.route(`${SERVICE}/**`, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ json: answer, headers: { 'access-control-allow-origin': '*' } });
  });

  await login(page, 'doctor');
  await page.goto('/publichealthwork/index');
  await page.getByRole('button', { name: '新增档案' }).click();
  const add = page.getByRole('dialog');
  await add.getByRole('button', { name: /读\s*卡/ }).click();
  await expect(page.getByText('读卡成功')).toBeVisible();
  expect(asked).toEqual([`${SERVICE}/readcard`]);
  await expect(add.getByLabel('身份证号', { exact: true })).toHaveValue(CARD.certNumber);
  await expect(add.getByLabel('姓名', { exact: true })).toHaveValue('陈国栋');
  await expect(add.getByLabel('出生日期', { exact: true })).toHaveValue('1962-07-08');
  await expect(add.getByTitle('男')).toBeVisible();
  await expect(add.getByLabel('现住址', { exact: true })).toHaveValue(CARD.certAddress);
  // The form's rules ran on the card's number as on typing: the age is theirs.
  await expect(add.getByLabel('年龄', { exact: true })).not.toHaveValue('');
  await shot(page, 'device-bridges-read-card');
  await add.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(page.getByText('读卡成功')).toBeHidden();

  // No card on the reader: the spec's message, and what the doctor typed stays.
  answer = { code: 1, msg: '请放身份证' };
  await page.getByRole('button', { name: '新增档案' }).click();
  const again = page.getByRole('dialog');
  await again.getByLabel('姓名', { exact: true }).fill('周新');
  await again.getByRole('button', { name: /读\s*卡/ }).click();
  await expect(page.locator('.ant-message-notice').getByText('请放身份证')).toBeVisible();
  await expect(again.getByLabel('姓名', { exact: true })).toHaveValue('周新');
  await expect(again.getByLabel('身份证号', { exact: true })).toHaveValue('');
  await page.waitForTimeout(400); // the toast's entry animation, for the screenshot only
  await shot(page, 'device-bridges-no-card');
});
