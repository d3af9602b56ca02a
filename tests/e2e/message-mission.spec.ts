import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 消息任务 (msgtemp/mission, mission-crowd-label; decision 0040): on the archive list a doctor sends
// one message to each resident chosen, then to every resident of a crowd label; the dialog is the
// form document messagemission (a label for a crowd, text when no template).
test.use({ viewport: { width: 1366, height: 768 } });

test('a doctor sends a message task to the residents chosen, then to the hypertension crowd', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  await page.goto('/publichealthwork/index');
  const table = page.locator('.ant-table-tbody');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  const rows = table.locator('tr.ant-table-row');
  const firstId = await rows.nth(0).getAttribute('data-row-key');
  await rows.nth(0).locator('input[type="checkbox"]').check();
  await rows.nth(1).locator('input[type="checkbox"]').check();

  await page.getByTestId('archives-mission').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '消息任务' });
  await expect(dialog).toContainText('已选 2 位居民');
  // No template and no text: the form's rule says so and nothing is sent.
  await dialog.getByRole('button', { name: /发\s*送/ }).click();
  await expect(dialog).toContainText('请输入内容');
  await dialog.locator('[data-field="title"] input').fill('血压复查提醒');
  await dialog.locator('[data-field="content"] textarea').fill('{姓名}您好，请本周来社区测量血压。');
  await shot(page, 'message-mission-dialog');
  await dialog.getByRole('button', { name: /发\s*送/ }).click();
  await expect(page.getByText('已发送2条消息')).toBeVisible();
  await expect(dialog).toBeHidden();
  const listed = (await api.get(`msgtemp/message-list?archId=${firstId}&size=50`)) as { records: { title: string; content: string }[] };
  expect(listed.records.find((r) => r.title === '血压复查提醒')?.content).toMatch(/^<p>\S+您好，请本周来社区测量血压。<\/p>$/);

  // To a crowd label: the label is asked for, then every hypertension resident the doctor reaches gets one.
  await page.getByTestId('archives-mission').click();
  await dialog.locator('[data-field="target"]').getByText('人群标签', { exact: true }).click();
  await dialog.locator('[data-field="content"] textarea').fill('{姓名}您好，高血压患者请按时服药。');
  await dialog.getByRole('button', { name: /发\s*送/ }).click();
  await expect(dialog).toContainText('请选择人群标签');
  await dialog.locator('[data-field="crowdLabel"] .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^高血压$/ }).click();
  await dialog.getByRole('button', { name: /发\s*送/ }).click();
  await expect(page.getByText(/已发送[1-9]\d*条消息/)).toBeVisible();
});
