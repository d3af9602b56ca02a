import { expect, test } from '@playwright/test';
import { field } from './form-fields';
import { apiAs, login, shot } from './support';

type ArchiveRow = { id: string; personName: string; sex?: string; birthday?: string; crowdLabels?: string[] };

/** Whole years from a yyyy-MM-dd birth date to today. */
function ageOf(birthday: string): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const now = new Date();
  return now.getFullYear() - y - (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d) ? 1 : 0);
}

/** A day `months` before today, yyyy-MM-dd in local time (the server's today is local too). */
function monthsAgo(months: number): string {
  const d = new Date();
  d.setMonth(d.getMonth() - months);
  return d.toLocaleDateString('sv-SE');
}

test('a doctor records a cervical screening for a woman of 35–64 and reads the blood-pressure and glucose trends of residents with follow-ups', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?size=200')) as { records: ArchiveRow[] };

  // 宫颈癌筛查 reaches women of the programme's ages by placement (sex 2, 35–64).
  const woman = list.records.filter((a) => a.sex === '2' && a.birthday && ageOf(a.birthday) >= 36 && ageOf(a.birthday) <= 63).at(-1);
  expect(woman, 'the seed has a woman aged 35–64').toBeTruthy();
  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${woman!.id}`);
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '乳腺癌筛查' })).toBeVisible();
  await menu.getByRole('menuitem', { name: '宫颈癌筛查' }).click();
  await expect(page).toHaveURL(/\/publichealthwork\/detail\/cervicalscreening\?/);
  await expect(field(page, 'birthDate').locator('input')).toHaveValue(woman!.birthday!);
  await expect(field(page, 'age').locator('input')).toHaveValue(String(ageOf(woman!.birthday!)));

  // HPV初筛 16/18型阳性: straight to colposcopy, the result waits for it.
  await field(page, 'gynExam').getByText('未见异常', { exact: true }).click();
  await field(page, 'screenMethod').getByText('高危型HPV检测', { exact: true }).click();
  await expect(field(page, 'cytology')).toHaveCount(0);
  await field(page, 'hpvResult').getByText('HPV16/18型阳性', { exact: true }).click();
  await expect(field(page, 'nextStep')).toContainText('阴道镜检查');
  await expect(field(page, 'finalResult')).toContainText('待进一步检查或复查');
  await expect(field(page, 'colposcopy')).toBeVisible();
  await field(page, 'doctorSign').locator('input').fill('王医生');
  await field(page, 'hpvResult').scrollIntoViewIfNeeded();
  await shot(page, 'cervical-screening-filled');
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('followup-record').first()).toBeVisible();
  await shot(page, 'cervical-screening-saved');

  // 血压趋势: a hypertensive resident with three follow-ups seeded through the spec's call.
  const patient = list.records.filter((a) => a.crowdLabels?.includes('hypertension') && a.birthday).at(-1);
  expect(patient, 'the seed has a hypertensive resident').toBeTruthy();
  const readings = [
    [9, 158, 98],
    [6, 146, 92],
    [3, 134, 86],
  ] as const;
  for (const [ago, sbp, dbp] of readings) {
    await api.post('userfollowup/high-blood-pressure-follow-up', {
      archId: patient!.id,
      values: {
        visitDate: monthsAgo(ago),
        visitMethod: '1',
        birthDate: patient!.birthday,
        symptoms: ['1'],
        sbp,
        dbp,
        height: 165,
        weight: 68,
        targetWeight: 65,
        heartRate: 72,
        drugCompliance: '0',
        adverseReaction: '1',
        followupClass: sbp < 140 ? '1' : '2',
        referral: '1',
        outcome: '1',
        nextVisitDate: monthsAgo(ago - 3),
        doctorSign: '张医生',
      },
      acknowledgements: ['bp.urgent', 'followupClass.mismatch', 'bmi.obese'],
    });
  }
  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${patient!.id}`);
  await menu.getByRole('menuitem', { name: '血压趋势' }).click();
  await expect(page).toHaveURL(/\/publichealthwork\/detail\/hypertensiontrend\?/);
  const trend = page.getByTestId('bp-trend');
  await expect(trend.getByTestId('bp-trend-chart').locator('canvas')).toBeVisible();
  await expect(trend).toContainText(/共 \d+ 次记录/);
  // The tooltip names the visit: hover the newest point (the chart's right end). The range ends
  // two months ago, so a visit another journey saves on this resident today is not that point.
  await trend.getByPlaceholder('开始日期').click();
  await trend.getByPlaceholder('开始日期').fill(monthsAgo(10));
  await trend.getByPlaceholder('开始日期').press('Enter');
  await trend.getByPlaceholder('结束日期').fill(monthsAgo(2));
  await trend.getByPlaceholder('结束日期').press('Enter');
  await trend.getByText('血压变化趋势').click();
  await expect(page.locator('.ant-picker-dropdown')).toBeHidden();
  await expect(trend).toContainText(/共 [1-9]\d* 次记录/);
  const box = (await trend.getByTestId('bp-trend-chart').boundingBox())!;
  await page.mouse.move(box.x + box.width - 48, box.y + box.height / 2);
  await expect(page.getByText(monthsAgo(3)).first()).toBeVisible();
  await shot(page, 'bp-trend');

  // A range with no visits: the empty state.
  await trend.getByPlaceholder('开始日期').click();
  await page.locator('.ant-picker-dropdown').getByText('近一年').click();
  await expect(trend.getByTestId('bp-trend-chart')).toBeVisible();
  await trend.getByPlaceholder('开始日期').click();
  await trend.getByPlaceholder('开始日期').fill('2000-01-01');
  await trend.getByPlaceholder('开始日期').press('Enter');
  await trend.getByPlaceholder('结束日期').fill('2000-12-31');
  await trend.getByPlaceholder('结束日期').press('Enter');
  await expect(trend.getByTestId('bp-trend-empty')).toContainText('所选日期范围内暂无血压记录');
  await trend.getByText('血压变化趋势').click();
  await expect(page.locator('.ant-picker-dropdown')).toBeHidden();
  await expect(trend).toContainText('共 0 次记录');
  await shot(page, 'bp-trend-empty');

  // 血糖趋势: a diabetic resident's fasting glucose from two diabetes follow-ups.
  const diabetic = list.records.filter((a) => a.crowdLabels?.includes('diabetes') && a.birthday).at(-1);
  expect(diabetic, 'the seed has a diabetic resident').toBeTruthy();
  for (const [ago, fbg] of [
    [8, 8.4],
    [5, 7.2],
    [2, 6.3],
  ] as const) {
    await api.post('userfollowup/diabetes-follow-up', {
      archId: diabetic!.id,
      values: {
        visitDate: monthsAgo(ago),
        visitMethod: '1',
        birthDate: diabetic!.birthday,
        caseType: '2',
        symptoms: ['1'],
        sbp: 128,
        dbp: 78,
        height: 170,
        weight: 72,
        dorsalArtery: '1',
        fbg,
        drugCompliance: '0',
        adverseReaction: '1',
        hypoglycemia: '1',
        followupClass: fbg < 7 ? '1' : '2',
        referral: '1',
        outcome: '1',
        nextVisitDate: monthsAgo(ago - 3),
        doctorSign: '李医生',
      },
      acknowledgements: ['followupClass.mismatch', 'bmi.obese'],
    });
  }
  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${diabetic!.id}`);
  await menu.getByRole('menuitem', { name: '血糖趋势' }).click();
  await expect(page).toHaveURL(/\/publichealthwork\/detail\/glucosetrend\?/);
  const glucose = page.getByTestId('glucose-trend');
  await expect(glucose.getByTestId('glucose-trend-chart').locator('canvas')).toBeVisible();
  await expect(glucose).toContainText('控制目标 7.0 mmol/L');
  await shot(page, 'glucose-trend');
});
