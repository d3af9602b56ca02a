import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 统计报表 (server/statistics, decision 0035): disease control opens 工作量统计 from its menu; the
// archives created this year, in the table and the chart's tooltip, are the archives the
// administrator's archive list counts (every archive of the institution was created this year:
// the seed's at the server's start, the journeys' since); 重点人群健康管理's hypertensive residents on
// record are the archive picker's count of the label. Reads only: no journey's data changes.
test.use({ viewport: { width: 1366, height: 768 } });

test('disease control’s statistics match the counts of the archive lists', async ({ page, browser, request }) => {
  // The counts, made by the administrator through the archive lists.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, 'admin');
  const admin = await apiAs(adminContext, request);
  const total = ((await admin.get('commuserarchives/list?size=1')) as { total: number }).total;
  const zhang = ((await admin.get('commuserarchives/list?size=1&mainDoctorId_equal=2302')) as { total: number }).total;
  const hypertensive = ((await admin.get('commuserarchives/new-list?size=1&crowdLabel=hypertension')) as { total: number }).total;
  await adminContext.close();
  expect(zhang).toBeGreaterThan(0);

  await login(page, 'cdc');
  await page.getByRole('menuitem', { name: '统计报表' }).click();
  await expect(page).toHaveURL(/\/statisticalreport\/workloadstatistics$/);
  await expect(page.getByTestId('statistics-scope')).toHaveText('统计范围：本机构全部居民');

  const totals = page.getByTestId('workload-totals');
  await expect(totals.locator('td').nth(2)).toHaveText(String(total));
  const zhangRow = page.getByTestId('workload-table').getByRole('row', { name: /张伟/ });
  await expect(zhangRow.locator('td').nth(2)).toHaveText(String(zhang));

  // The chart's tooltip on 张伟's bar says the same.
  const chart = page.getByTestId('workload-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  const labels = await page.getByTestId('workload-table').locator('tbody tr.ant-table-row td:first-child').allTextContents();
  const box = (await chart.boundingBox())!;
  const plotLeft = box.x + 48;
  const plotWidth = box.width - 48 - 24;
  const index = labels.indexOf('张伟');
  await page.mouse.move(plotLeft + (plotWidth / labels.length) * (index + 0.5), box.y + box.height - 80);
  const tooltip = chart.locator('div').filter({ hasText: '张伟' }).filter({ hasText: '建档数' }).last();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(new RegExp(`建档数\\s*${zhang}`));
  await shot(page, 'statistics-workload');

  await page.getByTestId('tab-keyPopulation').click();
  await expect(page).toHaveURL(/\/statisticalreport\/keypopulationhealthmanage$/);
  const ht = page.getByTestId('population-table').getByRole('row', { name: /高血压患者/ });
  await expect(ht.locator('td').nth(1)).toHaveText(String(hypertensive));
  await expect(page.getByTestId('indicator-definitions')).toContainText('管理人群血压控制率');
  await expect(page.getByTestId('population-chart').locator('canvas')).toBeVisible();
  await shot(page, 'statistics-key-population');
  await page.getByTestId('indicator-definitions').scrollIntoViewIfNeeded();
  await shot(page, 'statistics-definitions');
});
