import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { rowsOutOfPaperOrder, type PaperLayout } from '../../server/test-support/paper-layout';
import { pdfText } from '../../server/test-support/pdf-text';
import { apiAs, login, SCREENS, shot } from './support';

const paper = JSON.parse(readFileSync('server/printing/paper-layouts/hypertensionfollowup.json', 'utf8')) as PaperLayout;

// 打印 on a resident's hypertension follow-up: the saved record's paper form, a PDF made on the
// server (userfollowup/pdf-print), opens in the PDF viewer (pdfjs, its worker under the app's CSP)
// with its page counter; the page itself is kept as a PNG to look at beside the paper form, and its
// text is read against the national paper form's rows (server/printing/paper-layouts/).
test.use({ viewport: { width: 1366, height: 768 } });

test('a doctor prints a hypertension follow-up as its paper form in the PDF viewer', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as {
    records: { id: string; birthday: string; personName: string }[];
  };
  const archive = list.records[3] ?? list.records[0]!;
  // The record is saved first (a new, unsaved form has nothing on the server to print).
  await api.post('userfollowup/high-blood-pressure-follow-up', {
    archId: archive.id,
    values: {
      visitDate: new Date().toLocaleDateString('sv-SE'),
      visitMethod: '1',
      birthDate: archive.birthday,
      symptoms: ['1'],
      sbp: 138,
      dbp: 86,
      height: 165,
      weight: 62,
      heartRate: 74,
      saltIntake: '2',
      drugCompliance: '0',
      adverseReaction: '1',
      followupClass: '1',
      referral: '1',
      outcome: '1',
      nextVisitDate: '2099-01-15',
      doctorSign: '张伟',
    },
  });

  await page.goto(`/publichealthwork/detail/hypertensionfollowup?arch_id=${archive.id}`);
  await page.getByTestId('followup-record').first().click();
  await expect(page.getByTestId('followup-form-title')).not.toContainText('新建随访');
  const printed = page.waitForResponse((r) => r.url().includes('/userfollowup/pdf-print'));
  await page.getByTestId('archive-print').click();
  // Beside the paper: every row of the national form, in the paper's order, with the values typed.
  const { text } = await pdfText(await (await printed).body());
  expect(rowsOutOfPaperOrder(text, paper)).toEqual([]);
  expect(text.replace(/\s+/g, '')).toContain('收缩压138mmHg');

  const viewer = page.getByRole('dialog', { name: '打印预览' });
  await expect(viewer.getByTestId('pdf-page-counter')).toHaveText(/^第 1 页 \/ 共 \d+ 页$/, { timeout: 20_000 });
  await expect(viewer.getByRole('button', { name: /上一页/ })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: /打\s*印/ })).toBeEnabled();
  const canvas = viewer.getByTestId('pdf-page');
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(500);
  await shot(page, 'printing-viewer');
  // The whole page as drawn (the dialog scrolls; an element screenshot would be cut at the window).
  const png = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  writeFileSync(path.join(SCREENS, 'printing-pdf-page.png'), Buffer.from(png.split(',')[1]!, 'base64'));
  // The page was drawn by the PDF's own font: the pixels are not blank.
  const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(5000);
  expect(violations).toEqual([]);

  await viewer.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(viewer).toBeHidden();
});
