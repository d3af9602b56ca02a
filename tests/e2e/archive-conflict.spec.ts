import { expect, test, type Browser, type Page } from '@playwright/test';
import { withCheckDigit } from './id-card';
import { apiAs, login, shot } from './support';

/**
 * Issue 22 §6: two people edit one archive. The second to save is not silently overwriting the
 * first: the conflict dialog names who saved in between and when, the typed text stays, compare
 * lays both side by side, and reload brings the other person's version. The change is in the
 * archive's history on its detail page.
 */
async function userPage(browser: Browser, account: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, account);
  return page;
}

const editDialog = (page: Page) => page.getByRole('dialog', { name: '编辑档案' });

async function openEdit(page: Page, archId: string) {
  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${archId}`);
  await page.getByRole('button', { name: '编辑档案' }).click();
  await expect(editDialog(page).getByLabel('现住址')).toBeVisible();
}

test('the second of two editors gets the conflict dialog with the first editor’s name and keeps the typed text', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, 'admin');
  const doctor = await userPage(browser, 'doctor');

  // A resident of its own, so no other journey edits it meanwhile.
  const first17 = `44160219810315${String(Date.now() % 1000).padStart(3, '0')}`;
  const idCard = withCheckDigit(first17);
  const api = await apiAs(admin.context(), request);
  const created = (await api.post('userarchives/create-update-archives', { personName: '冲突测试', idCard, homeAddress: '原址路1号' })) as {
    id: string;
  };

  // Both open the edit dialog on version 1.
  await openEdit(admin, created.id);
  await openEdit(doctor, created.id);

  // The administrator (赵敏) saves first.
  await editDialog(admin).getByLabel('现住址').fill('先存路2号');
  await editDialog(admin)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(admin.getByText('保存成功')).toBeVisible();

  // The doctor saves next, from the version read before: refused, with who and when.
  await editDialog(doctor).getByLabel('现住址').fill('后存路3号');
  await editDialog(doctor)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  const conflict = doctor.getByTestId('archive-conflict-dialog');
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('赵敏');
  await expect(conflict).toContainText(/于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(editDialog(doctor).getByLabel('现住址')).toHaveValue('后存路3号');

  // Compare: mine and what is saved now, side by side.
  await doctor.getByRole('button', { name: /对\s*比/ }).click();
  const compared = doctor.getByTestId('archive-conflict-compare');
  await expect(compared.getByRole('row', { name: /现住址/ })).toContainText('后存路3号');
  await expect(compared.getByRole('row', { name: /现住址/ })).toContainText('先存路2号');
  await shot(doctor, 'archive-conflict-dialog');

  // Reload: the administrator's version in the form; the archive itself was never overwritten.
  await doctor.getByRole('button', { name: '重新加载' }).click();
  await expect(conflict).toBeHidden();
  await expect(editDialog(doctor).getByLabel('现住址')).toHaveValue('先存路2号');
  await editDialog(doctor)
    .getByRole('button', { name: /取\s*消/ })
    .click();

  // The history under the summary: the administrator's change, before → after.
  await doctor.reload();
  const history = doctor.getByTestId('archive-history');
  const change = history.getByRole('row').filter({ hasText: '赵敏' }).filter({ hasText: '修改' });
  await expect(change).toContainText('现住址：原址路1号 → 先存路2号');
  // The doctor's refused save left no trace.
  await expect(history.getByRole('row').filter({ hasText: '张伟' })).toHaveCount(0);
  await shot(doctor, 'archive-history');
});
