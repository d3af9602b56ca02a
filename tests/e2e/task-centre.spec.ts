import { expect, test, type Page } from '@playwright/test';
import { field } from './form-fields';
import { apiAs, login, shot } from './support';

// 任务中心 (/task/user_followup/index; issue 34 "Work lists"): a resident due for a form — here the
// yearly 老年人生活自理能力评估 (placement: 65 and over, due once a year) — is listed under 本期应随访;
// 随访 opens the resident's page on that form, the doctor fills and saves it, the page returns to
// the task centre and the resident has left the list. Then the team leader's 医生任务 tab.
test.use({ viewport: { width: 1366, height: 768 } });

const FORM = 'oldpeopleselfcare';
/** An option of the open antd select (its role=option twin is hidden). */
const pick = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();

test('a due follow-up is filled from the task centre and leaves the list', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const due = (await api.get(`userfollowup/task-centre-list?tab=period&formCode=${FORM}&size=50`)) as {
    records: { archId: string; personName: string; formName: string }[];
  };
  const resident = due.records.at(-1);
  expect(resident, 'the seed has a resident of 65 or more not yet evaluated this year').toBeTruthy();
  const row = page.getByTestId(`follow-${resident!.archId}-${FORM}`);

  // The home page shows the same numbers; 本期应随访 opens that tab.
  await page.goto('/home/index');
  await expect(page.getByTestId('home-total-period')).toBeVisible();
  await shot(page, 'task-centre-home');
  const byName = async () => {
    await page.getByLabel('姓名').fill(resident!.personName);
    await page.getByRole('button', { name: /查\s*询/ }).click();
  };

  await page.getByTestId('home-total-period').click();
  await expect(page).toHaveURL(/\/task\/user_followup\/index\?tab=period/);
  await expect(page.getByRole('tab', { name: /本期应随访/, selected: true })).toBeVisible();
  await expect(page.getByText(/统计日期 \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await shot(page, 'task-centre-period');
  await byName();
  await expect(row).toBeVisible();
  await expect(page.getByRole('row').filter({ has: row })).toContainText(resident!.formName);

  // 随访: the resident's page on that form.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/${FORM}\\?.*goToSource=task`));
  for (const item of ['eating', 'grooming', 'dressing', 'toileting', 'moving'])
    await field(page, item).getByText('可自理', { exact: true }).click();
  await field(page, 'doctorSign').locator('input').fill('张伟');
  await shot(page, 'task-centre-form');
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();

  // Back on the task centre, on the tab it came from; the resident is no longer due for the form.
  await expect(page).toHaveURL(/\/task\/user_followup\/index\?tab=period/);
  await expect(page.getByTestId('due-tab-period')).toBeVisible();
  await byName();
  await expect(page.locator('.ant-table-tbody')).toBeVisible();
  await expect(row).toHaveCount(0);
  const after = (await api.get(`userfollowup/task-centre-list?tab=period&formCode=${FORM}&size=50`)) as { records: { archId: string }[] };
  expect(after.records.map((r) => r.archId)).not.toContain(resident!.archId);

  // The team leader gives a task on the 医生任务 tab.
  const leader = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const lp = await leader.newPage();
  await login(lp, 'leader');
  await lp.goto('/task/user_followup/index?tab=doctortask');
  await expect(lp.getByRole('tab', { name: '医生任务', selected: true })).toBeVisible();
  await lp
    .getByRole('button', { name: /派发任务|新\s*增/ })
    .first()
    .click();
  await expect(lp.getByRole('dialog')).toBeVisible();
  await lp.getByRole('dialog').getByLabel('任务名称').fill('本周完成辖区高血压患者随访');
  await lp.getByRole('dialog').getByRole('combobox', { name: '团队' }).click();
  await pick(lp, '家庭医生一团队');
  await lp.getByRole('dialog').getByRole('combobox', { name: '执行医生' }).click();
  await pick(lp, '张伟');
  await lp.waitForTimeout(300);
  await shot(lp, 'task-centre-doctortask-dialog');
  await lp
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(lp.getByRole('dialog')).toBeHidden();
  await expect(lp.getByRole('row', { name: /本周完成辖区高血压患者随访/ })).toContainText('待完成');
  await shot(lp, 'task-centre-doctortask');
  await leader.close();

  // The doctor it was given to sees it on the same tab and finishes it.
  await page.goto('/task/user_followup/index?tab=doctortask');
  const task = page.getByRole('row', { name: /本周完成辖区高血压患者随访/ });
  await task.getByRole('button', { name: /完\s*成/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(task).toContainText('已完成');
});
