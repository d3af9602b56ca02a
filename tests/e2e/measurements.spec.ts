import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, shot } from './support';
import { pdfText } from '../../server/test-support/pdf-text';

// 检查检验报告 (server/measurements, src/features/measurements; decision 0037): on a resident's archive
// the doctor enters a lab report — the project 血常规 brings its two indicators as result rows —, sees
// it in the list and in the indicator's history, then enters the same 检验单号 again: the earlier
// report is overwritten (one row, the new results) and the message says so; 查看/打印 opens the report
// as the server's PDF (print template measure/measurereport, decision 0046) in the viewer.
test.use({ viewport: { width: 1366, height: 768 } });

const entryDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('measure-entry-extra') });

test('a doctor enters a lab report with two results, and the same 检验单号 again overwrites it', async ({ page, browser, request }) => {
  // The institution's project with its indicators (业务配置 → 检查检验项目, 健康档案指标), made by the administrator.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, 'admin');
  const admin = await apiAs(adminContext, request);
  const existing = (await admin.get('usermeasure/measure-project-list?projType=2&projCode=EXCG')) as unknown[];
  if (existing.length === 0) {
    const project = (await admin.post('ehrproject/submit', { projType: 2, projCode: 'EXCG', projName: '血常规' })) as { id: string };
    await admin.post('ehr/submit', { ehrCode: 'EWBC', ehrName: '白细胞计数', unit: '10^9/L', projectId: project.id, sort: 1 });
    await admin.post('ehr/submit', { ehrCode: 'EHGB', ehrName: '血红蛋白', unit: 'g/L', projectId: project.id, sort: 2 });
  }
  const list = (await admin.get('commuserarchives/new-list?size=5&mainDoctorId_equal=2302')) as {
    records: { id: string; personName: string }[];
  };
  const resident = list.records[0]!;
  await adminContext.close();

  await login(page, 'doctor');
  await page.goto(`/publichealthwork/detail/measurereport?arch_id=${resident.id}`);
  await expect(page.getByText('检查检验报告').first()).toBeVisible();
  const jyid = `E2E${Date.now() % 1_000_000_000}`;

  const enter = async (wbc: string, hgb: string) => {
    await page.getByTestId('measure-enter').click();
    const dialog = entryDialog(page);
    await expect(dialog).toBeVisible();
    const field = (prop: string) => dialog.locator(`[data-field="${prop}"]`);
    // The defaults: a lab report, today, the doctor, the resident.
    await expect(field('uname').locator('input')).toHaveValue(resident.personName);
    await expect(field('bgys_xm').locator('input')).toHaveValue('张伟');
    await field('jyid').locator('input').fill(jyid);
    await expect(field('source_code')).toContainText('本系统');
    await shot(page, 'measure-entry-top');
    await dialog.getByTestId('measure-project').click();
    await page.locator('.ant-select-item-option', { hasText: '血常规（EXCG）' }).click();
    await expect(field('proj_code').locator('input')).toHaveValue('EXCG');
    await dialog.getByLabel('结果1').fill(wbc);
    await dialog.getByLabel('结果2').fill(hgb);
    return dialog;
  };

  const dialog = await enter('6.2', '131');
  await expect(dialog.getByLabel('指标名称1')).toHaveValue('白细胞计数');
  await expect(dialog.getByLabel('单位2')).toHaveValue('g/L');
  await shot(page, 'measure-entry-dialog');
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.locator('.ant-message')).toContainText('保存成功');
  await expect(dialog).toBeHidden();
  const reports = page.getByTestId('measure-reports');
  const row = reports.getByRole('row', { name: new RegExp(jyid) });
  await expect(row).toContainText('检验报告');
  await expect(row).toContainText('白细胞计数 6.2 10^9/L；血红蛋白 131 g/L');
  await expect(page.getByTestId('measure-history')).toContainText('6.2');

  // The same 检验单号 again: the earlier report is overwritten, and the message says so.
  const again = await enter('11.8', '128');
  await again.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.locator('.ant-message')).toContainText(`检验单号 ${jyid} 已存在，已覆盖原报告`);
  await expect(reports.getByRole('row', { name: new RegExp(jyid) })).toHaveCount(1);
  await expect(reports.getByRole('row', { name: new RegExp(jyid) })).toContainText('白细胞计数 11.8 10^9/L；血红蛋白 128 g/L');
  await expect(page.getByTestId('measure-history')).toContainText('11.8');
  await expect(page.getByTestId('measure-history')).not.toContainText('6.2');
  await shot(page, 'measure-overwritten');

  // 查看/打印: the report as an A4 PDF made on the server, in the viewer — its text read back from the answer.
  const printed = page.waitForResponse((r) => r.url().endsWith('/api/getPrintFile') && r.request().method() === 'POST');
  await reports
    .getByRole('row', { name: new RegExp(jyid) })
    .getByTestId('measure-view')
    .click();
  const answer = await printed;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('pdf-page-counter') });
  await expect(viewer.getByTestId('pdf-page-counter')).toHaveText('第 1 页 / 共 1 页', { timeout: 30_000 });
  await expect(viewer.getByTestId('pdf-page')).toBeVisible();
  const { pages, text } = await pdfText(await answer.body());
  expect(pages).toBe(1);
  for (const shown of [
    '检查检验报告单',
    `检验单号：${jyid}`,
    resident.personName,
    '报告类型检验报告',
    '白细胞计数11.810^9/L',
    '血红蛋白128g/L',
  ])
    expect(text, shown).toContain(shown);
  await page.waitForTimeout(500);
  await shot(page, 'measure-report-pdf');
  await viewer
    .getByRole('button', { name: /关\s*闭|Close/ })
    .first()
    .click();
  await expect(viewer).toBeHidden();

  // 体检申请: the project chosen, the label with its bar code, and the project 待检查 on the page.
  await page.getByTestId('measure-apply').click();
  const apply = page.getByRole('dialog').filter({ hasText: '体检申请' });
  await apply.getByTestId('apply-projects').click();
  await page.locator('.ant-select-item-option', { hasText: '血常规（EXCG）' }).click();
  await page.keyboard.press('Escape');
  await apply.getByTestId('apply-submit').click();
  const label = apply.getByTestId('measure-label');
  await expect(label).toHaveCount(1);
  await expect(label).toContainText(resident.personName);
  await expect(label).toContainText('血常规');
  await expect(label.locator('canvas')).toHaveAttribute('aria-label', /^\d+$/);
  await expect(label).toHaveAttribute('data-drawn', 'yes');
  await shot(page, 'measure-labels');
  await apply.getByRole('button', { name: /^关\s*闭$/ }).click();
  await expect(page.getByTestId('measure-applied')).toContainText('待检查');

  // The institution's list (menu 检查检验报告) shows the one report.
  await page.goto('/publichealthwork/measure/index');
  const listed = page.getByRole('row', { name: new RegExp(jyid) });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(resident.personName);
  await expect(listed).toContainText('检验报告');
  await shot(page, 'measure-list');
});
