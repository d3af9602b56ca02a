import { expect, test, type Page } from '@playwright/test';
import { fillLogin, login, shot } from './support';

// Issue 31's journey across three resource families: an administrator adds a team leader (用户管理),
// a team (家庭医生团队) and makes the leader its member (团队成员's grant); a doctor proposes moving a
// resident to that team (转移管理); the team's leader signs in and confirms; only then does the
// archive name the new team. (The family of three on each member's page: resident-families.spec.ts.)
// A new user leads the team so that no seeded account gains a second team (several team ids make
// the login ask for a choice, which other specs' sign-ins do not expect).

const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ });
const stamp = Date.now().toString(36).toUpperCase();
const LEADER_ACCOUNT = `lead${Date.now() % 1_000_000}`;
const LEADER_PASSWORD = 'Leader@2026x';
const LEADER_NAME = '周建国';
const TEAM = `家庭医生${stamp}团队`;

/**
 * Picks an option of a select of the open dialog. A multiple select stays open and is closed with
 * Escape; a single one closes itself (Escape then would close the dialog).
 */
async function choose(page: Page, label: string, option: string | RegExp, multiple = false) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  if (multiple) await page.keyboard.press('Escape');
  else await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Picks a choice of the open dialog shown as radio buttons (few options) or as a select (many). */
async function pick(page: Page, label: string, option: string) {
  const field = dialog(page).locator('.ant-form-item, .fr-field').filter({ hasText: label }).first();
  const radio = field.getByRole('radio', { name: option, exact: true });
  if (await radio.count()) await radio.check();
  else await choose(page, label, option);
}

/** The signed-in page's token, for the calls the journey makes beside its screens. */
async function bearer(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'saber-access-token')?.value;
  expect(token, 'logged in').toBeTruthy();
  return { 'Blade-Auth': `bearer ${token}` };
}

test('a new team receives a resident: the doctor proposes, the team’s leader confirms, the archive moves then', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await login(page, 'admin');

  // 用户管理: the team's leader, a new account.
  await page.goto('/system/user/index');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page).getByRole('radio', { name: '正常' })).toBeChecked();
  await dialog(page).getByLabel('登录账号').fill(LEADER_ACCOUNT);
  await dialog(page).getByLabel('密码').fill(LEADER_PASSWORD);
  await dialog(page).getByLabel('用户姓名').fill(LEADER_NAME);
  await choose(page, '所属角色', '团队长', true);
  await choose(page, '所属部门', '全科医疗科', true);
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(dialog(page)).toBeHidden();

  // 家庭医生团队: the team, through its dialog.
  await page.goto('/business/doctorteam/index');
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel('团队名称').fill(TEAM);
  await dialog(page).getByLabel('团队编码').fill(`J${stamp}`);
  await choose(page, '所属科室', '全科医疗科');
  await save(page).click();
  await expect(page.locator('.ant-message')).toContainText('新增成功');
  await expect(page.getByRole('row', { name: new RegExp(TEAM) })).toContainText('全科医疗科');

  // 团队成员: the leader joins the team (doctorteamdts/grant, as the members' screen does for a team).
  const adminHeaders = await bearer(page);
  const users = await (await request.get(`/api/blade-user/page?account=${LEADER_ACCOUNT}`, { headers: adminHeaders })).json();
  const leaderId = (users.data.records as { id: string }[])[0]!.id;
  const teams = await (
    await request.get(`/api/blade-iph-business/doctorteam/list?name=${encodeURIComponent(TEAM)}`, { headers: adminHeaders })
  ).json();
  const teamId = (teams.data.records as { id: string }[])[0]!.id;
  const granted = await request.post(`/api/blade-iph-business/doctorteamdts/grant?userIds=${leaderId}&teamIds=${teamId}`, {
    headers: adminHeaders,
    data: {},
  });
  expect((await granted.json()).success).toBe(true);
  await page.goto('/business/doctorteamdts/index');
  await expect(page.getByRole('row', { name: new RegExp(LEADER_NAME) })).toContainText(TEAM);
  await shot(page, 'journey-team-members');

  // 转移管理: the doctor proposes moving a resident to the new team.
  const doctorContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const doctorPage = await doctorContext.newPage();
  await login(doctorPage, 'doctor');
  const archives = await (
    await request.get('/api/blade-iph-business/commuserarchives/new-list?current=1&size=10', { headers: await bearer(doctorPage) })
  ).json();
  const resident = (archives.data.records as { id: string; personName: string }[])[8]!;
  await doctorPage.goto('/publichealthwork/transfer/index');
  await doctorPage.getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(dialog(doctorPage)).toBeVisible();
  await pick(doctorPage, '居民档案', resident.personName);
  await pick(doctorPage, '接收团队', TEAM);
  await dialog(doctorPage).getByLabel('转移原因').fill('居民迁入新团队负责的片区');
  await shot(doctorPage, 'journey-transfer-dialog');
  await save(doctorPage).click();
  await expect(doctorPage.locator('.ant-message')).toContainText('新增成功');
  await doctorContext.close();

  // The new team's leader signs in, sees the proposal addressed to the team, and confirms it.
  const leaderContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const leaderPage = await leaderContext.newPage();
  await fillLogin(leaderPage, LEADER_ACCOUNT, LEADER_PASSWORD);
  await expect(leaderPage).toHaveURL(/\/home\/index$/);
  await leaderPage.goto('/publichealthwork/transfer/index');
  const row = leaderPage.getByRole('row', { name: new RegExp(resident.personName) });
  await expect(row).toContainText('待确认');
  await expect(row).toContainText(TEAM);
  await shot(leaderPage, 'journey-transfer-incoming');
  await row.getByRole('button', { name: '确认转移' }).click();
  await leaderPage
    .locator('.ant-popconfirm, .ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|是|OK/ })
    .first()
    .click();
  await expect(leaderPage.locator('.ant-message')).toContainText('转移已确认');
  await expect(row).toContainText('已确认');

  // The archive now names the new team.
  await leaderPage.goto(`/publichealthwork/detail/healtharchive?arch_id=${resident.id}`);
  await expect(leaderPage.locator('.ant-descriptions').first()).toContainText(TEAM);
  await shot(leaderPage, 'journey-transfer-archive');
  await leaderContext.close();
});
