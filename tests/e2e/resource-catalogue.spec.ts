import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { login, shot } from './support';

// 业务配置's service catalogue: 服务包, 服务项目, 首页指标设置, 服务推荐 (each a resource document
// with its dialog) and 药品导入日志 (an import through the drug catalogue's toolbar, then its log).
const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });
const addButton = (page: Page) => page.getByRole('button', { name: /^新\s*增$/ });
const RUN = Date.now().toString(36).toUpperCase();

async function choose(page: Page, label: string, option: string | RegExp) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  // A single choice closes its list itself (Escape would close the dialog).
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function saved(page: Page, message = '新增成功') {
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText(message);
  await expect(dialog(page)).toBeHidden();
  await page.waitForTimeout(300); // the dialog's closing animation
}

test('an administrator keeps the service catalogue: a pack, its project, an indicator, a recommendation', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'admin');
  const pack = `P${RUN}`;

  await page.goto('/business/servicepack/index');
  await addButton(page).click();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入服务包编码', '请输入服务包名称']);
  await dialog(page).getByLabel('服务包编码').fill(pack);
  await dialog(page).getByLabel('服务包名称').fill(`高血压个性化服务包${RUN}`);
  await dialog(page).getByLabel('适用人群').fill('高血压患者');
  await shot(page, 'catalogue-servicepack-dialog');
  await saved(page);
  await expect(page.getByRole('row', { name: new RegExp(pack) })).toContainText('启用');
  await shot(page, 'catalogue-servicepack-list');

  await page.goto('/business/serviceproject/index');
  await addButton(page).click();
  await choose(page, '所属服务包', `高血压个性化服务包${RUN}`);
  await dialog(page).getByLabel('项目编码').fill('XY');
  await dialog(page).getByLabel('项目名称').fill('血压测量');
  await dialog(page).getByLabel('项目类别').fill('随访');
  await shot(page, 'catalogue-serviceproject-dialog');
  await saved(page);
  await expect(page.getByRole('row', { name: /血压测量/ }).first()).toContainText(`高血压个性化服务包${RUN}`);
  await shot(page, 'catalogue-serviceproject-list');

  await page.goto('/business/indexsetting/index');
  await addButton(page).click();
  await dialog(page).getByLabel('指标编码').fill(`g${RUN}`);
  await dialog(page).getByLabel('指标名称').fill('随访');
  await saved(page);
  // The screen loads its option lists once: the new group is offered as a parent after a reload.
  await page.reload();
  await addButton(page).click();
  await choose(page, '上级分组', '随访');
  await dialog(page).getByLabel('指标编码').fill(`c${RUN}`);
  await dialog(page).getByLabel('指标名称').fill('高血压随访');
  await shot(page, 'catalogue-indexsetting-dialog');
  await saved(page);
  await expect(page.getByRole('row', { name: new RegExp(`c${RUN}`) })).toContainText('随访');
  await shot(page, 'catalogue-indexsetting-list');

  await page.goto('/business/userrecommend/index');
  await addButton(page).click();
  await choose(page, '人群', '高血压');
  await choose(page, '推荐服务包', `高血压个性化服务包${RUN}`);
  await dialog(page).getByLabel('推荐理由').fill('血压控制与用药指导');
  await shot(page, 'catalogue-userrecommend-dialog');
  await saved(page);
  await expect(page.getByRole('row', { name: /血压控制与用药指导/ }).first()).toContainText(`高血压个性化服务包${RUN}`);
  await shot(page, 'catalogue-userrecommend-list');
});

test('a drug import through the catalogue’s toolbar shows in 药品导入日志', async ({ page }) => {
  await login(page, 'admin');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('药品');
  sheet.addRow(['药品编码', '药品名称', '规格']);
  sheet.addRow([`I${RUN}`, '阿托伐他汀钙片', '20mg*7片']);
  sheet.addRow(['', '没有编码的药', '']);
  const file = Buffer.from(await book.xlsx.writeBuffer());

  await page.goto('/business/drugs/index');
  await page.getByRole('button', { name: /导\s*入/ }).click();
  await dialog(page).getByLabel('否').check();
  await dialog(page)
    .locator('input[type=file]')
    .setInputFiles({
      name: `drugs-${RUN}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
  await dialog(page)
    .getByRole('button', { name: /确\s*定|导\s*入|上\s*传/ })
    .last()
    .click();
  await expect(page.locator('.ant-message')).toContainText('导入');

  await page.goto('/business/drugimportlogs/index');
  const row = page.getByRole('row', { name: new RegExp(`drugs-${RUN}`) });
  await expect(row).toContainText('第3行：请输入药品编码');
  await shot(page, 'catalogue-drugimportlogs-list');
});
