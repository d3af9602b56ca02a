import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, shot } from './support';

// The resident side's records kept as resource documents (issue 31): 签到分组 and 签到记录, 住院记录,
// 就诊记录 — each opened by the doctor from the menu, a row added through its dialog (the dialog's
// rules answer first), the row in the list.
const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });
const field = (page: Page, label: string) => dialog(page).locator('.ant-form-item, .fr-field').filter({ hasText: label }).first();

async function fill(page: Page, label: string, value: string) {
  await field(page, label).locator('input, textarea').first().fill(value);
}

async function pickDate(page: Page, label: string, date: string) {
  const input = field(page, label).locator('input');
  await input.fill(date);
  await input.press('Enter');
  // Escape would close the dialog itself: a click on its title closes the picker's panel instead.
  await dialog(page).locator('.ant-modal-title').click();
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
}

async function openAdd(page: Page, route: string) {
  await page.goto(route);
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page)).toBeVisible();
}

async function saved(page: Page, rowText: string) {
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(rowText) })).toBeVisible();
}

test.use({ viewport: { width: 1366, height: 768 } });

test('a doctor keeps check-in groups, check-ins, in-patient and visit records from their screens', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  await login(page, 'doctor');
  const api = await apiAs(context, request);
  const [resident] = ((await api.get('commuserarchives/list?current=1&size=1')) as { records: { id: string; personName: string }[] })
    .records;
  const tag = Date.now().toString(36).toUpperCase();

  const groupName = `健康讲座 ${tag}`;
  await openAdd(page, '/publichealthwork/checkingroup/index');
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入分组名称', '请选择签到日期']);
  await fill(page, '分组名称', groupName);
  await pickDate(page, '签到日期', '2026-11-20');
  await fill(page, '签到地点', '社区卫生服务中心二楼');
  await shot(page, 'care-records-checkin-group-dialog');
  await saved(page, groupName);
  await expect(page.getByRole('row', { name: new RegExp(groupName) })).toContainText('2026-11-20');
  await shot(page, 'care-records-checkin-groups');

  const group = ((await api.get(`usercheckingroup/list?groupName=${encodeURIComponent(groupName)}`)) as { records: { id: string }[] })
    .records[0]!;
  await openAdd(page, '/publichealthwork/checkinprevent/index');
  await fill(page, '签到分组', group.id);
  await fill(page, '居民', resident!.id);
  await fill(page, '预防措施', `接种流感疫苗 ${tag}`);
  await saved(page, `接种流感疫苗 ${tag}`);
  await shot(page, 'care-records-checkins');

  await openAdd(page, '/publichealthwork/inpatient/index');
  await fill(page, '姓名', resident!.personName);
  await fill(page, '居民', resident!.id);
  await fill(page, '医院', `源城区人民医院 ${tag}`);
  await fill(page, '科室', '心内科');
  await pickDate(page, '入院日期', '2026-11-10');
  await pickDate(page, '出院日期', '2026-11-05');
  await fill(page, '诊断', '原发性高血压');
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toContainText('出院日期不能早于入院日期');
  await pickDate(page, '出院日期', '2026-11-18');
  await shot(page, 'care-records-inpatient-dialog');
  await saved(page, `源城区人民医院 ${tag}`);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toContainText('2026-11-10');
  await shot(page, 'care-records-inpatients');

  await openAdd(page, '/publichealthwork/visit/index');
  await fill(page, '居民', resident!.id);
  await pickDate(page, '就诊日期', '2026-11-21');
  await fill(page, '就诊机构', `河源市中医院 ${tag}`);
  await fill(page, '诊断', '2型糖尿病');
  await saved(page, `河源市中医院 ${tag}`);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toContainText('2026-11-21');
  await shot(page, 'care-records-visits');
});
