import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 报表文件 (decision 0038): a doctor's printed files (kept print links, blade-report/report/rest/*) are
// listed on their own page, opened in the print viewer (the PDF made again now), annotated and removed.
test.use({ viewport: { width: 1366, height: 768 } });

test('a doctor opens, annotates and removes a printed file on 报表文件', async ({ page }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), page.request);
  const residents = (await api.get('commuserarchives/new-list?size=2')) as { records: { id: string; personName: string }[] };
  const resident = residents.records[0]!;
  const param = encodeURIComponent(JSON.stringify({ archId: resident.id }));
  const kept = (await api.get(`report/get-preview-url?origin=archive&code=archivecard&param=${param}`)) as { name: string };
  expect(kept.name).toBe(`居民健康档案封面/个人基本信息表-${resident.personName}`);

  // Reached from the menu.
  await page.locator('.ant-menu').getByText('报表文件', { exact: true }).click();
  await expect(page).toHaveURL(/\/reportfile\/index$/);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: kept.name });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  await row.getByRole('button', { name: '打开' }).click();
  const viewer = page.getByRole('dialog', { name: kept.name });
  await expect(viewer.getByTestId('pdf-page-counter')).toHaveText(/^第 1 页 \/ 共 \d+ 页$/, { timeout: 30_000 });
  await viewer.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(viewer).toBeHidden();

  await row.getByRole('button', { name: '备注' }).click();
  const remark = page.getByRole('dialog', { name: '备注' });
  await remark.getByLabel('备注').fill('家访时交给居民');
  await remark.getByRole('button', { name: /保\s*存/ }).click();
  await expect(remark).toBeHidden();
  await expect(row).toContainText('家访时交给居民');
  await shot(page, 'report-files');

  await row.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: kept.name })).toHaveCount(0);
});
