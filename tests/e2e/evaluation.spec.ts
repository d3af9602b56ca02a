import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

test('a doctor grades a hypertension patient’s cardiovascular risk in the 分级评估 tab and finds it saved after a reload', async ({
  page,
  request,
}) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as {
    records: { id: string; birthday: string }[];
  };
  // Another patient than the voucher test's, so each test sees only its own records.
  const archive = list.records[1] ?? list.records[0];
  expect(archive, 'the seed has a hypertension patient').toBeTruthy();

  await page.goto(`/publichealthwork/detail/hypertensionfollowup?arch_id=${archive!.id}`);
  await page.getByRole('tab', { name: '分级评估' }).click();
  const tab = page.getByTestId('evaluation-tab');
  await expect(tab.getByTestId('evaluation-form-title')).toContainText('新建评估');
  const field = (prop: string) => tab.locator(`[data-field="${prop}"]`);
  // A new evaluation starts from the archive: the birth date is there, the age computed.
  await expect(field('birthDate').locator('input')).toHaveValue(archive!.birthday);

  // 2级高血压 (165/100, not on medication: graded on this reading) with two risk factors: 中危, 二级管理.
  await field('sbp').locator('input').fill('165');
  await field('dbp').locator('input').fill('100');
  await field('onMedication').getByText('否', { exact: true }).click();
  await expect(field('bpLevel')).toContainText('2级高血压');
  await field('riskFactors').getByText('吸烟或被动吸烟').click();
  await field('riskFactors').getByText('血脂异常').click();
  // Not stratified while diabetes and CKD are unanswered (an unanswered question is not 无).
  await expect(field('riskLevel')).not.toContainText('危');
  await field('diabetes').getByText('无', { exact: true }).click();
  await field('ckd').getByText('无', { exact: true }).click();
  await expect(field('riskLevel')).toContainText('中危');
  await expect(field('managementLevel')).toContainText('二级管理');
  // Target-organ damage moves the patient up a level.
  await field('organDamage').getByText('左心室肥厚').click();
  await expect(field('riskLevel')).toContainText('高危');
  await expect(field('managementLevel')).toContainText('三级管理');
  await field('doctorSign').locator('input').fill('张伟');
  await shot(page, 'evaluation-filled');

  await tab.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const saved = tab.getByTestId('followup-record').first();
  await expect(saved).toContainText('高危');
  await expect(tab.getByTestId('evaluation-form-title')).not.toContainText('新建评估');

  // Saved on the server: there after a reload, and it opens with its values.
  await page.reload();
  await page.getByRole('tab', { name: '分级评估' }).click();
  await expect(tab.getByTestId('followup-record').first()).toContainText('高危');
  await tab.getByTestId('followup-record').first().click();
  await expect(field('doctorSign').locator('input')).toHaveValue('张伟');
  await expect(field('riskLevel')).toContainText('高危');
  await shot(page, 'evaluation-saved');

  // Printing prints the evaluation on screen, not the follow-up form behind the other tab.
  await page.emulateMedia({ media: 'print' });
  await expect(field('riskLevel')).toBeVisible();
  await expect(page.getByTestId('followup-form-column')).toBeHidden();
  await expect(tab.getByTestId('followup-records')).toBeHidden();
  await shot(page, 'evaluation-print');
  await page.emulateMedia({ media: 'screen' });
});

test('a doctor records the health education given at a diabetes follow-up', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=diabetes&size=5')) as { records: { id: string }[] };
  const archive = list.records[0];
  expect(archive, 'the seed has a diabetes patient').toBeTruthy();

  await page.goto(`/publichealthwork/detail/diabetesfollowup?arch_id=${archive!.id}`);
  await page.getByRole('tab', { name: '健康教育' }).click();
  const tab = page.getByTestId('education-tab');
  await expect(tab.getByTestId('education-form-title')).toContainText('新建健康教育');
  const field = (prop: string) => tab.locator(`[data-field="${prop}"]`);
  await field('method').getByText('面对面讲解').click();
  await field('topics').getByText('自我监测血糖').click();
  await field('topics').getByText('足部护理').click();
  await field('prescription').locator('textarea').fill('每周测空腹血糖2次并记录; 每晚温水洗脚, 检查有无破损');
  await field('mastery').getByText('完全掌握').click();
  await field('educator').locator('input').fill('张伟');
  await shot(page, 'education-filled');
  await tab.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(tab.getByTestId('followup-record').first()).toContainText('完全掌握');

  await page.reload();
  await page.getByRole('tab', { name: '健康教育' }).click();
  await tab.getByTestId('followup-record').first().click();
  await expect(field('prescription').locator('textarea')).toHaveValue('每周测空腹血糖2次并记录; 每晚温水洗脚, 检查有无破损');
});
