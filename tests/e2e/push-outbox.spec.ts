import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { goodHypertensionValues } from '../../server/test-support/hypertension-values';
import { startRegionalStandIn } from '../../server/test-support/regional-stand-in';
import { apiAs, login, shot } from './support';

// 上报管理 (server/push, decision 0033): a doctor's follow-up is pushed to a stand-in of the regional
// system that refuses it (HTTP 500): the screen shows it 失败 with the reason; the stand-in recovers,
// 重新上报 pushes it and the screen shows 已上报. The app under test points GW_PUSH_URL at
// E2E_PORT + 500 (playwright.config.ts), where this journey starts the stand-in.
test.use({ viewport: { width: 1366, height: 768 } });
// Runs on a server of its own: `E2E_PUSH=1 npx playwright test tests/e2e/push-outbox.spec.ts`
// (playwright.config.ts gives the app the stand-in's address only then; scripts/e2e.sh runs it so
// after the suite), so the other journeys' saves are not pushed to an address nobody answers.
test.skip(process.env.E2E_PUSH !== '1', 'the push journey runs with E2E_PUSH=1 on its own server');

const STAND_IN_PORT = Number(process.env.E2E_PORT ?? 18080) + 500;

/** The list's own reload done (no spinner over it), so the picture shows the rows, not the mask. */
const settled = (page: Page) => expect(page.locator('.ant-spin-spinning')).toHaveCount(0);

test('a push that fails is shown failing, and 重新上报 after the system recovers reports it', async ({ page, request }) => {
  const gw = await startRegionalStandIn({ port: STAND_IN_PORT });
  try {
    gw.failNext = 1_000_000;
    await login(page, 'doctor');
    const api = await apiAs(page.context(), request);
    const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as {
      records: { id: string; birthday: string; personName: string }[];
    };
    const archive = list.records[1] ?? list.records[0]!;
    // A visit day of its own, so the row is this journey's: 400–999 days back (within three years),
    // older than the visits other journeys read as a resident's newest (the trend journey's last).
    const visitDate = new Date(Date.now() - ((Date.now() % 600) + 400) * 86_400_000).toLocaleDateString('sv-SE');
    const saved = (await api.post('userfollowup/high-blood-pressure-follow-up', {
      archId: archive.id,
      values: goodHypertensionValues({ visitDate, birthDate: archive.birthday, nextVisitDate: '2099-03-15', doctorSign: '张伟' }),
    })) as { id: string };
    expect(saved.id).toBeTruthy();

    await page.goto('/submission_management/index');
    await expect(page.getByRole('columnheader', { name: '上报状态' })).toBeVisible();
    // The journeys before this one saved records too (their pushes fail and retry in the background):
    // the list is narrowed to this resident so the row is on the first page.
    await page.getByLabel('居民姓名').fill(archive.personName);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(`${archive.personName}.*${visitDate}`) });
    await expect(row).toContainText('失败', { timeout: 20_000 });
    await expect(row).toContainText('公卫系统返回错误（HTTP 500：服务繁忙，请稍后重试）');
    await expect(row).toContainText('公卫系统');
    await settled(page);
    await shot(page, 'push-outbox-failed');

    // The regional system recovers; 重新上报 pushes the record now.
    gw.failNext = 0;
    await row.getByRole('button', { name: '重新上报' }).click();
    await expect(page.getByText('已重新上报1条记录')).toBeVisible();
    await expect(row).toContainText('已上报', { timeout: 20_000 });
    await expect(row).toContainText('上报于');
    expect(gw.recordsOf(saved.id)).toBe(1);
    await settled(page);
    await shot(page, 'push-outbox-reported');

    // Filtered by state: the row is among the 已上报 ones.
    await page.getByLabel('上报状态').click();
    await page.getByTitle('已上报', { exact: true }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(row).toBeVisible();

    // 随访提交状态: the hypertension follow-ups saved, and their pushes.
    await page.goto('/home/morefollowupstatus');
    await expect(page.getByRole('columnheader', { name: '已上报' })).toBeVisible();
    await expect(page.getByRole('row', { name: /高血压/ }).first()).toBeVisible();
    await shot(page, 'push-followup-status');
  } finally {
    await gw.close();
  }
});

/** A signature the contract accepts: a PNG with a drawn stroke (the server wants ink). */
function signaturePng(): string {
  const image = new PNG({ width: 300, height: 100 });
  for (let i = 0; i < 600; i++) image.data[((50 + Math.floor(i / 300)) * 300 + (i % 300)) * 4 + 3] = 255;
  return `data:image/png;base64,${PNG.sync.write(image).toString('base64')}`;
}

test('a signed contract is reported to the regional system as a SIGN row (上报管理, 类别 签约协议)', async ({ page, request }) => {
  const gw = await startRegionalStandIn({ port: STAND_IN_PORT });
  try {
    await login(page, 'admin');
    const api = await apiAs(page.context(), request);
    await api.post('servicepack/submit', {
      packCode: `E2E-PUSH-${Date.now() % 100000}`,
      packName: '上报签约服务包',
      packType: '1',
      price: 60,
      status: 1,
    });
    const packs = (await api.get('usercontracts/sign-options?kind=pack')) as { value: string; label: string }[];
    const doctors = (await api.get('usercontracts/sign-options?kind=doctor&teamId=2401')) as { value: string; label: string }[];
    const list = (await api.get('commuserarchives/new-list?size=8')) as { records: { id: string; personName: string }[] };
    const resident = list.records[3] ?? list.records[0]!;
    // A period of its own (one open contract per resident and period), years ahead of the other journeys'.
    const year = 2040 + (Math.floor(Date.now() / 1000) % 40);
    const made = (await api.post('usercontracts/create-or-update-contract', {
      archId: resident.id,
      teamId: '2401',
      doctorId: doctors[0]!.value,
      packIds: [packs.find((p) => p.label.startsWith('上报签约服务包'))!.value],
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
    })) as { id: string; rowVersion: number };
    await api.post('usercontracts/sign-contract', { id: made.id, rowVersion: made.rowVersion, autograph: signaturePng() });

    await page.goto('/submission_management/index');
    await page.getByLabel('类别').click();
    await page.locator('.ant-select-item-option[title="签约协议"]').click();
    await page.getByLabel('居民姓名').fill(resident.personName);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(`${resident.personName}.*签约协议.*家庭医生签约.*${year}-01-01`) });
    await expect(row).toContainText('已上报', { timeout: 20_000 });
    await expect(row).toContainText('公卫系统');
    expect(gw.recordsOf(made.id)).toBe(1);
    expect([...gw.records.values()].find((r) => r.sourceId === made.id)!.body).toMatchObject({ dataType: 'SIGN' });
    await settled(page);
    await shot(page, 'push-outbox-sign');
  } finally {
    await gw.close();
  }
});

test('上报基卫 on 用药记录: the chosen record waits in 上报管理 with the reason while 基卫 is not configured', async ({
  page,
  request,
}) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?size=8')) as { records: { id: string; personName: string }[] };
  const resident = list.records[4] ?? list.records[0]!;
  const drugName = `上报测试药${Date.now() % 100000}`;
  await api.post('usermedication/save', {
    archId: resident.id,
    drugName,
    drugUsage: '1',
    dosage: '每次5mg',
    frequency: 'qd',
    compliance: '0',
    startDate: '2026-03-01',
  });

  await page.goto('/publichealthwork/medication/index');
  const row = page.getByRole('row', { name: new RegExp(drugName) });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '上报基卫' }).click();
  await expect(page.getByText('确定将所选用药记录上报基卫系统吗？上报结果可在上报管理中查看')).toBeVisible();
  // The confirmation's opening animation over, so the picture shows it.
  await page.waitForTimeout(500);
  await shot(page, 'push-medication-confirm');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已提交上报，结果请在上报管理中查看')).toBeVisible();

  await page.goto('/submission_management/index');
  await page.getByLabel('类别').click();
  await page.locator('.ant-select-item-option[title="用药记录"]').click();
  await page.getByLabel('居民姓名').fill(resident.personName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const pushed = page.getByRole('row', { name: new RegExp(`${resident.personName}.*用药记录.*基卫系统`) });
  await expect(pushed).toContainText('待上报');
  await expect(pushed).toContainText('基卫系统未配置上报地址（JW_PUSH_URL），配置后自动上报');
  await settled(page);
  await shot(page, 'push-outbox-medication');
});
