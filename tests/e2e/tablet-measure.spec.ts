import { expect, test, type Page } from '@playwright/test';
import { installSimulatedMeasureShell } from '../../src/bridges/measurement-device';
import { apiAs, login, shot } from './support';

// 测量 on the tablet (spec 001 lines 31, 70, 87; src/bridges/measurement-device.ts): inside the Android
// shell the follow-up offers the devices; a blood-pressure reading comes back through the shell's
// callback and lands in the form's fields as typed values, so the grade follows, and the follow-up is
// saved with it. The shell's JavaScript interface (window.AndroidMeasure) is the simulator of
// src/bridges — the same code the unit tests measure with — put on the page before its scripts run.
test.use({ viewport: { width: 1366, height: 768 } });

/** The form's field row (the runtime marks each row with data-field). */
const row = (page: Page, prop: string) => page.locator(`[data-field="${prop}"]`);

test('a blood-pressure reading from the tablet’s device fills the hypertension follow-up, and is saved with it', async ({
  page,
  request,
}) => {
  // Left-arm blood pressure reads 165/102 with the pulse; the thermometer reads nothing.
  await page.addInitScript(installSimulatedMeasureShell, { readings: { '31': { 'L-SBP': 165, 'L-DBP': 102, PR: 78 } }, delayMs: 300 });
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

  // The doctor completes the visit and saves it: the record keeps the device's reading.
  const visitDate = await row(page, 'visitDate').locator('input').inputValue();
  expect(visitDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await row(page, 'visitMethod').getByText('门诊', { exact: true }).click();
  await row(page, 'symptoms').getByText('无症状', { exact: true }).click();
  await row(page, 'height').locator('input').fill('168');
  await row(page, 'weight').locator('input').fill('66');
  await row(page, 'drugCompliance').getByText('规律', { exact: true }).click();
  await row(page, 'adverseReaction').getByText('无', { exact: true }).click();
  await row(page, 'followupClass').getByText('控制不满意', { exact: true }).click();
  await row(page, 'nextVisitDate').locator('input').fill('2099-01-15');
  await row(page, 'nextVisitDate').locator('input').press('Enter');
  await row(page, 'doctorSign').locator('input').fill('张伟');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  const prompt = page.getByRole('dialog').filter({ hasText: '有异常是否保存?' });
  await expect(page.getByText('保存成功').or(prompt)).toBeVisible();
  if (await prompt.isVisible()) await prompt.getByRole('button', { name: /是/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // Reopened from the record list: the reading is the record's.
  await page.reload();
  const saved = page.getByTestId('followup-record').filter({ hasText: visitDate });
  await expect(saved).toHaveCount(1);
  await saved.click();
  await expect(page.getByTestId('followup-form-title')).not.toContainText('新建随访');
  await expect(form.getByLabel('收缩压', { exact: true }).first()).toHaveValue('165');
  await expect(form.getByLabel('舒张压', { exact: true }).first()).toHaveValue('102');
  await expect(row(page, 'heartRate').locator('input')).toHaveValue('78');
  await expect(row(page, 'bpLevel')).toContainText('2级高血压');
  await row(page, 'sbp').scrollIntoViewIfNeeded();
  await shot(page, 'tablet-measure-saved');
});
