import { expect, test, type Locator } from '@playwright/test';
import { apiAs, login, shot } from './support';

const SAVE = /保\s*存|提\s*交/;
/** A field's row in a form: the engine renders each with data-field. */
const fieldIn = (scope: Locator) => (prop: string) => scope.locator(`[data-field="${prop}"]`);

test('a doctor records a tuberculosis patient’s first home visit from the archive menu', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=tuberculosis&size=5')) as { records: { id: string }[] };
  const archive = list.records[0];
  expect(archive, 'the seed has a tuberculosis patient').toBeTruthy();

  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${archive!.id}`);
  await page.getByRole('menu').getByRole('menuitem', { name: '肺结核' }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/tuberculosisfollowup\\?arch_id=${archive!.id}`));
  await page.getByRole('tab', { name: '第一次入户随访' }).click();
  const tab = page.getByTestId('followup-tab');
  const field = fieldIn(tab);

  await field('visitMethod').getByText('家庭', { exact: true }).click();
  await field('patientType').getByText('初治', { exact: true }).click();
  await field('sputum').getByText('阳性', { exact: true }).click();
  await field('drugResistance').getByText('非耐药', { exact: true }).click();
  await field('symptoms').getByText('咳嗽咳痰').click();
  await field('regimen').locator('input').fill('2HRZE/4HR');
  await field('usage').getByText('每日', { exact: true }).click();
  await field('dosageForm').getByText('固定剂量复合制剂').click();
  // Family supervision: the intensive phase is visited every 10 days (规范), so the latest date moves.
  await field('supervisor').getByText('家属', { exact: true }).click();
  const visitDate = await field('visitDate').locator('input').inputValue();
  const tenDays = new Date(new Date(`${visitDate}T00:00:00`).getTime() + 10 * 86_400_000).toLocaleDateString('sv-SE');
  await expect(field('suggestedNextVisitDate').locator('input')).toHaveValue(tenDays);
  await field('visitMethod').scrollIntoViewIfNeeded();
  await shot(page, 'tuberculosis-first-visit-top');
  await field('singleRoom').getByText('有', { exact: true }).click();
  await field('ventilation').getByText('良好', { exact: true }).click();
  await field('nextVisitDate').locator('input').fill(tenDays);
  await field('nextVisitDate').locator('input').press('Enter');
  // Close the date picker's panel so the screenshot shows the form.
  await tab.getByText('下次随访', { exact: true }).click();
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
  await field('doctorSign').locator('input').fill('张伟');
  await shot(page, 'tuberculosis-first-visit-filled');

  await tab.getByRole('button', { name: SAVE }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(tab.getByTestId('followup-record').first()).toContainText(visitDate);
  await shot(page, 'tuberculosis-first-visit-saved');

  // On the server through the spec's read of the first visit.
  const saved = (await api.get(`userfollowup/get-tuberculosis-userfollow-up2?archId=${archive!.id}`)) as {
    values: Record<string, unknown>;
  };
  expect(saved.values).toMatchObject({ supervisor: '2', suggestedNextVisitDate: tenDays, regimen: '2HRZE/4HR' });
});

test('a doctor assesses a severe-mental-illness patient’s risk and sees the visit classified', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=severe_mental_illness&size=5')) as { records: { id: string }[] };
  const archive = list.records[0];
  expect(archive, 'the seed has a severe-mental-illness patient').toBeTruthy();

  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${archive!.id}`);
  await page.getByRole('menu').getByRole('menuitem', { name: '严重精神障碍' }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/severementalfollowup\\?arch_id=${archive!.id}`));
  const form = page.getByTestId('followup-form-column');
  const field = fieldIn(form);

  await field('visitMethod').getByText('家庭访视', { exact: true }).click();
  await field('riskLevel').getByText(/^0级/).click();
  await field('insight').getByText('自知力完全').click();
  for (const prop of ['sleep', 'diet', 'selfCare', 'housework', 'work', 'study', 'social'])
    await field(prop).getByText('良好', { exact: true }).click();
  await field('lock').getByText('无关锁', { exact: true }).click();
  await field('hospital').getByText('从未住院', { exact: true }).click();
  await field('lab').getByText('无', { exact: true }).click();
  await field('compliance').getByText('按医嘱规律用药').click();
  await field('adverseReaction').getByText('无', { exact: true }).click();
  await field('seriousCondition').getByText('无', { exact: true }).click();
  await field('effect').getByText('好转', { exact: true }).click();
  await field('medication').locator('textarea').fill('利培酮片 2mg 每日2次');
  await field('referral').getByText('否', { exact: true }).click();
  await field('doctorSign').locator('input').fill('张伟');
  // 0级, no symptoms, full insight, good social function: 稳定, next visit in 3 months.
  await expect(field('followupClass').locator('.ant-radio-wrapper-checked')).toHaveText('稳定');
  await expect(field('nextVisitInterval').locator('input')).toHaveValue('90');

  // 3级: 不稳定, two weeks; not referred, so saving asks 有异常是否保存?
  await field('riskLevel').getByText(/^3级/).click();
  await expect(field('followupClass').locator('.ant-radio-wrapper-checked')).toHaveText('不稳定');
  await expect(field('nextVisitInterval').locator('input')).toHaveValue('14');
  const visitDate = await field('visitDate').locator('input').inputValue();
  const twoWeeks = new Date(new Date(`${visitDate}T00:00:00`).getTime() + 14 * 86_400_000).toLocaleDateString('sv-SE');
  await expect(field('nextVisitDate').locator('input')).toHaveValue(twoWeeks);
  await field('riskLevel').scrollIntoViewIfNeeded();
  await shot(page, 'severe-mental-risk-level');
  await field('referral').getByText('是', { exact: true }).click();
  await field('referralReason').locator('input').fill('明显打砸行为, 不能劝说制止');
  await field('referralOrg').locator('input').fill('市精神卫生中心 精神科');
  await shot(page, 'severe-mental-followup-classified');

  await page.getByRole('button', { name: SAVE }).first().click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('followup-record').first()).toContainText(visitDate);
  await shot(page, 'severe-mental-followup-saved');
  const listed = (await api.get(`userfollowup/list?formCode=severementalfollowup&archId=${archive!.id}`)) as {
    records: { nextVisitDate: string; values: Record<string, unknown> }[];
  };
  expect(listed.records[0]).toMatchObject({ nextVisitDate: twoWeeks });
});
