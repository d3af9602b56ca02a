import { expect, test } from '@playwright/test';
import { field } from './form-fields';
import { apiAs, login, shot } from './support';

type ArchiveRow = { id: string; birthday: string };

test('a doctor screens a resident’s blood glucose: fasting 6.5 is 空腹血糖受损, saved after 有异常是否保存?', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  // The seeded 糖尿病高危 resident is over 40: the screening (35 and over) is in the archive's menu.
  const list = (await api.get('commuserarchives/new-list?crowdLabel=diabetes_high_risk&size=5')) as { records: ArchiveRow[] };
  const archive = list.records[0];
  expect(archive, 'the seed has a 糖尿病高危 resident').toBeTruthy();

  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${archive!.id}`);
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '糖尿病高危随访' })).toBeVisible();
  await menu.getByRole('menuitem', { name: '高血糖筛查' }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/hyperglycemiascreening\\?arch_id=${archive!.id}`));
  await expect(field(page, 'birthDate').locator('input')).toHaveValue(archive!.birthday);

  await field(page, 'typicalSymptoms').getByText('无', { exact: true }).click();
  await field(page, 'fbg').locator('input').fill('6.5');
  await field(page, 'height').locator('input').fill('168');
  await field(page, 'weight').locator('input').fill('70');
  // The grading and the advice are computed; the IFG finding is told on its field as it happens.
  await expect(field(page, 'glucoseStatus')).toContainText('空腹血糖受损 (IFG)');
  await expect(field(page, 'screenAdvice')).toContainText('糖尿病前期: 生活方式干预, 每年复查');
  await expect(field(page, 'fbg')).toContainText('空腹血糖受损 (6.1–6.9 mmol/L)');
  await expect(field(page, 'bmi').locator('input')).toHaveValue(/^24\.80?$/);
  await field(page, 'doctorSign').locator('input').fill('张伟');
  await field(page, 'fbg').scrollIntoViewIfNeeded();
  await shot(page, 'diabetes-screening-filled');

  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  const prompt = page.getByRole('dialog').filter({ hasText: '有异常是否保存?' });
  await expect(prompt).toContainText('空腹血糖受损');
  await prompt.getByRole('button', { name: /是/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('followup-record')).toHaveCount(1);

  // Saved on the server with the server's own grading.
  await page.reload();
  await page.getByTestId('followup-record').first().click();
  await expect(field(page, 'fbg').locator('input')).toHaveValue('6.5');
  await expect(field(page, 'glucoseStatus')).toContainText('空腹血糖受损 (IFG)');
  await shot(page, 'diabetes-screening-saved');
});

test('a doctor grades a diabetes patient in the follow-up page’s 分级评估 tab: glucose not at target → 二级管理', async ({
  page,
  request,
}) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=diabetes&size=5')) as { records: ArchiveRow[] };
  // Another patient than the health-education journey's, so each test sees only its own records.
  const archive = list.records[1] ?? list.records[0];
  expect(archive, 'the seed has a diabetes patient').toBeTruthy();

  await page.goto(`/publichealthwork/detail/diabetesfollowup?arch_id=${archive!.id}`);
  await page.getByRole('tab', { name: '分级评估' }).click();
  const tab = page.getByTestId('evaluation-tab');
  await expect(tab.getByTestId('evaluation-form-title')).toContainText('新建评估');
  await expect(field(tab, 'birthDate').locator('input')).toHaveValue(archive!.birthday);

  await field(tab, 'fbg').locator('input').fill('6.2');
  await field(tab, 'hba1c').locator('input').fill('6.5');
  await expect(field(tab, 'glucoseControl')).toContainText('达标');
  await expect(field(tab, 'glucoseControl')).not.toContainText('未达标');
  await field(tab, 'sbp').locator('input').fill('126');
  await field(tab, 'dbp').locator('input').fill('76');
  await expect(field(tab, 'bpControl')).toContainText('达标');
  await field(tab, 'selfManagement').getByText('好', { exact: true }).click();
  await expect(field(tab, 'managementLevel')).toContainText('一级管理');
  // HbA1c 7.2% is over the guideline's 7.0% target: not at target, 强化管理.
  await field(tab, 'hba1c').locator('input').fill('7.2');
  await expect(field(tab, 'glucoseControl')).toContainText('未达标');
  await expect(field(tab, 'managementLevel')).toContainText('二级管理');
  await field(tab, 'doctorSign').locator('input').fill('张伟');
  await shot(page, 'diabetes-assessment-filled');

  await tab.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(tab.getByTestId('followup-record').first()).toContainText('二级管理');

  await page.reload();
  await page.getByRole('tab', { name: '分级评估' }).click();
  await tab.getByTestId('followup-record').first().click();
  await expect(field(tab, 'hba1c').locator('input')).toHaveValue('7.2');
  await expect(field(tab, 'managementLevel')).toContainText('二级管理');
  await shot(page, 'diabetes-assessment-saved');
});
