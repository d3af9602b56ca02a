import { expect, test } from '@playwright/test';
import { login, shot } from './support';

// 健康教育 (server/education, decision 0036): a doctor picks two hypertension residents on 一键宣教,
// fills the education once, and finds a record for each of them in the 健康教育 list (that batch,
// then the whole list).
test.use({ viewport: { width: 1366, height: 768 } });

test('a doctor records one-key education for two residents and finds both in the 健康教育 list', async ({ page }) => {
  await login(page, 'doctor');
  await page.goto('/publichealthwork/onekeyeducation');
  const residents = page.getByTestId('one-key-residents');
  await page.getByTestId('one-key-crowd').click();
  await page.locator('.ant-select-item-option[title="高血压"]').click();
  // The names are read from the searched list, not from the list the page showed on opening.
  const searched = page.waitForResponse((r) => r.url().includes('/crowd-residents') && r.url().includes('crowdLabel='));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await searched;
  const rows = residents.locator('tbody tr.ant-table-row');
  await expect(rows.nth(1)).toBeVisible();
  const names = [(await rows.nth(0).locator('td').nth(1).innerText()).trim(), (await rows.nth(1).locator('td').nth(1).innerText()).trim()];
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByText('已选 2 位居民')).toBeVisible();

  const title = `限盐与规律服药 ${Date.now() % 100000}`;
  const form = page.getByTestId('one-key-form');
  const field = (prop: string) => form.locator(`[data-field="${prop}"]`);
  await field('method').getByText('健康讲座').click();
  await field('eduKind').getByText('健康教育活动').click();
  // Today, 个体化健康教育 and the doctor as educator are filled in already.
  await expect(field('educator').locator('input')).toHaveValue('张伟');
  await field('place').locator('input').fill('社区卫生服务站二楼');
  await field('title').locator('input').fill(title);
  await field('topics').getByText('合理膳食').click();
  await field('topics').getByText('规律服药').click();
  await shot(page, 'education-one-key');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已为2位居民保存宣教记录')).toBeVisible();

  // The list of that batch: one record per resident.
  await expect(page).toHaveURL(/\/propaganda_education\/index$/);
  await expect(page.getByTestId('education-batch')).toBeVisible();
  const list = page.getByTestId('education-list');
  for (const name of names) await expect(list.getByRole('row', { name: new RegExp(`${name}.*${title}`) })).toBeVisible();
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await shot(page, 'education-batch');

  // The whole list, found by the resident's name.
  await page.getByRole('button', { name: '查看全部' }).click();
  await page.getByPlaceholder('居民姓名').fill(names[0]!);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.getByRole('row', { name: new RegExp(`${names[0]}.*${title}`) })).toBeVisible();
  await expect(page.getByRole('tab', { name: '健康教育' })).toHaveCount(1);
  await shot(page, 'education-list');

  // 编辑 in the form document's dialog: the record read, changed, listed with the change.
  await list
    .getByRole('row', { name: new RegExp(`${names[0]}.*${title}`) })
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  const dialog = page.getByTestId('education-dialog');
  await expect(dialog.locator('[data-field="title"] input')).toHaveValue(title);
  await dialog.locator('[data-field="content"] textarea').fill('发放《高血压患者低盐饮食》折页');
  await shot(page, 'education-dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
});
