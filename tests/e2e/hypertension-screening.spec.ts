import { expect, test, type Page } from '@playwright/test';
import { field, pickDate } from './form-fields';
import { apiAs, login, shot } from './support';

type ArchiveRow = { id: string; birthday: string };
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE');

/** The seeded 高血压高危 residents (35 and over): the screening, the registration and the follow-up apply to them. */
async function highRiskResidents(page: Page, request: Parameters<typeof apiAs>[1]) {
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension_high_risk&size=5')) as { records: ArchiveRow[] };
  expect(list.records.length, 'the seed has 高血压高危 residents').toBeGreaterThan(1);
  return list.records;
}

test('a doctor screens a resident’s blood pressure: two readings averaged to 146/92, 1级高血压, recheck on another day', async ({
  page,
  request,
}) => {
  await login(page, 'doctor');
  const [resident] = await highRiskResidents(page, request);

  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${resident!.id}`);
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '高血压高危随访' })).toBeVisible();
  await menu.getByRole('menuitem', { name: '高血压筛查' }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/hypertensionscreening\\?arch_id=${resident!.id}`));
  await expect(field(page, 'birthDate').locator('input')).toHaveValue(resident!.birthday);

  await field(page, 'screenRound').getByText('首次筛查', { exact: true }).click();
  await field(page, 'knownHypertension').getByText('否', { exact: true }).click();
  await field(page, 'sbp1').locator('input').fill('148');
  await field(page, 'dbp1').locator('input').fill('92');
  await field(page, 'sbp2').locator('input').fill('144');
  await field(page, 'dbp2').locator('input').fill('92');
  // Readings 4 mmHg apart: no third reading asked; the mean and its grade are computed.
  await expect(field(page, 'sbp3')).toHaveCount(0);
  await expect(field(page, 'sbpAvg').locator('input')).toHaveValue(/^146(\.0)?$/);
  await expect(field(page, 'dbpAvg').locator('input')).toHaveValue(/^92(\.0)?$/);
  await expect(field(page, 'bpLevel')).toContainText('1级高血压');
  await expect(field(page, 'conclusion')).toContainText('血压升高, 需非同日复查');

  // An elevated first screening cannot be saved without a recheck on another day.
  await field(page, 'doctorSign').locator('input').fill('张伟');
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(field(page, 'recheckDate')).toContainText('血压升高, 请预约非同日复查日期');
  await pickDate(page, 'recheckDate', day(7));
  await field(page, 'sbpAvg').scrollIntoViewIfNeeded();
  await shot(page, 'hypertension-screening-filled');

  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('followup-record')).toHaveCount(1);

  // Saved on the server with the server's own mean and grade.
  await page.reload();
  await page.getByTestId('followup-record').first().click();
  await expect(field(page, 'sbp1').locator('input')).toHaveValue('148');
  await expect(field(page, 'bpLevel')).toContainText('1级高血压');
  await shot(page, 'hypertension-screening-saved');
});

test('a doctor registers a resident as 高血压高危: 血压高值 and a high-salt diet make two factors', async ({ page, request }) => {
  await login(page, 'doctor');
  const residents = await highRiskResidents(page, request);
  const resident = residents[1]!;

  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${resident.id}`);
  await page.getByRole('menu').getByRole('menuitem', { name: '高血压高危登记' }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/hypertensionhighrisk\\?arch_id=${resident.id}`));

  await field(page, 'sbp').locator('input').fill('134');
  await field(page, 'dbp').locator('input').fill('82');
  await expect(field(page, 'bpLevel')).toContainText('正常高值');
  await expect(field(page, 'highNormalBp')).toContainText('是');
  await field(page, 'height').locator('input').fill('170');
  await field(page, 'weight').locator('input').fill('65');
  await expect(field(page, 'overweight')).toContainText('否');
  await field(page, 'familyHistory').getByText('否', { exact: true }).click();
  await field(page, 'highSaltDiet').getByText('是', { exact: true }).click();
  await field(page, 'heavyDrinking').getByText('否', { exact: true }).click();
  await expect(field(page, 'riskFactorCount').locator('input')).toHaveValue(/^[2-3]$/);
  await expect(field(page, 'isHighRisk')).toContainText('是');

  await field(page, 'interventions').getByText('减少钠盐摄入', { exact: false }).click();
  await pickDate(page, 'nextVisitDate', day(180));
  await field(page, 'doctorSign').locator('input').fill('张伟');
  await field(page, 'riskFactorCount').scrollIntoViewIfNeeded();
  await shot(page, 'hypertension-high-risk-filled');

  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('followup-record')).toHaveCount(1);
  await shot(page, 'hypertension-high-risk-saved');
});

test('a doctor records a hypertension patient’s inquiry: this visit’s 152/94 is graded 1级高血压', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as { records: ArchiveRow[] };
  // Another patient than the evaluation and voucher journeys', so each test sees only its own records.
  const patient = list.records[3] ?? list.records[0];
  expect(patient, 'the seed has a hypertension patient').toBeTruthy();

  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${patient!.id}`);
  await page.getByRole('menu').getByRole('menuitem', { name: '高血压问诊' }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/hypertensioninquiry\\?arch_id=${patient!.id}`));

  await field(page, 'chiefComplaint').locator('input').fill('头晕1周');
  await field(page, 'symptoms').getByText('头晕', { exact: true }).click();
  await field(page, 'pastHistory').getByText('无', { exact: true }).click();
  await field(page, 'familyHistory').getByText('高血压', { exact: true }).click();
  await field(page, 'smokingStatus').getByText('吸烟', { exact: true }).click();
  // A smoker is asked how much.
  await field(page, 'dailySmoking').locator('input').fill('10');
  await field(page, 'drinkingFrequency').getByText('从不', { exact: true }).click();
  await field(page, 'onMedication').getByText('是', { exact: true }).click();
  await field(page, 'drugs').locator('textarea').fill('氨氯地平 5mg 每日1次');
  await field(page, 'drugCompliance').getByText('间断', { exact: true }).click();
  await field(page, 'sbp').locator('input').fill('152');
  await field(page, 'dbp').locator('input').fill('94');
  await expect(field(page, 'bpLevel')).toContainText('1级高血压');
  await field(page, 'doctorSign').locator('input').fill('张伟');
  await field(page, 'bpLevel').scrollIntoViewIfNeeded();
  await shot(page, 'hypertension-inquiry-filled');

  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('followup-record')).toHaveCount(1);
  const saved = (await api.get(`useraskhypertension/new-list?archId=${patient!.id}`)) as { records: { values: { bpLevel: string } }[] };
  expect(saved.records.map((r) => r.values.bpLevel)).toEqual(['2']);
});
