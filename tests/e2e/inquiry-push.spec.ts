import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 问诊记录 and 签约管理's reporting buttons (issue 34, server/push): a doctor's hypertension inquiry is
// listed on 高血压问诊记录 and reported to 基卫 from its row (useraskhypertension/push-to-jw); on
// 签约管理, 上报签约 with nothing ticked reports the failed contracts again and says what it did.
test.use({ viewport: { width: 1366, height: 768 } });

const settled = (page: Page) => expect(page.locator('.ant-spin-spinning')).toHaveCount(0);

test('an inquiry is listed and reported to 基卫 from its row; 上报签约 answers with the server’s message', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as {
    records: { id: string; birthday: string; personName: string }[];
  };
  const archive = list.records[0]!;
  // A day of its own (well in the past), so the date search finds this journey's inquiry alone.
  const visitDate = new Date(Date.now() - ((Date.now() % 300) + 1200) * 86_400_000).toLocaleDateString('sv-SE');
  const saved = (await api.post('useraskhypertension/save-or-update', {
    archId: archive.id,
    values: {
      visitDate,
      birthDate: archive.birthday,
      chiefComplaint: '头晕1周',
      symptoms: ['3'],
      pastHistory: ['1'],
      familyHistory: ['2'],
      smokingStatus: '1',
      drinkingFrequency: '1',
      onMedication: '1',
      sbp: 152,
      dbp: 94,
      doctorSign: '张伟',
    },
  })) as { id: string };

  await page.goto('/publichealthwork/inquiry/hypertension');
  await expect(page.getByRole('columnheader', { name: '问诊日期' }).first()).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(visitDate) });
  await expect(row).toContainText(archive.personName);
  await settled(page);
  await shot(page, 'inquiry-list');

  await row.getByRole('button', { name: '上报基卫' }).click();
  await expect(page.getByText('确定将所选高血压问诊记录上报基卫系统吗？上报结果可在上报管理中查看')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已提交上报，结果请在上报管理中查看')).toBeVisible();
  // The outbox holds a 基卫 row for it (基卫 is not configured here: it waits, with the reason).
  const pushes = (await api.get(`pushoutbox/list?system=JW&size=50`)) as { records: { sourceId: string; stateText: string }[] };
  expect(pushes.records.find((r) => r.sourceId === saved.id)).toBeTruthy();

  await page.goto('/publichealthwork/signindex');
  await expect(page.getByTestId('contract-table')).toBeVisible();
  await settled(page);
  await page.getByTestId('contract-push').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(
    '未选择协议：确定将所有上报失败的和从未上报的已签约协议上报公卫系统吗？',
  );
  await shot(page, 'contract-push-confirm');
  await page.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText(/已提交上报\d+份签约协议|没有需要重新上报的签约协议/)).toBeVisible();
  await shot(page, 'contract-push-done');
});
