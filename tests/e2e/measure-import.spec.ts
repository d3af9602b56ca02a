import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { login, shot } from './support';

// 检查检验报告's 导入 (usermeasureproject/import-measure, decision 0037): a doctor uploads an Excel of lab
// results; a file with a bad row is refused whole and the import log names the row; the corrected
// file is imported and the server's count is shown, the report listed.
test.use({ viewport: { width: 1366, height: 768 } });

const HEADER = ['检验单号*', '姓名*', '证件号码', '报告类型*', '项目编码', '检验日期*', '指标名称*', '结果*', '单位', '健康档案指标编码'];
const today = new Date().toISOString().slice(0, 10);

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('报告');
  ws.addRow(HEADER);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The page's own list (the import log is a table too). */
const list = (page: Page) => page.locator('.ant-table-tbody').first();

async function upload(page: Page, file: Buffer) {
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('input[type=file]') });
  // The server replaces a report by its 检验单号 itself: no 是否覆盖 to answer.
  await expect(dialog.getByText('是否覆盖')).toHaveCount(0);
  await dialog.locator('input[type=file]').setInputFiles({
    name: '检验报告.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await dialog.getByRole('button', { name: /上\s*传|确\s*定/ }).click();
  return dialog;
}

test('a doctor imports lab reports from Excel on 检查检验报告, told which row is wrong first', async ({ page }) => {
  await login(page, 'doctor');
  await page.goto('/publichealthwork/measure/index');
  const good = ['E2E-IMP-1', '王五', '', '检验报告', '', today, '空腹血糖', '5.1', 'mmol/L', ''];

  await upload(page, await sheet([good, ['E2E-IMP-2', '赵六', '', '化验', '', today, '空腹血糖', '6.0', 'mmol/L', '']]));
  const log = page.getByRole('dialog', { name: /导入日志|日志/ });
  await expect(log).toContainText('报告类型只能填写测量报告、检验报告或检查报告');
  await expect(log).toContainText('第3行');
  await expect.poll(() => log.locator('.ant-modal-content').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
  await shot(page, 'measure-import-refused');
  await log.locator('.ant-modal-close').click();
  await expect(log).toBeHidden();
  await page
    .getByRole('dialog', { name: '数据导入' })
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(list(page)).not.toContainText('E2E-IMP-1');

  const dialog = await upload(page, await sheet([good]));
  await expect(page.getByText('导入成功：1份报告')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(list(page)).toContainText('E2E-IMP-1');
  await shot(page, 'measure-import-done');
});
