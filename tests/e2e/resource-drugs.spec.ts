import { expect, test, type Page } from '@playwright/test';
import { login, shot } from './support';

// 药品目录: a screen and a server made from one resource document (schemas/crud/drugs.crud.json) —
// the dialog form's messages, a new drug, the server's uniqueness refusal shown in the dialog, a
// search, an edit and a removal, all through the generic page and the generic routes.
const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });
const CODE = `E${Date.now().toString(36).toUpperCase()}`;

test('an administrator keeps the drug catalogue: add, refuse a taken code, search, edit, remove', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/business/drugs/index');
  await expect(page.getByRole('button', { name: /^新\s*增$/ })).toBeVisible();

  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page)).toBeVisible();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入药品编码', '请输入药品名称']);
  await dialog(page).getByLabel('药品编码').fill(CODE);
  await dialog(page).getByLabel('药品名称').fill('苯磺酸氨氯地平片');
  await dialog(page).getByLabel('拼音码').fill('BHSALDPP');
  await dialog(page).getByLabel('规格').fill('5mg*28片');
  await dialog(page).getByLabel('剂型').fill('片剂');
  await dialog(page).getByLabel('单位').fill('盒');
  await shot(page, 'resource-drugs-dialog');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(CODE) });
  await expect(row).toContainText('苯磺酸氨氯地平片');
  await expect(row).toContainText('启用');

  // The same code again: the server's refusal, in the dialog, nothing added.
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await dialog(page).getByLabel('药品编码').fill(CODE);
  await dialog(page).getByLabel('药品名称').fill('重复的药');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('药品编码已存在');
  await dialog(page)
    .getByRole('button', { name: /取\s*消/ })
    .click();

  // Search by name, then edit.
  await page.locator('.crud-search').getByLabel('药品名称').fill('氨氯地平');
  await page
    .locator('.crud-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(CODE) })).toBeVisible();
  await shot(page, 'resource-drugs-list');
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await dialog(page).getByLabel('规格').fill('5mg*14片');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('更新成功');
  await expect(row).toContainText('5mg*14片');

  // Remove it.
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-popconfirm, .ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|是|OK/ })
    .first()
    .click();
  await expect(page.locator('.ant-message')).toContainText('删除成功');
  await expect(page.getByRole('row', { name: new RegExp(CODE) })).toHaveCount(0);
});

test('接口管理, another family that is only a document: an interface added with the dialog’s rules', async ({ page }) => {
  const code = `push.${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/business/apimanage/index');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await dialog(page).getByLabel('接口编码').fill(code);
  await dialog(page).getByLabel('接口名称').fill('随访记录上传');
  await dialog(page).getByLabel('接口地址').fill('region.example.cn/api/followup');
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['接口地址应以 http:// 或 https:// 开头']);
  await dialog(page).getByLabel('接口地址').fill('https://region.example.cn/api/followup');
  await shot(page, 'resource-apimanage-dialog');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  const row = page.getByRole('row', { name: new RegExp(code.replace('.', '\\.')) });
  await expect(row).toContainText('https://region.example.cn/api/followup');
  await expect(row).toContainText('POST');
  await expect(dialog(page)).toBeHidden();
  await page.waitForTimeout(300); // the dialog's closing animation
  await shot(page, 'resource-apimanage-list');
});
