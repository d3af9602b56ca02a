import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 随访报告 (schemas/crud/userfollowupreport.crud.json, server/followup-reports): the doctor generates a
// report from a saved follow-up (生成报告 on the follow-up page), writes its conclusion in the
// dialog, and the team leader approves it on the 随访报告 screen and prints it (打印报告, the PDF in
// the viewer). The author's own approval is refused by the server.
test.use({ viewport: { width: 1366, height: 768 } });

const SCREEN = '/publichealthwork/followupreport/index';
const dialog = (page: Page) => page.getByRole('dialog');
const ok = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存|确\s*定/ });

test('a doctor’s follow-up is reported, the doctor concludes, the team leader approves', async ({ page, browser, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as {
    records: { id: string; birthday: string; personName?: string; name?: string }[];
  };
  const archive = list.records[0]!;
  const today = new Date().toLocaleDateString('sv-SE');
  const saved = (await api.post('userfollowup/high-blood-pressure-follow-up', {
    archId: archive.id,
    values: {
      visitDate: today,
      visitMethod: '1',
      birthDate: archive.birthday,
      symptoms: ['1'],
      sbp: 132,
      dbp: 84,
      height: 165,
      weight: 60,
      heartRate: 72,
      drugCompliance: '0',
      adverseReaction: '1',
      followupClass: '1',
      referral: '1',
      outcome: '1',
      nextVisitDate: '2099-01-15',
      doctorSign: '张伟',
    },
  })) as { followId: string };
  // 生成报告 on the follow-up page, with the saved record open (record_id).
  await page.goto(`/publichealthwork/detail/hypertensionfollowup?arch_id=${archive.id}&record_id=${saved.followId}`);
  await expect(page.locator('[data-field="sbp"] input').first()).toHaveValue('132');
  await page.getByTestId('generate-report').click();
  await expect(page.locator('.ant-message')).toContainText('报告已生成，请在“随访报告”中填写结论并交他人审核');
  await shot(page, 'followup-reports-generated');
  const reports = (await api.get(`userfollowupreport/list-report?archId=${archive.id}`)) as {
    id: string;
    followId: string;
    personName: string;
    formName: string;
  }[];
  const report = reports.find((r) => r.followId === saved.followId)!;
  expect(report, 'the report of the saved follow-up').toBeTruthy();
  expect(report.personName).not.toBe('');
  // A second click answers the same report, and says so.
  await page.getByTestId('generate-report').click();
  await expect(page.locator('.ant-message').last()).toContainText('该随访记录已生成报告');

  // The doctor writes the conclusion and advice in the dialog (save-report).
  await page.goto(SCREEN);
  const row = page
    .getByRole('row', { name: new RegExp(`${report.personName}.*${today}`) })
    .filter({ hasText: '待审核' })
    .first();
  await expect(row).toContainText(report.formName);
  // Reports are generated, not typed in: no 新增 for anyone.
  await expect(page.getByRole('button', { name: /^新\s*增$/ })).toHaveCount(0);
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel('随访结论').fill('血压控制满意，无不适');
  await dialog(page).getByLabel('健康建议').fill('低盐饮食，规律服药，三个月后复诊');
  await page.waitForTimeout(300); // the dialog's opening animation
  await shot(page, 'followup-reports-dialog');
  await ok(page).click();
  await expect(page.locator('.ant-message')).toContainText('更新成功');
  await expect(dialog(page)).toBeHidden();

  // The author may not approve: the server refuses (the screen's 审核 posts the same call).
  const token = (await page.context().cookies()).find((c) => c.name === 'saber-access-token')!.value;
  const own = await request.post(`/api/blade-iph-business/userfollowupreport/approve-reports?ids=${report.id}`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
    data: { state: '1' },
  });
  expect((await own.json()).msg).toBe('不能审核自己生成的报告');

  // The team leader approves it on the screen.
  const leader = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const lp = await leader.newPage();
  await login(lp, 'leader');
  await lp.goto(SCREEN);
  const leaderRow = lp
    .getByRole('row', { name: new RegExp(`${report.personName}.*${today}`) })
    .filter({ hasText: '待审核' })
    .first();
  await expect(leaderRow).toBeVisible();
  await leaderRow.getByRole('button', { name: /审\s*核/ }).click();
  await expect(dialog(lp)).toBeVisible();
  await dialog(lp).getByLabel('通过').check();
  await dialog(lp).getByLabel('审核意见').fill('同意');
  await lp.waitForTimeout(300); // the dialog's opening animation
  await shot(lp, 'followup-reports-approve');
  await ok(lp).click();
  await expect(lp.locator('.ant-message')).toContainText('审核完成');
  await expect(dialog(lp)).toBeHidden();
  const approvedRow = lp
    .getByRole('row', { name: new RegExp(`${report.personName}.*${today}`) })
    .filter({ hasText: '王强' })
    .first();
  await expect(approvedRow).toContainText('已审核');
  await lp.waitForTimeout(300); // the dialog's closing animation
  await shot(lp, 'followup-reports-list');

  // 打印报告: the approved report as its paper form with the conclusion and approval, in the viewer.
  await approvedRow.getByRole('button', { name: '打印报告' }).click();
  const viewer = lp.getByRole('dialog', { name: '打印预览' });
  await expect(viewer.getByTestId('pdf-page-counter')).toHaveText(/^第 1 页 \/ 共 \d+ 页$/, { timeout: 20_000 });
  await expect.poll(async () => (await viewer.getByTestId('pdf-page').boundingBox())?.height ?? 0).toBeGreaterThan(500);
  await shot(lp, 'followup-reports-print');
  await viewer.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(viewer).toBeHidden();
  await leader.close();
});
