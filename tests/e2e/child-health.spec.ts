import { expect, test } from '@playwright/test';
import { field, pickDate } from './form-fields';
import { residentIdCard } from './id-card';
import { apiAs, login, shot } from './support';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE');

test('the child journey: filing on 儿童档案 (bad birth weights refused, nothing lost), a newborn visit, a health exam, the growth chart shows the point at its z-score', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const birth = day(-10);
  const name = `生长测试${Math.floor(Math.random() * 9000 + 1000)}`;
  const created = (await api.post('userarchives/create-update-archives', {
    personName: name,
    idCard: residentIdCard(birth, true),
    homeAddress: '儿童路1号',
  })) as {
    id: string;
  };
  const archId = created.id;

  // 儿童档案 (/publichealthwork/children): the child filing list and 新生儿建档.
  await page.goto('/publichealthwork/children');
  await expect(page.getByTestId('child-list')).toBeVisible();
  await page.getByRole('button', { name: '新生儿建档' }).click();
  const dialog = page.getByRole('dialog', { name: '新生儿建档' });
  await dialog.getByTestId('child-filing-child').locator('input').fill(name);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(name).click();
  // The archive's birth date and sex fill the filing.
  await expect(field(page, 'birthDate').locator('input')).toHaveValue(birth);
  await expect(field(page, 'childSex').getByRole('radio', { name: '男' })).toBeChecked();
  const weight = field(page, 'birthWeight').locator('input');
  for (const bad of ['0', '9']) {
    await weight.fill(bad);
    await dialog.getByRole('button', { name: /建\s*档/ }).click();
    // The form's rule, the newborn visit's bounds and words.
    await expect(field(page, 'birthWeight')).toContainText('出生体重应在0.5～7kg之间, 请核对 (单位: 千克)');
    // Nothing typed is lost: the child, the birth date and the weight are still there.
    await expect(dialog.getByTestId('child-filing-child')).toContainText(name);
    await expect(field(page, 'birthDate').locator('input')).toHaveValue(birth);
    await expect(weight).toHaveValue(bad);
  }
  await shot(page, 'child-filing-refused');
  await weight.fill('3.3');
  await dialog.getByRole('button', { name: /建\s*档/ }).click();
  await expect(page.getByText('建档成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('姓名/身份证号').fill(name);
  await page.getByPlaceholder('姓名/身份证号').press('Enter');
  const row = page.getByTestId('child-list').locator('tr', { hasText: name });
  await expect(row).toContainText(birth);
  await expect(row).toContainText('10天');
  await expect(row).toContainText('在管');
  // Searching stays on the one 儿童档案 tab (the filters are not in the address).
  await expect(page.locator('.ant-tabs-tab', { hasText: '儿童档案' })).toHaveCount(1);
  await shot(page, 'child-filing-list');
  // Filing the same child again is refused by the children-valid check, the dialog says so.
  await page.getByRole('button', { name: '新生儿建档' }).click();
  await dialog.getByTestId('child-filing-child').locator('input').fill(name);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(name).click();
  await dialog.getByRole('button', { name: /建\s*档/ }).click();
  await expect(dialog).toContainText('该儿童已建档');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // 新生儿家庭访视 from the list (the child's archive page of the form, placement child, infants).
  await row.getByText('新生儿访视').click();
  await expect(page).toHaveURL(/\/publichealthwork\/detail\/childnewbornvisit\?arch_id=/);
  await expect(field(page, 'birthDate').locator('input')).toHaveValue(birth);
  await field(page, 'gestationWeeks').locator('input').fill('39');
  await field(page, 'birthWeight').locator('input').fill('9');
  await field(page, 'weight').locator('input').fill('3.6');
  await expect(field(page, 'birthWeight')).toContainText('出生体重应在0.5～7kg之间');
  await field(page, 'birthWeight').locator('input').fill('0');
  await expect(field(page, 'birthWeight')).toContainText('出生体重应在0.5～7kg之间');
  await field(page, 'birthWeight').locator('input').fill('3.3');
  await expect(field(page, 'birthWeight')).not.toContainText('出生体重应在0.5～7kg之间');
  await field(page, 'feeding').getByText('纯母乳', { exact: true }).click();
  await field(page, 'referral').getByText('无', { exact: true }).click();
  await pickDate(page, 'nextVisitDate', day(20));
  await field(page, 'doctorSign').locator('input').fill('张伟');
  // A visit dated before the birth is refused on saving, with the field's message; every answer stays.
  await pickDate(page, 'visitDate', day(-12));
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(field(page, 'visitDate')).toContainText('本次访视日期不能早于出生日期');
  await expect(page.getByText('保存成功')).toHaveCount(0);
  await expect(field(page, 'weight').locator('input')).toHaveValue('3.6');
  await expect(field(page, 'birthWeight').locator('input')).toHaveValue('3.3');
  await expect(field(page, 'doctorSign').locator('input')).toHaveValue('张伟');
  await field(page, 'visitDate').scrollIntoViewIfNeeded();
  await shot(page, 'child-newborn-visit-before-birth');
  await pickDate(page, 'visitDate', day(0));
  await expect(field(page, 'visitDate')).not.toContainText('不能早于出生日期');
  await expect(field(page, 'ageDays').locator('input')).toHaveValue('10');
  await expect(field(page, 'weightEval').locator('input')).toHaveValue('正常');
  await field(page, 'weight').scrollIntoViewIfNeeded();
  await shot(page, 'child-newborn-visit');
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // 1～8月龄 health exam with weight, length and head circumference.
  await page.goto(`/publichealthwork/detail/childexam1to8?arch_id=${archId}`);
  await field(page, 'visitMonth').getByText('满月', { exact: true }).click();
  await field(page, 'weight').locator('input').fill('3.7');
  await field(page, 'height').locator('input').fill('52');
  await field(page, 'headCircumference').locator('input').fill('36');
  await field(page, 'referral').getByText('无', { exact: true }).click();
  await pickDate(page, 'nextVisitDate', day(60));
  await field(page, 'doctorSign').locator('input').fill('张伟');
  await expect(field(page, 'weightZ').locator('input')).not.toHaveValue('');
  await expect(field(page, 'heightEval').locator('input')).toHaveValue('正常');
  await field(page, 'weightZ').scrollIntoViewIfNeeded();
  await shot(page, 'child-exam-1to8');
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // The records as the server stored them, with the server's own z-scores.
  const records = (await api.get(`userfollowup/get-children-userfollow-up?archId=${archId}`)) as {
    formCode: string;
    otherId: string | null;
    values: Record<string, number>;
  }[];
  expect(records.map((r) => r.formCode).sort()).toEqual(['childexam1to8', 'childnewbornvisit']);
  // Filled on the child's archive pages, both are filed under the child's case (its one open case).
  expect(new Set(records.map((r) => r.otherId)).size).toBe(1);
  expect(records[0]!.otherId).toBeTruthy();
  const z = records.find((r) => r.formCode === 'childexam1to8')!.values.weightZ;
  expect(typeof z).toBe('number');

  // The growth chart, an archive page of the child reached from the list: the latest point is the exam's weight at that z-score.
  await page.goto('/publichealthwork/children');
  await page.getByPlaceholder('姓名/身份证号').fill(name);
  await page.getByPlaceholder('姓名/身份证号').press('Enter');
  await page.getByTestId('child-list').locator('tr', { hasText: name }).getByText('生长曲线').click();
  await expect(page).toHaveURL(/\/publichealthwork\/detail\/growthchart\?arch_id=/);
  await expect(page.getByTestId('growth-chart-wfa')).toBeVisible();
  // A page of the child's archive: its header, and 生长曲线 chosen in its left menu after the health exams.
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('生长曲线');
  await expect(page.getByTestId('growth-chart-latest')).toContainText(`体重/年龄 3.7 kg, Z评分 ${z}`);
  await shot(page, 'child-growth-chart-wfa');
  await page.getByText('身长(身高)/年龄', { exact: true }).click();
  await expect(page.getByTestId('growth-chart-lhfa')).toBeVisible();
  await expect(page.getByTestId('growth-chart-latest')).toContainText('52 cm');
  // The screenshot after the switch's animation, so it shows the chosen chart's tab selected.
  await expect(page.locator('.ant-segmented-item-selected')).toHaveText('身长(身高)/年龄');
  await page.waitForTimeout(400);
  await shot(page, 'child-growth-chart-lhfa');
});
