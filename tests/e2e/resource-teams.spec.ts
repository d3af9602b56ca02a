import { expect, test, type Page } from '@playwright/test';
import { login, shot } from './support';

// 家庭医生团队, 团队成员, 医生助理, 区域医生: four screens made from resource documents
// (schemas/crud/{doctorteam,doctorteamdts,doctorassistant,regiondoctor}.crud.json) — each opened by
// the administrator, a row added through its dialog (the dialog's own messages first), the list
// showing names rather than ids where a column picks a team or a user.
const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });
const addButton = (page: Page) => page.getByRole('button', { name: /^新\s*增$/ });
const stamp = Date.now().toString(36).toUpperCase();

/** Picks an option of a (single) select field of the open dialog. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  // A single select closes itself (Escape would close the dialog).
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The dialog's own warning toast is gone (before a screenshot). */
const toastsGone = (page: Page) => expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });

async function saved(page: Page, name: string) {
  await toastsGone(page);
  await shot(page, `${name}-dialog`);
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  await page.waitForTimeout(300); // the dialog's closing animation
  await toastsGone(page);
}

test('家庭医生团队: an administrator adds a team with its department and leader', async ({ page }) => {
  const name = `家庭医生${stamp}团队`;
  await login(page, 'admin');
  await page.goto('/business/doctorteam/index');
  await expect(page.getByRole('row', { name: /家庭医生一团队/ })).toBeVisible();
  await addButton(page).click();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入团队名称', '请选择所属科室']);
  await dialog(page).getByLabel('团队名称').fill(name);
  await dialog(page).getByLabel('团队编码').fill(`T${stamp}`);
  await choose(page, '所属科室', '全科医疗科');
  await choose(page, '团队长', '王强');
  await dialog(page).getByLabel('联系电话').fill('0762-3388123');
  await dialog(page).getByLabel('团队简介').fill('负责东片区的签约居民');
  await saved(page, 'resource-doctorteam');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('全科医疗科');
  await expect(row).toContainText('王强');
  await expect(row).toContainText('启用');
  await shot(page, 'resource-doctorteam-list');
});

test('团队成员: an administrator adds a member to a team with a role', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/business/doctorteamdts/index');
  await expect(addButton(page)).toBeVisible();
  await addButton(page).click();
  await choose(page, '团队', '家庭医生二团队');
  await choose(page, '成员', '陈静');
  await dialog(page).getByRole('radio', { name: '公卫医师' }).check();
  await saved(page, 'resource-doctorteamdts');
  const row = page.getByRole('row', { name: /陈静/ });
  await expect(row).toContainText('家庭医生二团队');
  await expect(row).toContainText('公卫医师');
  await shot(page, 'resource-doctorteamdts-list');
});

test('医生助理: an administrator gives a doctor an assistant', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/business/doctorassistant/index');
  await addButton(page).click();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请选择医生', '请选择助理']);
  await choose(page, '医生', '张伟');
  await choose(page, '助理', '李娜');
  await dialog(page).getByLabel('备注').fill('协助随访与体检预约');
  await saved(page, 'resource-doctorassistant');
  const row = page.getByRole('row', { name: /协助随访与体检预约/ });
  await expect(row).toContainText('张伟');
  await expect(row).toContainText('李娜');
  await shot(page, 'resource-doctorassistant-list');
});

test('区域医生: an administrator names the main doctor of a region', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/business/regiondoctor/index');
  await addButton(page).click();
  await dialog(page).getByLabel('区划编码').fill('44-16');
  await choose(page, '医生', '张伟');
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['区划编码只能是 2–12 位数字']);
  await dialog(page).getByLabel('区划编码').fill('441602');
  await choose(page, '团队', '家庭医生一团队');
  await saved(page, 'resource-regiondoctor');
  const row = page.getByRole('row', { name: /441602/ });
  await expect(row).toContainText('张伟');
  await expect(row).toContainText('家庭医生一团队');
  await expect(row).toContainText('主责医生');
  await shot(page, 'resource-regiondoctor-list');
});
