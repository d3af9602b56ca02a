import { expect, test } from '@playwright/test';
import { plantBpMarkedSatisfied } from './quality-support';
import { apiAs, login, shot } from './support';

test('a team leader runs a quality topic, finds a planted inconsistent follow-up and opens it', async ({ page, request }) => {
  test.setTimeout(60_000);
  await login(page, 'leader');
  const api = await apiAs(page.context(), request);

  // The planted record: 150/95 mmHg marked 控制满意 (quality-support.ts).
  const { patient, visitDate } = await plantBpMarkedSatisfied(api);

  // 质量管理: the topics grouped; 开始质控 on the hypertension consistency topic, its bar until done.
  await page.goto('/qualitymanage/index');
  const topicRow = page.getByRole('row', { name: /高血压随访：血压未达标评为控制满意/ });
  await expect(topicRow).toBeVisible();
  const started = page.waitForResponse((r) => r.url().includes('/quality-manage/run') && r.request().method() === 'POST');
  await topicRow.getByRole('button', { name: '开始质控' }).click();
  await expect(page.getByText('质控任务已开始')).toBeVisible();
  // This run's own end: until the list shows it, the row may still show an earlier run (another
  // user's, which the list shows while the caller has none), already finished.
  const run = ((await (await started).json()) as { data: { id: string } }).data;
  await expect
    .poll(async () => ((await api.get(`quality-manage/run-detail?id=${run.id}`)) as { status: number }).status, { timeout: 30_000 })
    .toBe(2);
  await expect(topicRow).toContainText(/\d+ 条有问题 \/ 共检查 \d+ 条/, { timeout: 30_000 });
  await shot(page, 'quality-topics');

  // The topic's failing records: the planted one, with the rule and the values that failed it.
  await topicRow.getByRole('link', { name: '高血压随访：血压未达标评为控制满意' }).click();
  await expect(page).toHaveURL(/\/qualitymanage\/gxy_bp_satisfied$/);
  await page.getByPlaceholder('居民姓名').fill(patient.personName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(visitDate) });
  await expect(row).toContainText('血压≥140/90mmHg，此次随访分类不应为“控制满意”');
  await expect(row).toContainText('收缩压：150');
  await expect(row).toContainText('舒张压：95');
  await expect(row).toContainText('此次随访分类：控制满意');
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(page, 'quality-failures');

  // 查看记录: the resident's archive page on the hypertension follow-up form.
  await row.getByRole('button', { name: '查看记录' }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/hypertensionfollowup\\?arch_id=${patient.id}`));
  // The record itself is open (record_id), with the values the rule read.
  await expect(page.locator('[data-field="sbp"] input').first()).toHaveValue('150');
  await expect(page.locator('[data-field="visitDate"] input').first()).toHaveValue(visitDate);
  await shot(page, 'quality-record');
});
