import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 健康档案规则 (spec 002 §7 ehrproject, ehr, assehr, assehrrul): four screens made from their resource
// documents — each opened by the administrator, a row added through its dialog (the dialog's rules
// first), the list showing it.
const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });
const add = (page: Page) => page.getByRole('button', { name: /^新\s*增$/ });
const SUFFIX = Date.now().toString(36);

/** Picks an option of a short option list (the dialog shows it as radio buttons). */
async function choose(page: Page, label: string, option: string) {
  await dialog(page).getByLabel(label, { exact: true }).getByRole('radio', { name: option }).check();
}

async function saved(page: Page, name: string, code: string) {
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toBeVisible();
  await page.waitForTimeout(300); // the dialog's closing animation
  await shot(page, `resource-${name}-list`);
}

test('检查检验项目: a lab project added through the dialog', async ({ page }) => {
  const code = `XCG${SUFFIX}`.toUpperCase();
  await login(page, 'admin');
  await page.goto('/business/ehrproject/index');
  await add(page).click();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入项目编码', '请输入项目名称']);
  await choose(page, '项目类型', '检验');
  await dialog(page).getByLabel('项目编码').fill(code);
  await dialog(page).getByLabel('项目名称').fill('血常规');
  await shot(page, 'resource-ehrproject-dialog');
  await saved(page, 'ehrproject', code);
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('检验');
});

test('健康档案指标: an indicator with its normal range', async ({ page }) => {
  const code = `sbp${SUFFIX}`;
  await login(page, 'admin');
  await page.goto('/business/ehr/index');
  await add(page).click();
  await dialog(page).getByLabel('指标编码').fill(code);
  await dialog(page).getByLabel('指标名称').fill('收缩压');
  await dialog(page).getByLabel('单位').fill('mmHg');
  await dialog(page).getByRole('textbox', { name: '正常下限' }).fill('140');
  await dialog(page).getByRole('textbox', { name: '正常上限' }).fill('90');
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toContainText(['正常上限不能小于正常下限']);
  await dialog(page).getByRole('textbox', { name: '正常下限' }).fill('90');
  await dialog(page).getByRole('textbox', { name: '正常上限' }).fill('139');
  await shot(page, 'resource-ehr-dialog');
  await saved(page, 'ehr', code);
});

test('评估指标: an indicator an assessment weighs', async ({ page }) => {
  const code = `hbp${SUFFIX}`;
  await login(page, 'admin');
  await page.goto('/business/assehr/index');
  await add(page).click();
  await dialog(page).getByLabel('评估编码').fill(code);
  await dialog(page).getByLabel('指标编码').fill('sbp');
  await dialog(page).getByLabel('权重').fill('2');
  await shot(page, 'resource-assehr-dialog');
  await saved(page, 'assehr', code);
});

test('评估规则: a rule with its expression and result level', async ({ page }) => {
  const code = `hbp${SUFFIX}`;
  await login(page, 'admin');
  await page.goto('/business/assehrrul/index');
  await add(page).click();
  await dialog(page).getByLabel('评估编码').fill(code);
  await dialog(page).getByLabel('规则名称').fill('血压偏高');
  await dialog(page).getByLabel('规则表达式').fill('sbp >= 140 or dbp >= 90');
  await choose(page, '结果等级', '异常');
  await dialog(page).getByLabel('提示信息').fill('血压偏高, 建议两周内复查');
  await shot(page, 'resource-assehrrul-dialog');
  await saved(page, 'assehrrul', code);
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('异常');
});

test('数据转换, 数据转换配置 and 数据集: a row added through each dialog', async ({ page }) => {
  const code = `sex${SUFFIX}`;
  await login(page, 'admin');
  await page.goto('/business/dataconversion/index');
  await add(page).click();
  await dialog(page).getByLabel('转换编码').fill(code);
  await dialog(page).getByLabel('转换名称').fill('性别代码');
  await shot(page, 'resource-dataconversion-dialog');
  await saved(page, 'dataconversion', code);
  const api = await apiAs(page.context(), page.request);
  const listed = (await api.get(`dataconversion/list?convCode_equal=${code}`)) as { records: { id: string }[] };
  const conversionId = listed.records[0]!.id;

  await page.goto('/business/dataconversionconfig/index');
  await add(page).click();
  await dialog(page).getByLabel('所属转换').fill(conversionId);
  await dialog(page).getByLabel('本系统代码').fill(`1${SUFFIX}`);
  await dialog(page).getByLabel('平台代码').fill('M');
  await dialog(page).getByLabel('说明').fill('男');
  await shot(page, 'resource-dataconversionconfig-dialog');
  await saved(page, 'dataconversionconfig', `1${SUFFIX}`);

  await page.goto('/business/avuedata/index');
  await add(page).click();
  await dialog(page).getByLabel('数据集编码').fill(`board${SUFFIX}`);
  await dialog(page).getByLabel('数据集名称').fill('随访大屏');
  await dialog(page).getByLabel('内容 (JSON)').fill('{charts: ]');
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toContainText(['内容不是有效的 JSON']);
  await dialog(page).getByLabel('内容 (JSON)').fill('{"charts": [{"type": "bar"}]}');
  await shot(page, 'resource-avuedata-dialog');
  await saved(page, 'avuedata', `board${SUFFIX}`);
});
