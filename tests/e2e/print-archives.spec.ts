import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, SCREENS, shot } from './support';

// 打印 on the archive list (getPrintFile, decision 0038): a doctor prints nothing and is told to choose,
// chooses two residents, asks for next year and is told 不能大于当前年份!, then prints this year's
// health archives: one PDF made on the server, each resident's cover and 个人基本信息表, in the viewer
// with its pages. Then the archive page's 打印档案 prints one resident's archive card, and the
// administrator sees the seeded templates on 打印模板.
test.use({ viewport: { width: 1366, height: 768 } });

const thisYear = new Date().getFullYear();

async function chooseYear(page: Page, dialog: Locator, year: number) {
  await dialog.locator('.ant-picker input').click();
  const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await panel.locator(`td[title="${year}"]`).click();
  await expect(panel).toBeHidden();
  await expect(dialog.locator('.ant-picker input')).toHaveValue(String(year));
}

async function expectPdfPages(page: Page, atLeast: number): Promise<Locator> {
  const viewer = page.getByRole('dialog', { name: '打印预览' });
  await expect(viewer.getByTestId('pdf-page-counter')).toHaveText(/^第 1 页 \/ 共 \d+ 页$/, { timeout: 30_000 });
  const pages = Number((await viewer.getByTestId('pdf-page-counter').textContent())!.match(/共 (\d+) 页/)![1]);
  expect(pages).toBeGreaterThanOrEqual(atLeast);
  const canvas = viewer.getByTestId('pdf-page');
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(500);
  return viewer;
}

test('a doctor prints two selected archives for this year, and is told when the year is ahead', async ({ page }) => {
  await login(page, 'doctor');
  await page.goto('/publichealthwork/index');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();

  await page.getByTestId('archives-print').click();
  await expect(page.getByText('请选择要打印的档案!')).toBeVisible();

  const names = [await rows.nth(0).locator('td').nth(2).textContent(), await rows.nth(1).locator('td').nth(2).textContent()];
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await page.getByTestId('archives-print').click();

  const dialog = page.getByRole('dialog', { name: '打印档案' });
  await expect(dialog).toContainText('已选择 2 份档案');
  await expect(dialog.locator('.ant-picker input')).toHaveValue(String(thisYear));
  await chooseYear(page, dialog, thisYear + 1);
  await dialog.getByRole('button', { name: /打\s*印/ }).click();
  await expect(dialog.getByTestId('print-year-problem')).toHaveText('不能大于当前年份!');
  await shot(page, 'print-archives-future-year');

  await chooseYear(page, dialog, thisYear);
  await dialog.getByRole('button', { name: /打\s*印/ }).click();
  await expect(dialog).toBeHidden();
  // Two residents, each a cover and 个人基本信息表 (and this year's records): four pages at least.
  const viewer = await expectPdfPages(page, 4);
  await shot(page, 'print-archives-viewer');
  await viewer.getByRole('button', { name: /下一页/ }).click();
  await expect(viewer.getByTestId('pdf-page-counter')).toHaveText(/^第 2 页 \/ 共 \d+ 页$/);
  const png = await viewer.getByTestId('pdf-page').evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  writeFileSync(path.join(SCREENS, 'print-archives-basic-info.png'), Buffer.from(png.split(',')[1]!, 'base64'));
  await viewer.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(viewer).toBeHidden();
  expect(names.every((n) => n && n.length > 0)).toBe(true);

  // The archive page's 打印档案: one resident's cover and basic information.
  await rows.nth(0).locator('td').nth(2).getByText(names[0]!).click();
  await expect(page.getByTestId('archive-header')).toBeVisible();
  await page.getByTestId('archive-print-archive').click();
  const one = page.getByRole('dialog', { name: '打印档案' });
  await expect(one).toContainText('已选择 1 份档案');
  await one.getByText('档案封面/个人基本信息表').click();
  await one.getByRole('button', { name: /打\s*印/ }).click();
  const cardViewer = await expectPdfPages(page, 2);
  await shot(page, 'print-archive-card-viewer');
  await cardViewer.getByRole('button', { name: /关\s*闭/ }).click();
});

test('the administrator finds the seeded print templates on 打印模板', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/business/report/index');
  const table = page.locator('.ant-table-tbody');
  await expect(table).toContainText('居民健康档案封面/个人基本信息表');
  await expect(table).toContainText('healtharchiveprint');
  await shot(page, 'print-templates-admin');
  // A template's dialog: its recipe and params as JSON text (a follow-up form's: its record as the paper form).
  await table
    .getByRole('row', { name: /高血压患者随访服务记录表/ })
    .getByText('编辑')
    .click();
  const edit = page.getByRole('dialog');
  await expect(edit.locator('textarea').last()).toHaveValue(/"kind": "record"/);
  // Its folder, chosen from the folders' tree, shows by name.
  await expect(edit).toContainText('随访记录');
  // The dialog's opening animation over before the picture.
  await expect.poll(() => edit.locator('.ant-modal-content').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
  await page.waitForTimeout(400);
  await shot(page, 'print-templates-edit');
  // Saved as it is: the server checks the recipe again and keeps the row.
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(edit).toBeHidden();
  await expect(table).toContainText('高血压患者随访服务记录表');
});

test('the administrator changes one word of a long built-in recipe on 打印模板, and it is kept', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/business/report/index');
  const table = page.locator('.ant-table-tbody');
  const row = table.getByRole('row', { name: /居民健康档案（年度）/ });
  await row.getByText('编辑').click();
  const edit = page.getByRole('dialog');
  const recipe = edit.getByLabel('模板内容');
  // The whole recipe (cover, basic information, the year's records) is in the box: far beyond 2,000 characters.
  await expect(recipe).toHaveValue(/"kind": "records"/);
  const text = await recipe.inputValue();
  expect(text.length).toBeGreaterThan(2000);
  await expect(recipe).toHaveCSS('font-family', /monospace/);
  await recipe.fill(text.replace('"title": "居民健康档案"', '"title": "居民健康档案（年度本）"'));
  await expect.poll(() => edit.locator('.ant-modal-content').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
  await shot(page, 'print-templates-long-recipe');
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(edit).toBeHidden();

  await row.getByText('编辑').click();
  const again = page.getByRole('dialog');
  await expect(again.getByLabel('模板内容')).toHaveValue(/"title": "居民健康档案（年度本）"/);
  await expect(again.getByLabel('模板内容')).toHaveValue(/"kind": "records"/);
  await again.getByRole('button', { name: /取\s*消/ }).click();
});
