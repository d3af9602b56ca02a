import { expect, test, type Page } from '@playwright/test';
import { pdfImages } from '../../server/test-support/pdf-images';
import { pdfText } from '../../server/test-support/pdf-text';
import { apiAs, apiWithToken, fileResident, login, shot, tokenOf } from './support';

// 家庭医生签约 (server/contracts, src/features/contracts): from a resident's archive the doctor fills
// the sign-agreement dialog (the dialog form contractsign), generates the agreement, the resident
// signs on the pad with the mouse (an empty pad is refused), 完成签约 makes it 已签约, and on 签约管理
// it is brought into effect (生效中).
test.use({ viewport: { width: 1366, height: 768 } });

const signDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('sign-agreement') });
const padDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('signature-pad') });
const button = (scope: ReturnType<Page['getByRole']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s*')}$`) });

test('a resident signs a family-doctor contract with a drawn signature, and it comes into effect', async ({ page, request }) => {
  await login(page, 'admin');
  const api = await apiAs(page.context(), request);
  // This attempt's own names: a retry meets neither the first attempt's codes nor its contract.
  const tag = Date.now().toString(36);
  const packName = `基础签约服务包${tag}`;
  // The catalogue's pack the contract is signed on (业务配置 → 服务包).
  const pack = (await api.post('servicepack/submit', {
    packCode: `E2E-QY-${tag}`,
    packName,
    packType: '1',
    price: 80,
    status: 1,
  })) as {
    id: string;
  };
  // Its item: four hypertension follow-ups a year (项目类别 names the form whose records count).
  await api.post('serviceproject/submit', {
    packId: pack.id,
    projectCode: `E2E-HBP-${tag}`,
    projectName: '高血压随访',
    timesPerYear: 4,
    category: 'hypertensionfollowup',
  });
  // A new resident of the doctor's (张伟's archive carries his team), not whoever another journey filed last.
  const doctorApi = apiWithToken(request, await tokenOf(request, 'doctor'));
  const resident = await fileResident(doctorApi, `签约居民${tag.slice(-4)}`, '1968-04-12', true);

  await page.goto(`/publichealthwork/detail/familydoctorsigning?arch_id=${resident.id}`);
  const dialog = signDialog(page);
  const preview = dialog.getByTestId('agreement-preview');
  // The terms: the team and doctor come from the archive; the pack is chosen; 生成协议 makes it 待签约.
  const generate = async () => {
    await page.getByTestId('contract-sign').click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: '服务包' }).click();
    await page.locator('.ant-select-item-option', { hasText: packName }).click();
    await page.keyboard.press('Escape');
    await button(dialog, '生成协议').click();
    await expect(preview).toContainText('待签约');
  };

  // The doctors offered are the chosen team's members (contractsign's fieldUrl names teamId): a
  // team without members offers none; back on the archive's team, its members.
  const emptyTeam = `E2E签约空团队${tag}`;
  await api.post('doctorteam/submit', { name: emptyTeam, teamCode: `E2E-EMPTY-${tag}`, deptId: '2100' });
  const defaults = (await api.post(`usercontracts/contract-info-generate?archId=${resident.id}`, {})) as { teamId: string };
  const teams = (await api.get('usercontracts/sign-options?kind=team')) as { value: string; label: string }[];
  const teamName = teams.find((t) => t.value === defaults.teamId)!.label;
  const teamDoctors = (await api.get(`usercontracts/sign-options?kind=doctor&teamId=${defaults.teamId}`)) as { label: string }[];
  expect(teamDoctors.length).toBeGreaterThan(0);
  await page.getByTestId('contract-sign').click();
  // A select holding a value is opened by its box (the shown value covers the input).
  const openSelect = (field: string) => dialog.locator('.ant-select', { has: page.getByRole('combobox', { name: field }) }).click();
  const pick = async (field: string, option: string) => {
    await openSelect(field);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  };
  const offeredDoctors = async () => {
    await openSelect('签约医生');
    const texts = await page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    return texts.sort();
  };
  await pick('签约团队', emptyTeam);
  await expect.poll(offeredDoctors).toEqual([]);
  await pick('签约团队', teamName);
  await expect.poll(offeredDoctors).toEqual(teamDoctors.map((d) => d.label).sort());
  await button(dialog, '关闭').click();
  await expect(dialog).toBeHidden();

  // Closed before 完成签约: asked, then the generated contract is withdrawn.
  await generate();
  await button(dialog, '关闭').click();
  const ask = page.getByRole('dialog').filter({ hasText: '签约尚未完成' });
  await expect(ask).toContainText('关闭后本次生成的签约协议将被撤销');
  await button(ask, '确定关闭').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('contract-table')).toContainText('该居民暂无签约协议');

  await generate();
  await expect(preview).toContainText('待签约');
  await expect(preview).toContainText('80.00元');

  // The resident signs: an empty pad is refused, then a stroke drawn with the mouse.
  await button(dialog, '电子签名').click();
  const pad = padDialog(page);
  await expect(pad).toBeVisible();
  await button(pad, '确认').click();
  await expect(pad).toContainText('签名为空，请在签名板上签名后再确认');
  const box = (await pad.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + 80, box.y + 150);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) await page.mouse.move(box.x + 80 + i * 15, box.y + 150 - Math.sin(i / 3) * 60, { steps: 2 });
  await page.mouse.up();
  await page.mouse.move(box.x + 200, box.y + 80);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 200, { steps: 10 });
  await page.mouse.up();
  await page.waitForTimeout(300); // the dialog's opening animation
  await shot(page, 'contract-signature-pad');
  await button(pad, '确认').click();
  await expect(pad).toBeHidden();
  await expect(preview.getByTestId('signature-image')).toBeVisible();
  await shot(page, 'contract-sign-agreement');
  // 打印签约: the agreement as the server prints it, with the signature, in the PDF viewer.
  const printed = page.waitForResponse((r) => r.url().includes('/generate-pdf/protocol-service?id='));
  await button(dialog, '打印签约').click();
  const viewed = await printed;
  const contractId = new URL(viewed.url()).searchParams.get('id')!;
  // What the viewer shows already draws the resident's signature: the picture on the signature line.
  expect(await pdfImages(await viewed.body())).toHaveLength(1);
  const viewer = page.getByRole('dialog', { name: '打印预览' });
  await expect(viewer.getByTestId('pdf-page-counter')).toHaveText(/^第 1 页 \/ 共 \d+ 页$/, { timeout: 20_000 });
  await expect.poll(async () => (await viewer.getByTestId('pdf-page').boundingBox())?.height ?? 0).toBeGreaterThan(500);
  await shot(page, 'contract-agreement-pdf');
  await viewer
    .getByRole('button', { name: /关\s*闭|Close/ })
    .first()
    .click();
  await expect(viewer).toBeHidden();
  await button(dialog, '完成签约').click();
  await expect(dialog).toBeHidden();
  const table = page.getByTestId('contract-table');
  await expect(table.getByRole('row').filter({ hasText: packName }).first()).toContainText('已签约');
  await page.waitForTimeout(300); // the dialog's closing animation
  await shot(page, 'contract-archive-page');

  // The signed agreement, fetched from the link get-agreement-url gives: both parties, the contract's
  // number, the pack, 已签约 with the day, and the drawn signature as the agreement's one picture.
  const detail = (await api.get(`usercontracts/detail?id=${contractId}`)) as { contractNo: string; doctorName: string; signTime: string };
  const { link } = (await api.get(`usercontracts/get-agreement-url?id=${contractId}`)) as { link: string };
  const token = (await page.context().cookies()).find((c) => c.name === 'saber-access-token')!.value;
  const agreement = await request.get(link, { headers: { 'Blade-Auth': `bearer ${token}` } });
  expect(agreement.headers()['content-type']).toBe('application/pdf');
  const pdf = await agreement.body();
  const { text } = await pdfText(pdf);
  for (const part of [
    '家庭医生签约服务协议',
    `姓名${resident.personName}`,
    `签约团队${teamName}`,
    `签约医生${detail.doctorName}`,
    detail.contractNo,
    packName,
    '80.00元',
    '状态：已签约',
    `签约日期：${detail.signTime.slice(0, 10)}`,
    '甲方签名：',
  ])
    expect(text).toContain(part.replace(/\s+/g, ''));
  expect(text).not.toContain('甲方签名：____');
  expect(await pdfImages(pdf)).toHaveLength(1);
  await expect(table.getByRole('row').filter({ hasText: detail.contractNo })).toContainText('已签约');

  // 签约管理: the contract is listed 已签约 and brought into effect.
  await page.goto('/publichealthwork/signindex');
  const row = page
    .getByTestId('contract-list')
    .getByRole('row')
    .filter({ hasText: resident.personName })
    .filter({ hasText: '已签约' })
    .first();
  await expect(row).toBeVisible();
  await button(row, '生效').click();
  await button(page.getByRole('dialog'), '确认').click();
  await expect(page.getByTestId('contract-list').getByRole('row').filter({ hasText: resident.personName }).first()).toContainText('生效中');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForTimeout(500); // the confirmation's closing animation and the message
  await shot(page, 'contract-list');

  // 履约情况: the contract owes its pack's four follow-ups of the year, none done yet.
  await page.getByRole('tab', { name: '履约情况' }).click();
  const performList = page.getByTestId('perform-list');
  await performList.getByLabel('居民姓名').fill(resident.personName);
  await button(performList, '查询').click();
  const performRow = performList.getByRole('row').filter({ hasText: detail.contractNo });
  await expect(performRow).toContainText('0%');
  await button(performRow, '明细').click();
  const drawer = page.getByTestId('perform-drawer');
  await expect(drawer.getByRole('row').filter({ hasText: '高血压随访' })).toContainText('尚欠4次');
  await expect(drawer).toContainText(detail.contractNo);
  await page.waitForTimeout(400); // the drawer's opening animation
  await shot(page, 'contract-performance');
});
