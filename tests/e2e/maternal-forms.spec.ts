import { expect, test, type Page } from '@playwright/test';
import { field, pickDate } from './form-fields';
import { apiAs, login, shot } from './support';

type ArchiveRow = { id: string; sex?: string | number };

async function pickOption(page: Page, prop: string, label: string) {
  await field(page, prop).locator('.ant-select-selector').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: label })
    .first()
    .click();
  await field(page, prop).locator('input').press('Escape');
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
}

test('第1次产前检查: the LMP gives the gestational weeks and due date; ticked risk factors grade the pregnancy by the highest colour, purple beside it', async ({
  page,
  request,
}) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?size=50')) as { records: ArchiveRow[] };
  const woman = list.records.find((r) => String(r.sex) === '2');
  expect(woman, 'the seed has a woman').toBeTruthy();

  await page.goto(`/publichealthwork/detail/maternalfirstvisit?arch_id=${woman!.id}`);
  await expect(field(page, 'lmp')).toBeVisible();
  const today = new Date();
  const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toLocaleDateString('sv-SE');
  await pickDate(page, 'visitDate', daysAgo(0));
  await pickDate(page, 'lmp', daysAgo(70));
  await expect(field(page, 'gestationWeeks').locator('input')).toHaveValue('10');
  await expect(field(page, 'gestationText').locator('input')).toHaveValue('孕10周');
  await expect(field(page, 'riskGrade')).toContainText('绿色（低风险）');

  await pickOption(page, 'riskYellow', '瘢痕子宫');
  await expect(field(page, 'riskGrade')).toContainText('黄色（一般风险）');
  await pickOption(page, 'riskRed', '重度贫血');
  await expect(field(page, 'riskGrade')).toContainText('红色（高风险）');
  await pickOption(page, 'riskPurple', '梅毒');
  await expect(field(page, 'riskInfectious')).toContainText('紫色（传染病）');
  await expect(field(page, 'riskGrade')).toContainText('红色（高风险）');
  await field(page, 'riskGrade').scrollIntoViewIfNeeded();
  await shot(page, 'maternal-first-visit-risk');

  // A future LMP is refused on the field, with what was typed kept.
  await pickDate(page, 'lmp', new Date(today.getTime() + 5 * 86_400_000).toLocaleDateString('sv-SE'));
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(field(page, 'lmp')).toContainText('末次月经日期不能晚于今天');
  await expect(field(page, 'riskRed')).toContainText('重度贫血');
  await field(page, 'lmp').scrollIntoViewIfNeeded();
  await shot(page, 'maternal-first-visit-future-lmp');
});
