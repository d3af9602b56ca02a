import { expect, test, type Page } from '@playwright/test';
import { apiAs, fileResident, login, shot } from './support';

// The resident side (issue 31): 家庭档案 — a family of three, shown on each member's archive page —
// and 转移管理 — a doctor proposes moving an archive to another doctor, the receiving team's leader
// confirms, and only then the archive's doctor changes.
const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });

/** Picks a choice of the open dialog: its few options show as radio buttons. */
async function choose(page: Page, label: string, option: string) {
  const field = dialog(page).locator('.ant-form-item, .fr-field').filter({ hasText: label }).first();
  await field.getByRole('radio', { name: option, exact: true }).check();
}

interface Archive {
  id: string;
  personName: string;
  doctorName: string;
}

test.use({ viewport: { width: 1366, height: 768 } });

test('a doctor keeps a family of three and sees it on each member’s archive page', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await login(page, 'doctor');
  const api = await apiAs(context, request);
  const archives = ((await api.get('commuserarchives/list?current=1&size=3')) as { records: Archive[] }).records;
  const [head, spouse, child] = archives as [Archive, Archive, Archive];
  const familyNo = `F-${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/publichealthwork/family/index');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page)).toBeVisible();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入家庭编号', '请输入户主档案ID']);
  await dialog(page).getByLabel('家庭编号').fill(familyNo);
  await dialog(page).getByLabel('户主档案ID').fill(head.id);
  await dialog(page).getByLabel('家庭住址').fill('幸福路 8 号');
  await shot(page, 'resident-family-dialog');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(familyNo) });
  await expect(row).toContainText('幸福路 8 号');
  await shot(page, 'resident-family-list');

  // The members (the family's named calls): householder, spouse, child.
  const family = ((await api.get(`userfamilyarchives/list?familyNo=${familyNo}`)) as { records: { id: string }[] }).records[0]!;
  for (const [member, relation] of [
    [head, '02'],
    [spouse, '10'],
    [child, '20'],
  ] as const)
    await api.post('userfamilyarchivesdts/save-or-update', { familyId: family.id, archId: member.id, relation });

  for (const member of [head, spouse, child]) {
    await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${member.id}`);
    const card = page.getByTestId('archive-family');
    await expect(card).toContainText(familyNo);
    const expected: [string, string][] = [
      [head.personName, '户主'],
      [spouse.personName, '配偶'],
      [child.personName, '子'],
    ];
    for (const [name, relation] of expected) await expect(card.locator('.ant-table-row').filter({ hasText: name })).toContainText(relation);
    await expect(card.locator('.ant-table-row').filter({ hasText: member.personName })).toContainText('本人');
  }
  await page.getByTestId('archive-family').scrollIntoViewIfNeeded();
  await shot(page, 'resident-family-on-archive');
});

test('a transfer proposed by a doctor changes the archive only when the receiving side confirms', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  await login(page, 'doctor');
  const api = await apiAs(context, request);
  // A new resident of the doctor's own, so neither another journey's archive nor a retry's pending proposal is met.
  const created = await fileResident(api, `转移居民${Date.now().toString(36).slice(-4)}`, '1958-09-23', false);
  const target = (await api.get(`commuserarchives/detail?id=${created.id}`)) as Archive;

  await page.goto('/publichealthwork/transfer/index');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page)).toBeVisible();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请选择要转移的档案', '请输入转移原因']);
  await choose(page, '居民档案', target.personName);
  await choose(page, '接收医生', '刘洋');
  await dialog(page).getByLabel('转移原因').fill('居民搬到刘医生负责的片区');
  await shot(page, 'resident-transfer-dialog');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  // 我发起的: the proposal, pending; the archive has not changed yet.
  await page.locator('.crud-search').getByRole('combobox', { name: '范围' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '我发起的' }).click();
  await page
    .locator('.crud-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(target.personName) })).toContainText('待确认');
  await shot(page, 'resident-transfer-mine');
  const before = (await api.get(`commuserarchives/detail?id=${target.id}`)) as Archive;
  expect(before.doctorName).toBe(target.doctorName);

  // The receiving side: 王强 leads 家庭医生一团队, the target team.
  const leaderContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const leaderPage = await leaderContext.newPage();
  await login(leaderPage, 'leader');
  await leaderPage.goto('/publichealthwork/transfer/index');
  const row = leaderPage.getByRole('row', { name: new RegExp(target.personName) });
  await expect(row).toContainText('待确认');
  await expect(row).toContainText('刘洋');
  await shot(leaderPage, 'resident-transfer-incoming');
  await row.getByRole('button', { name: '确认转移' }).click();
  await leaderPage
    .locator('.ant-popconfirm, .ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|是|OK/ })
    .first()
    .click();
  await expect(leaderPage.locator('.ant-message')).toContainText('转移已确认');
  await expect(row).toContainText('已确认');

  await leaderPage.goto(`/publichealthwork/detail/healtharchive?arch_id=${target.id}`);
  await expect(leaderPage.locator('.ant-descriptions').first()).toContainText('刘洋');
  await shot(leaderPage, 'resident-transfer-confirmed-archive');
  await leaderContext.close();
});

test('an administrator keeps the message templates: a template added through the dialog', async ({ page }) => {
  const title = `随访提醒 ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/business/msgtemp/index');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page)).toBeVisible();
  await save(page).click();
  await expect(dialog(page).locator('.fr-msg')).toHaveText(['请输入模板标题', '请输入模板内容']);
  await dialog(page).getByLabel('模板标题').fill(title);
  await dialog(page).getByLabel('模板内容').fill('{姓名}您好，请于{日期}到社区卫生服务中心随访。');
  await shot(page, 'resident-msgtemp-dialog');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('随访提醒');
  await expect(row).toContainText('启用');
  await shot(page, 'resident-msgtemp-list');
});
