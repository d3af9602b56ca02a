import { expect, test, type Route } from '@playwright/test';
import { simulatedReaderService, type IdCardData } from '../../src/bridges/id-card-reader';
import { simulatedSignatureService } from '../../src/bridges/signature-device';
import { residentIdCard } from './id-card';
import { apiAs, apiWithToken, fileResident, login, shot, tokenOf } from './support';
import { setSystemParam } from './system-params';

// The devices beside the browser (src/bridges, decision 0039). 读卡 on the new-archive form asks the
// clinic's ID-card reader service, named by the system parameter idCardReaderUrl; the 签名板 mode of
// 电子签名 polls the pen pad's service (signatureDeviceUrl). This journey plays both services at the
// network layer (page.route) with the simulators of src/bridges — the same code the unit tests read
// through the HTTP bridges — so the production bundle runs unchanged. The server's CSP lets the page
// call the services' origins because playwright.config.ts sets DEVICE_SERVICE_ORIGINS, as a clinic's
// setup does.
test.use({ viewport: { width: 1366, height: 768 } });

const SERVICE = 'http://127.0.0.1:19196';
const PAD_SERVICE = 'http://127.0.0.1:19197';
const CARD: IdCardData = {
  idCard: '441622196207080038',
  name: '陈国栋',
  sex: '1',
  birthday: '1962-07-08',
  address: '广东省河源市源城区文明路12号',
  nation: '汉',
};

/** A simulated service's answer as the page receives it (the services allow any origin). */
const fulfil = (route: Route, answer: { status: number; body: unknown }) =>
  route.fulfill({ status: answer.status, json: answer.body, headers: { 'access-control-allow-origin': '*' } });

test('读卡 fills the new-archive form from the card and it is saved as the archive; no card says 请放身份证 and keeps what was typed', async ({
  page,
  request,
}) => {
  // The administrator names the reader's service for the institution (系统参数).
  await setSystemParam(request, 'idCardReaderUrl', '身份证读卡服务地址', SERVICE);

  // The reader's local service: a card on it, until the test takes it off.
  const reader = simulatedReaderService({ card: CARD });
  const asked: string[] = [];
  await page.route(`${SERVICE}/**`, async (route) => {
    asked.push(route.request().url());
    await fulfil(route, reader.answer(new URL(route.request().url()).pathname));
  });

  await login(page, 'doctor');
  await page.goto('/publichealthwork/index');
  await page.getByRole('button', { name: '新增档案' }).click();
  const add = page.getByRole('dialog');
  await add.getByRole('button', { name: /读\s*卡/ }).click();
  await expect(page.getByText('读卡成功')).toBeVisible();
  expect(asked).toEqual([`${SERVICE}/readcard`]);
  await expect(add.getByLabel('身份证号', { exact: true })).toHaveValue(CARD.idCard);
  await expect(add.getByLabel('姓名', { exact: true })).toHaveValue('陈国栋');
  await expect(add.getByLabel('出生日期', { exact: true })).toHaveValue('1962-07-08');
  await expect(add.getByTitle('男')).toBeVisible();
  await expect(add.getByLabel('现住址', { exact: true })).toHaveValue(CARD.address);
  // The form's rules ran on the card's number as on typing: the age is theirs.
  await expect(add.getByLabel('年龄', { exact: true })).not.toHaveValue('');
  await shot(page, 'device-bridges-read-card');
  // Saved as read: the archive list finds the resident by the card's number, the number masked as
  // the doctor's role sees it.
  await add.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(add).toBeHidden();
  await page.goto('/publichealthwork/index');
  await page.getByLabel('身份证号', { exact: true }).fill(CARD.idCard);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const found = page.locator('.ant-table-row');
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText('陈国栋');
  await expect(found.first()).toContainText(`${CARD.idCard.slice(0, 3)}***********${CARD.idCard.slice(-4)}`);
  await expect(found.first().getByRole('cell', { name: '男', exact: true })).toBeVisible();
  await shot(page, 'device-bridges-read-card-saved');

  // No card on the reader: the spec's message, and what the doctor typed stays.
  reader.put(undefined);
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

test('快速建档 in its own window reads the card at once; the saved archive opens', async ({ page, request }) => {
  await setSystemParam(request, 'idCardReaderUrl', '身份证读卡服务地址', SERVICE);
  const card = { ...CARD, idCard: residentIdCard('1962-07-08', true), name: '林快建' };
  const reader = simulatedReaderService({ card });
  await page.route(`${SERVICE}/**`, (route) => fulfil(route, reader.answer(new URL(route.request().url()).pathname)));

  await login(page, 'doctor');
  await page.goto('/window/publichealthwork/addarchivefast');
  const add = page.getByRole('dialog');
  await expect(add.getByLabel('身份证号', { exact: true })).toHaveValue(card.idCard);
  await expect(add.getByLabel('姓名', { exact: true })).toHaveValue('林快建');
  await page.waitForTimeout(400); // the dialog's and the toast's entry animations, for the screenshot only
  await shot(page, 'device-bridges-add-archive-fast');
  await add.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/publichealthwork\/detail\/healtharchive\?arch_id=/);
  await expect(page.getByText('林快建').first()).toBeVisible();
});

/** A signature as the pad sends it: two strokes, 0–1 of its surface, the pen lifted between them. */
const PEN_STROKES = [
  ...Array.from({ length: 40 }, (_, i) => ({ x: 0.1 + i * 0.018, y: 0.55 - Math.sin(i / 4) * 0.25, pressure: 0.7 })),
  { x: 0.82, y: 0.55, pressure: 0 },
  ...Array.from({ length: 15 }, (_, i) => ({ x: 0.35 + i * 0.01, y: 0.2 + i * 0.045, pressure: 0.6 })),
  { x: 0.5, y: 0.85, pressure: 0 },
];

test('电子签名 in 签名板 mode: the pen pad’s ink is drawn on the canvas and its confirm key signs', async ({ page, request }) => {
  await login(page, 'admin');
  await setSystemParam(request, 'signatureDeviceUrl', '签名板服务地址', PAD_SERVICE);
  const api = await apiAs(page.context(), request);
  // A pack of this attempt's own (a retry must not meet the first attempt's code or name).
  const packName = `签名板签约服务包${Date.now().toString(36)}`;
  await api.post('servicepack/submit', { packCode: `E2E-PAD-${Date.now().toString(36)}`, packName, packType: '1', price: 60, status: 1 });
  // A resident of 张伟's team, filed for this attempt (no other journey's contract on it).
  const resident = await fileResident(
    apiWithToken(request, await tokenOf(request, 'doctor')),
    `签名板居民${Date.now().toString(36).slice(-4)}`,
    '1971-02-03',
    false,
  );

  // The pad's local service: initialised, the ink handed out as it is drawn, the confirm key when the test presses it.
  const padService = simulatedSignatureService();
  const asked: string[] = [];
  await page.route(`${PAD_SERVICE}/**`, async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.pathname);
    await fulfil(route, padService.answer(url.pathname + url.search));
  });

  await page.goto(`/publichealthwork/detail/familydoctorsigning?arch_id=${resident.id}`);
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('sign-agreement') });
  await page.getByTestId('contract-sign').click();
  await dialog.getByRole('combobox', { name: '服务包' }).click();
  await page.locator('.ant-select-item-option', { hasText: packName }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /^生\s*成\s*协\s*议$/ }).click();
  const preview = dialog.getByTestId('agreement-preview');
  await expect(preview).toContainText('待签约');

  await dialog.getByRole('button', { name: /^电\s*子\s*签\s*名$/ }).click();
  const pad = page.getByRole('dialog').filter({ has: page.getByTestId('signature-pad') });
  await pad.getByText('签名板', { exact: true }).click();
  await expect(pad).toContainText('请居民在签名板上签名，按签名板的确认键提交、清除键重签');
  expect(asked[0]).toBe('/initialise');
  await expect.poll(() => padService.initialised()).toBe(true);
  // The resident signs: two strokes, handed out to the page's ink polls as they come.
  padService.draw(PEN_STROKES.slice(0, 41));
  await expect.poll(() => padService.pendingInk()).toBe(0);
  padService.draw(PEN_STROKES.slice(41));
  await expect.poll(() => padService.pendingInk()).toBe(0);
  await page.waitForTimeout(300); // the last batch drawn
  await shot(page, 'device-bridges-pen-pad');

  padService.press(1); // 确认 on the pad
  await expect(pad).toBeHidden();
  await expect(preview.getByTestId('signature-image')).toBeVisible();
  await expect.poll(() => asked.at(-1)).toBe('/uninitialise');
  expect(padService.initialised()).toBe(false);
});
