import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 导出任务: an export started off the request (asyntask/genrate-asyn-task, as the page's API client
// src/api/asyntask.ts sends it — the 药品目录 toolbar keeps its synchronous 导出), worked on the job
// queue, seen finishing in the list with its progress bar, and downloaded as a workbook.
const CODE = `AE${Date.now().toString(36).toUpperCase()}`;

test('an administrator starts an export, sees it finish in 导出任务 and downloads it', async ({ page, request }) => {
  await login(page, 'admin');
  const api = await apiAs(page.context(), request);
  await api.post('drugs/submit', { ypbm: CODE, ypmc: '异步导出测试片' });
  const task = (await api.post('asyntask/genrate-asyn-task', {
    url: '/api/blade-iph-business/drugs/list',
    params: { ypbm_like: CODE },
    columns: [
      { label: '药品编码', prop: 'ypbm' },
      { label: '药品名称', prop: 'ypmc' },
    ],
    title_name: '药品目录异步导出',
  })) as { id: string; statusText: string };
  expect(task.statusText).toBe('排队中');

  await page.goto('/system/asyntask/index');
  const row = page.getByRole('row', { name: /药品目录异步导出/ }).first();
  await expect(row).toBeVisible();
  // The list refreshes itself every 2 s while the task runs: no reload here.
  await expect(row).toContainText('已完成', { timeout: 30_000 });
  await expect(row.locator('.ant-progress')).toHaveClass(/ant-progress-status-success/);
  await expect(row).toContainText('1');
  await shot(page, 'async-export-list');

  const downloaded = page.waitForEvent('download');
  await row.getByRole('button', { name: /下\s*载/ }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe('药品目录异步导出.xlsx');

  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|是|OK/ })
    .first()
    .click();
  await expect(page.locator('.ant-message')).toContainText('删除成功');
  await expect(page.getByRole('row', { name: /药品目录异步导出/ })).toHaveCount(0);
});
