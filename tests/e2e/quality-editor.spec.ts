import { expect, test, type Page } from '@playwright/test';
import { plantBpMarkedSatisfied } from './quality-support';
import { apiAs, login, shot } from './support';

const TOPIC = '高血压随访：血压未达标评为控制满意';
const NEW_MESSAGE = '血压≥140/90mmHg或脉压差<20mmHg，此次随访分类不应为“控制满意”';
const BROKEN = 'followupClass == "1" and (sbp >= 140 or dbp >= 90 || sbp - dbp < 20)';
const FIXED = 'followupClass == "1" and (sbp >= 140 or dbp >= 90 or sbp - dbp < 20)';

/** Replaces the first rule's condition in the expression editor (CodeMirror), as a user types it. */
async function typeCondition(page: Page, text: string) {
  const editor = page.getByTestId('topic-rule-when-0');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  // Typed without the editor's bracket and quote closing getting in the way: inserted as one text.
  await page.keyboard.insertText(text);
  await expect(editor).toHaveText(text);
}

test('an administrator edits a topic’s rule: 校验 shows the engine’s message, the fixed rule is saved and a run finds records by it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await login(page, 'admin');
  const api = await apiAs(page.context(), request);

  // A planted record the edited rule fails: 150/95 mmHg marked 控制满意 (the form's anomaly acknowledged), visit 400–999 days old.
  const { patient, visitDate } = await plantBpMarkedSatisfied(api);

  // 质量管理 → 编辑 on the topic: the file's version in the editor.
  await page.goto('/qualitymanage/index');
  const topicRow = page.getByRole('row', { name: new RegExp(TOPIC) });
  await expect(page.getByRole('button', { name: '新增专题' })).toBeVisible();
  await shot(page, 'quality-editor-list');
  await topicRow.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(page).toHaveURL(/\/qualitymanage\/edit\?code=gxy_bp_satisfied$/);
  await expect(page.getByText('文件版本', { exact: true })).toBeVisible();
  await expect(page.getByLabel('规则编号 1')).toHaveValue('bp_high_but_satisfied');
  await shot(page, 'quality-editor-open');

  // A broken condition: the engine's message inline as typed, and 校验 answers it next to the rule.
  await typeCondition(page, BROKEN);
  await page.getByLabel('提示信息 1').fill(NEW_MESSAGE);
  await expect(page.getByText(/'\|\|' 不可用, 逻辑或请写 or/)).toBeVisible();
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByTestId('check-outcome')).toHaveText('校验未通过');
  await expect(page.getByTestId('rule-problem')).toContainText("'||' 不可用, 逻辑或请写 or");
  await page.getByTestId('rule-problem').scrollIntoViewIfNeeded();
  await shot(page, 'quality-editor-broken');

  // Fixed: 校验 passes, every case passes.
  await typeCondition(page, FIXED);
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByTestId('check-outcome')).toHaveText('校验通过');
  await expect(page.getByTestId('rule-problem')).toHaveCount(0);
  await expect(page.locator('.ant-tag-success', { hasText: '通过' }).first()).toBeVisible();
  await page.getByTestId('check-outcome').scrollIntoViewIfNeeded();
  await shot(page, 'quality-editor-fixed');

  // 保存: the topic's page, with the institution's rule; 开始质控 finds the planted record by it.
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/qualitymanage\/gxy_bp_satisfied$/);
  await expect(page.getByText(FIXED)).toBeVisible();
  await page.getByRole('button', { name: '开始质控' }).click();
  await expect(page.getByText(/\d+ 条有问题 \/ 共检查 \d+ 条/)).toBeVisible({ timeout: 30_000 });
  await page.getByPlaceholder('居民姓名').fill(patient.personName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(visitDate) });
  await expect(row).toContainText(NEW_MESSAGE);
  await expect(row).toContainText('收缩压：150');
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(page, 'quality-editor-run');

  // 恢复为文件版本: the institution's version removed, the file's rule back.
  await page.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(page.getByText('本机构版本', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '恢复为文件版本' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page).toHaveURL(/\/qualitymanage\/gxy_bp_satisfied$/);
  await expect(page.getByText('followupClass == "1" and (sbp >= 140 or dbp >= 90)', { exact: true })).toBeVisible();
});
