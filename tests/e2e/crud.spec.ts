import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, shot } from './support';

const cards = (page: Page) => page.locator('.dict-management .ant-card');
const dialog = (page: Page) => page.getByRole('dialog');
const save = (d: Locator) => d.getByRole('button', { name: /保\s*存/ });

test('an administrator manages a dictionary: add a parent and an item, edit it, delete it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/dict-horizontal/index');
  const parents = cards(page).nth(0);
  const items = cards(page).nth(1);
  // The platform's dictionaries are listed, marked as the platform's.
  await expect(parents.getByRole('row', { name: /性别/ })).toContainText('平台');
  await expect(items.getByRole('button', { name: /新\s*增/ })).toBeDisabled();
  await shot(page, 'crud-dict-horizontal');

  // A new dictionary of this institution: the dialog's messages first, then a valid one.
  await parents.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page)).toBeVisible();
  // The dialog's form is mounted (its choice field has its options) before 保存 is pressed.
  await expect(dialog(page).getByLabel('字典编号')).toBeEditable();
  await expect(dialog(page).getByRole('combobox', { name: '编辑' })).toBeVisible();
  await save(dialog(page)).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入字典编号', '请输入字典名称', '请选择编辑']);
  await shot(page, 'crud-dict-parent-dialog-errors');
  await dialog(page).getByLabel('字典编号').fill('visit_place');
  await dialog(page).getByLabel('字典名称').fill('随访地点');
  await dialog(page).getByRole('combobox', { name: '编辑' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '可新增' }).click();
  await save(dialog(page)).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();

  // Choose it, add an item.
  await parents
    .getByRole('row', { name: /visit_place/ })
    .getByText('随访地点')
    .click();
  await expect(items.getByRole('button', { name: /新\s*增/ })).toBeEnabled();
  await items.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page).getByLabel('字典编号')).toHaveValue('visit_place');
  await save(dialog(page)).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入字典键值', '请输入字典名称', '请输入报表选项值']);
  await dialog(page).getByLabel('字典键值').fill('1');
  await dialog(page).getByLabel('字典名称').fill('门诊');
  await dialog(page).getByLabel('报表选项值').fill('门诊');
  await shot(page, 'crud-dict-child-dialog');
  await save(dialog(page)).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  const item = items.getByRole('row', { name: /门诊/ });
  await expect(item).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await shot(page, 'crud-dict-child-added');

  // Edit it.
  await item.getByRole('button', { name: /编\s*辑/ }).click();
  await dialog(page).getByLabel('字典名称').fill('门诊随访');
  await save(dialog(page)).click();
  await expect(page.locator('.ant-message')).toContainText('更新成功');
  await expect(items.getByRole('row', { name: /门诊随访/ })).toBeVisible();

  // Delete without a selection, then with it.
  await items
    .getByRole('button', { name: /删\s*除/ })
    .first()
    .click();
  await expect(page.locator('.ant-message')).toContainText('请选择至少一条数据');
  await items
    .getByRole('row', { name: /门诊随访/ })
    .getByRole('checkbox')
    .check();
  await items
    .getByRole('button', { name: /删\s*除/ })
    .first()
    .click();
  await expect(page.locator('.ant-modal-confirm-content')).toHaveText('确定将选择数据删除?');
  await shot(page, 'crud-dict-delete-confirm');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('删除成功');
  await expect(items.getByRole('row', { name: /门诊随访/ })).toHaveCount(0);
});

test('the vertical dictionary screen and system parameters', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/dict-vertical/index');
  await expect(
    cards(page)
      .nth(0)
      .getByRole('row', { name: /card_type/ }),
  ).toBeVisible();
  await shot(page, 'crud-dict-vertical');

  await page.goto('/system/param/index');
  await expect(page.getByRole('row', { name: /system_name/ })).toBeVisible();
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await save(dialog(page)).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入参数名称', '请输入参数键名', '请输入参数键值']);
  await expect(dialog(page).locator('textarea').first()).toBeVisible();
  await shot(page, 'crud-system-param-dialog');
  await dialog(page).getByLabel('参数名称').fill('随访提醒天数');
  await dialog(page).getByLabel('参数键名').fill('followup_remind_days');
  await dialog(page).getByLabel('参数键值').fill('7');
  await save(dialog(page)).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await page.getByLabel('参数名称').first().fill('随访');
  await page.getByRole('button', { name: /^搜\s*索$/ }).click();
  await expect(page.getByRole('row', { name: /followup_remind_days/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /system_name/ })).toHaveCount(0);
  await expect(dialog(page)).toBeHidden();
  await shot(page, 'crud-system-param');
});

test('岗位管理 on its resource document: add a post, change it, see the type by name, remove it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/system/post/index');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await save(dialog(page)).click();
  await expect(dialog(page).locator('.fr-msg').first()).toBeVisible();
  await dialog(page).getByRole('combobox', { name: '岗位类型' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '基层' }).click();
  await dialog(page).getByLabel('岗位编号').fill('e2e_health_coach');
  await dialog(page).getByLabel('岗位名称').fill('健康指导员');
  await dialog(page).getByLabel('岗位排序').fill('9');
  await save(dialog(page)).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  const row = page.getByRole('row', { name: /e2e_health_coach/ });
  await expect(row).toContainText('基层');

  await row.getByRole('button', { name: /编\s*辑|修\s*改/ }).click();
  await expect(dialog(page).getByLabel('岗位名称')).toHaveValue('健康指导员');
  await dialog(page).getByLabel('岗位名称').fill('健康指导主管');
  await save(dialog(page)).click();
  await expect(page.locator('.ant-message')).toContainText('更新成功');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('row', { name: /健康指导主管/ })).toContainText('基层');
  await shot(page, 'crud-post');

  await page
    .getByRole('row', { name: /e2e_health_coach/ })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await page
    .locator('.ant-popover, .ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('删除成功');
  await expect(page.getByRole('row', { name: /e2e_health_coach/ })).toHaveCount(0);
});
