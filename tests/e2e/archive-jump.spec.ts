import { expect, test } from '@playwright/test';
import { apiAs, fileResident, login, shot } from './support';

// 档案跳转 (decision 0050): an external system opens a resident's archive by identity number.
test.use({ viewport: { width: 1366, height: 768 } });

test('档案跳转 opens the archive of an identity number in place of itself; an unknown number is said, masked', async ({
  page,
  request,
}) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const resident = await fileResident(api, `跳转居民${Date.now().toString(36).slice(-4)}`, '1966-10-21', true);

  await page.goto(`/window/publichealthwork/jumparchive?idCard=${resident.idCard}`);
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/healtharchive\\?arch_id=${resident.id}$`));
  await expect(page.getByText(resident.personName).first()).toBeVisible();

  await page.goto('/publichealthwork/jump?idCard=110101195809230020');
  const answer = page.getByTestId('archive-jump');
  await expect(answer).toContainText('未找到该居民的档案');
  await expect(answer).toContainText('110***********0020');
  await shot(page, 'archive-jump-not-found');
  await answer.getByRole('button', { name: '前往居民健康档案' }).click();
  await expect(page).toHaveURL(/\/publichealthwork\/index$/);
});
