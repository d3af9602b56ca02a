import { expect, test } from '@playwright/test';
import { apiAs, fileResident, login, shot } from './support';

// 档案跳转 (decision 0050): an external system opens a resident's archive by identity number.
test.use({ viewport: { width: 1366, height: 768 } });

test('档案跳转 opens the archive of an identity number in place of itself, 编辑档案 with its edit dialog; an unknown number is said, masked', async ({
  page,
  request,
}) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const resident = await fileResident(api, `跳转居民${Date.now().toString(36).slice(-4)}`, '1966-10-21', true);

  await page.goto(`/window/publichealthwork/jumparchive?idCard=${resident.idCard}`);
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/healtharchive\\?arch_id=${resident.id}$`));
  await expect(page.getByText(resident.personName).first()).toBeVisible();

  // 编辑档案 by the same number: the archive's page with its edit dialog open.
  await page.goto(`/publichealthwork/editarchiveindex?idCard=${resident.idCard}`);
  const edit = page.getByRole('dialog', { name: '编辑档案' });
  await expect(edit.getByLabel('姓名', { exact: true })).toHaveValue(resident.personName);
  await page.waitForTimeout(400); // the dialog's entry animation, for the screenshot only
  await shot(page, 'archive-jump-edit');

  await page.goto('/publichealthwork/jump?idCard=110101195809230020');
  const answer = page.getByTestId('archive-jump');
  await expect(answer).toContainText('未找到该居民的档案');
  await expect(answer).toContainText('110***********0020');
  await shot(page, 'archive-jump-not-found');
  await answer.getByRole('button', { name: '前往居民健康档案' }).click();
  await expect(page).toHaveURL(/\/publichealthwork\/index$/);
});
