import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

// A real 1×1 PNG: the thumbnail must load through the server's CSP and its file route.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const FILE = '血压计读数.png';

test('a doctor attaches a photo of the paper form to a saved follow-up and removes it again', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  // A seeded hypertension patient with one follow-up saved through the API (no anomaly to
  // acknowledge under either version of the BMI rule the journey publishes).
  const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as {
    records: { id: string; birthday: string }[];
  };
  const archive = list.records[0];
  expect(archive, 'the seed has a hypertension patient').toBeTruthy();
  const today = new Date().toLocaleDateString('sv-SE');
  const values = {
    visitDate: today,
    visitMethod: '1',
    birthDate: archive!.birthday,
    symptoms: ['1'],
    sbp: 132,
    dbp: 84,
    height: 165,
    weight: 60,
    heartRate: 72,
    drugCompliance: '0',
    adverseReaction: '1',
    followupClass: '1',
    referral: '1',
    outcome: '1',
    nextVisitDate: '2099-01-15',
    doctorSign: '张伟',
  };
  await api.post('userfollowup/high-blood-pressure-follow-up', { archId: archive!.id, values });

  await page.goto(`/publichealthwork/detail/hypertensionfollowup?arch_id=${archive!.id}`);
  const panel = page.getByTestId('followup-side-panel');
  // The new record the page opens with cannot take vouchers yet.
  await panel.getByRole('tab', { name: '凭证' }).click();
  await expect(panel.getByText('请先保存随访记录，再上传凭证')).toBeVisible();

  await page.getByTestId('followup-record').first().click();
  await expect(panel.getByRole('button', { name: /上传凭证/ })).toBeVisible();
  await panel.locator('input[type="file"]').setInputFiles({ name: FILE, mimeType: 'image/png', buffer: PNG });
  await expect(panel.getByRole('link', { name: FILE })).toBeVisible();
  const thumbnail = panel.locator(`img[alt="${FILE}"]`);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'voucher-uploaded');

  // Still there after a reload: it was saved with the record, not only shown.
  await page.reload();
  await page.getByTestId('followup-record').first().click();
  await panel.getByRole('tab', { name: '凭证' }).click();
  await expect(panel.getByRole('link', { name: FILE })).toBeVisible();

  await panel.getByRole('button', { name: `删除 ${FILE}` }).click();
  const confirm = page.getByText('确定删除该凭证?');
  await expect(confirm).toBeVisible();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(panel.getByRole('link', { name: FILE })).toHaveCount(0);
});
