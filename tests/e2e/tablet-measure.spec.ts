import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 测量 on the tablet (spec 001 lines 31, 70, 87; src/bridges/measurement-device.ts): inside the Android
// shell the follow-up offers the devices; a blood-pressure reading comes back through the shell's
// callback and lands in the form's fields as typed values, so the grade follows. The shell is played
// by its JavaScript interface (window.AndroidMeasure), as the tablet app provides it.
test.use({ viewport: { width: 1366, height: 768 } });

test('a blood-pressure reading from the tablet’s device fills the hypertension follow-up', async ({ page, request }) => {
  await page.addInitScript(() => {
    const host = window as unknown as Record<string, unknown>;
    host.AndroidMeasure = {
      measure(deviceType: string, callbackName: string) {
        const reading = deviceType === '31' ? { 'L-SBP': 165, 'L-DBP': 102, PR: 78 } : {};
        setTimeout(() => (host[callbackName] as (r: unknown) => void)(JSON.stringify(reading)), 300);
      },
    };
  });
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as { records: { id: string }[] };
  const archive = list.records[2] ?? list.records[0];
  expect(archive, 'the seed has a hypertension patient').toBeTruthy();

  await page.goto(`/publichealthwork/detail/hypertensionfollowup?arch_id=${archive!.id}`);
  const form = page.getByTestId('followup-form-column');
  const add = page.getByRole('button', { name: /^新\s*增$/ }).first();
  if (await add.isVisible()) await add.click();
  await page.getByTestId('measure-button').click();
  await page.getByRole('menuitem', { name: '血压（左臂）' }).click();
  await expect(page.getByText(/已填入\d+项测量结果/)).toBeVisible();
  await expect(form.getByLabel('收缩压', { exact: true }).first()).toHaveValue('165');
  await expect(form.getByLabel('舒张压', { exact: true }).first()).toHaveValue('102');
  // The reading counts as typed: the grade is computed from it.
  await expect(page.locator('[data-field="bpLevel"]')).toContainText('2级高血压');
  await page.locator('[data-field="sbp"]').scrollIntoViewIfNeeded();
  await shot(page, 'tablet-measure-bp');

  // A device that answers with nothing: the spec's message, the fields as they were.
  await page.getByTestId('measure-button').click();
  await page.getByRole('menuitem', { name: '体温' }).click();
  await expect(page.getByText('读取信息失败，请重试！')).toBeVisible();
  await expect(form.getByLabel('收缩压', { exact: true }).first()).toHaveValue('165');
});
