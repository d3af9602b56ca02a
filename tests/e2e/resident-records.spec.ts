import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, shot } from './support';

// The resident-side records a doctor keeps (spec 001 §7): 用药记录, 就医记录, 生活习惯, 档案计划 and its
// 明细 — each a resource document's screen; the doctor adds one row through the dialog and sees it listed.
const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });
const field = (page: Page, label: string) => dialog(page).locator('.ant-form-item, .fr-field').filter({ hasText: label }).first();

/** Picks an option of a select field of the open dialog. */
async function select(page: Page, label: string, option: string) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Picks a choice shown as radio buttons. */
async function radio(page: Page, label: string, option: string) {
  await field(page, label).getByRole('radio', { name: option, exact: true }).check();
}

/** Types a date into a date field of the open dialog and closes its panel (without Escape, which would close the dialog). */
async function date(page: Page, label: string, value: string) {
  const input = dialog(page).getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
  await dialog(page).locator('.ant-modal-title').click();
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
}

async function openAdd(page: Page, route: string) {
  await page.goto(route);
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page)).toBeVisible();
}

async function saved(page: Page, screen: string, rowText: RegExp) {
  await shot(page, `resident-records-${screen}-dialog`);
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('row', { name: rowText }).first()).toBeVisible();
  await shot(page, `resident-records-${screen}-list`);
}

interface Archive {
  id: string;
  personName: string;
}

test.use({ viewport: { width: 1366, height: 768 }, actionTimeout: 20_000 });

test('a doctor adds a drug, a visit, a resident’s habits, an archive plan and a resident in it', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await login(page, 'doctor');
  const api = await apiAs(context, request);
  const [first, second] = ((await api.get('commuserarchives/new-list?current=1&size=5')) as { records: Archive[] }).records as [
    Archive,
    Archive,
  ];

  // 用药记录: the follow-up forms' 用药情况.
  await openAdd(page, '/publichealthwork/medication/index');
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg').first()).toHaveText('请选择居民');
  await select(page, '居民', first.personName);
  await dialog(page).getByLabel('药物名称').fill('苯磺酸氨氯地平片');
  await select(page, '用法', '口服');
  await dialog(page).getByLabel('用量').fill('每次5mg');
  await select(page, '频次', '每日1次');
  await radio(page, '服药依从性', '规律');
  await date(page, '开始日期', '2026-03-01');
  await saved(page, 'medication', /苯磺酸氨氯地平片/);

  // 就医记录: newest visit first.
  await openAdd(page, '/publichealthwork/medical/index');
  await select(page, '居民', first.personName);
  await date(page, '就诊日期', '2026-11-20');
  await radio(page, '就医类型', '门诊');
  await dialog(page).getByLabel('医疗机构').fill('源城区人民医院');
  await dialog(page).getByLabel('科室').fill('心内科');
  await dialog(page).getByLabel('诊断').fill('原发性高血压');
  await saved(page, 'medical', /源城区人民医院/);

  // 生活习惯: the examination form's 生活方式; a smoker is asked how much and since when.
  await openAdd(page, '/publichealthwork/habits/index');
  await select(page, '居民', second.personName);
  await date(page, '调查日期', '2026-11-20');
  await radio(page, '锻炼频率', '每天');
  await dialog(page).getByLabel('每次锻炼时间').fill('40');
  await dialog(page).getByLabel('坚持锻炼时间').fill('5');
  await dialog(page).getByLabel('锻炼方式').fill('快走');
  await radio(page, '饮食习惯', '荤素均衡');
  await radio(page, '吸烟状况', '吸烟');
  await dialog(page).getByLabel('日吸烟量').fill('10');
  await dialog(page).getByLabel('开始吸烟年龄').fill('20');
  await radio(page, '饮酒频率', '从不');
  await radio(page, '职业病危害因素接触史', '无');
  await saved(page, 'habits', new RegExp(second.personName));

  // 档案计划, then a resident in it (档案计划明细).
  const planName = `老年人档案更新 ${Date.now().toString(36)}`;
  await openAdd(page, '/publichealthwork/archivesplan/index');
  await dialog(page).getByLabel('计划名称').fill(planName);
  await select(page, '目标人群', '65岁及以上老年人');
  await date(page, '开始日期', '2026-01-01');
  await date(page, '结束日期', '2026-12-31');
  await saved(page, 'plan', new RegExp(planName));

  await openAdd(page, '/publichealthwork/archivesplandts/index');
  await select(page, '档案计划', planName);
  await select(page, '居民', first.personName);
  await dialog(page).getByLabel('任务').fill('更新健康档案');
  await date(page, '计划完成日期', '2026-12-31');
  await radio(page, '完成情况', '未完成');
  await saved(page, 'plan-dts', /更新健康档案/);
});
