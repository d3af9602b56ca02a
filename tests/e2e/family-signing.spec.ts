import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 家庭一键签约 (server/contracts one-key-sign-contract, src/features/contracts/family-sign-dialog.tsx):
// on a resident's 家庭医生签约 page the doctor opens 家庭一键签约, the family's members without a
// contract are ticked, the terms are the single signing's, the resident signs once on the pad, and
// both members are 已签约 in one batch. Signing them again is refused with the server's message.
// 知情同意书 opens the printed informed consent in the PDF viewer.
test.use({ viewport: { width: 1366, height: 768 } });

const familyDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('family-sign') });
const padDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('signature-pad') });
const button = (scope: ReturnType<Page['getByRole']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s*')}$`) });

interface Archive {
  id: string;
  personName: string;
}

/** The terms' 服务包: the pack made for this journey. */
async function choosePack(page: Page) {
  await familyDialog(page).getByRole('combobox', { name: '服务包' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '家庭签约服务包' }).click();
  await page.keyboard.press('Escape');
}

async function drawSignature(page: Page) {
  const pad = padDialog(page);
  await expect(pad).toBeVisible();
  await page.waitForTimeout(300); // the dialog's opening animation
  const box = (await pad.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + 80, box.y + 150);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) await page.mouse.move(box.x + 80 + i * 15, box.y + 150 - Math.sin(i / 3) * 60, { steps: 2 });
  await page.mouse.up();
  await button(pad, '确认').click();
}

test('a signer signs two family members in one go: both 已签约 in one batch', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  await login(page, 'admin');
  const api = await apiAs(context, request);
  const stamp = Date.now().toString(36).toUpperCase();
  // The catalogue's pack the family is signed on (业务配置 → 服务包).
  await api.post('servicepack/submit', { packCode: `E2E-JT-${stamp}`, packName: '家庭签约服务包', packType: '1', price: 60, status: 1 });
  // Two residents with no contract and no family yet: a householder and a spouse.
  const archives = ((await api.get('commuserarchives/list?current=1&size=40')) as { records: Archive[] }).records;
  const free: Archive[] = [];
  for (const a of [...archives].reverse()) {
    const contracts = (await api.get(`usercontracts/list-contract-by-arch-id?archId=${a.id}`)) as unknown[];
    const family = (await api.get(`userinfomain/family-archives?archId=${a.id}`)) as { family: unknown };
    if (contracts.length === 0 && !family.family) free.push(a);
    if (free.length === 2) break;
  }
  const [head, spouse] = free as [Archive, Archive];
  const family = (await api.post('userfamilyarchives/submit', { familyNo: `FQ-${stamp}`, householderArchId: head.id })) as { id: string };
  await api.post('userfamilyarchivesdts/save-or-update', { familyId: family.id, archId: spouse.id, relation: '10' });

  await page.goto(`/publichealthwork/detail/familydoctorsigning?arch_id=${head.id}`);
  await page.getByTestId('contract-family-sign').click();
  const dialog = familyDialog(page);
  await expect(dialog).toBeVisible();
  const members = dialog.getByTestId('family-sign-members');
  for (const name of [head.personName, spouse.personName]) {
    const row = members.locator('.ant-table-row').filter({ hasText: name });
    await expect(row).toContainText('未签约');
    await expect(row.getByRole('checkbox')).toBeChecked();
  }
  await expect(dialog).toContainText('已选 2 人');
  // The terms: the single signing's form (contractsign), the archive's team and doctor already in.
  await choosePack(page);
  await page.waitForTimeout(300);
  await shot(page, 'family-sign-dialog');
  await button(dialog, '签名并一键签约').click();
  await drawSignature(page);
  await expect(padDialog(page)).toBeHidden();

  const result = dialog.getByTestId('family-sign-result');
  await expect(result).toContainText('已为2位居民签约');
  await expect(result).toContainText(/签约批次号：PL\d+/);
  const batchText = (await result.locator('.ant-result-subtitle').textContent())!;
  const gwId = batchText.replace('签约批次号：', '');
  for (const name of [head.personName, spouse.personName])
    await expect(result.locator('.ant-table-row').filter({ hasText: name })).toContainText('已签约');
  await page.waitForTimeout(300);
  await shot(page, 'family-sign-result');

  // Both contracts are the one batch's, signed with the one signature.
  const batch = (await api.post('usercontracts/get-batch-family-sign-contract-by-gw-id', { gwId })) as {
    archId: string;
    state: number;
    autographLink: string;
  }[];
  expect(batch.map((c) => c.archId).sort()).toEqual([head.id, spouse.id].sort());
  expect(batch.every((c) => c.state === 1)).toBe(true);
  expect(new Set(batch.map((c) => c.autographLink)).size).toBe(1);

  await button(dialog, '关闭').click();
  await expect(dialog).toBeHidden();
  const table = page.getByTestId('contract-table');
  await expect(table.locator('.ant-table-row').first()).toContainText('已签约');

  // Again for both (ticked by hand): refused with the server's message, nothing signed, the ticks kept.
  await page.getByTestId('contract-family-sign').click();
  await expect(dialog).toBeVisible();
  for (const name of [head.personName, spouse.personName]) {
    const row = members.locator('.ant-table-row').filter({ hasText: name });
    await expect(row).toContainText('已签约');
    await expect(row.getByRole('checkbox')).not.toBeChecked();
    await row.getByRole('checkbox').check();
  }
  await choosePack(page);
  await button(dialog, '签名并一键签约').click();
  await drawSignature(page);
  await expect(dialog.getByTestId('family-sign-refusal')).toContainText('同一时期不能重复签约');
  await expect(members.locator('.ant-table-row').filter({ hasText: spouse.personName }).getByRole('checkbox')).toBeChecked();
  await page.waitForTimeout(300);
  await shot(page, 'family-sign-refused');
  await button(dialog, '关闭').click();
  await expect(dialog).toBeHidden();
  const after = (await api.get(`usercontracts/list-contract-by-arch-id?archId=${spouse.id}`)) as unknown[];
  expect(after).toHaveLength(1);

  // 知情同意书: the contract's printed informed consent in the PDF viewer.
  const printed = page.waitForResponse((r) => r.url().includes('/generate-pdf/written-consent?id='));
  await table.locator('.ant-table-row').first().getByRole('button', { name: '知情同意书' }).click();
  expect((await printed).headers()['content-type']).toBe('application/pdf');
  const viewer = page.getByRole('dialog', { name: '打印预览' });
  await expect(viewer.getByTestId('pdf-page-counter')).toHaveText(/^第 1 页 \/ 共 \d+ 页$/, { timeout: 20_000 });
  await expect.poll(async () => (await viewer.getByTestId('pdf-page').boundingBox())?.height ?? 0).toBeGreaterThan(500);
  await shot(page, 'family-sign-consent-pdf');
});
