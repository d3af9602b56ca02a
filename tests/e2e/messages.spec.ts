import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

// 消息 (server/messages, decision 0040): on a resident's archive page the doctor opens the message
// panel, picks a template, adds a line, chooses a colleague and sends — the message is listed with the
// resident's name filled in, and markup smuggled into the editor (<script>, onerror) arrives stripped.
// A draft saved twice shows two history versions, and the first is restored.
test.use({ viewport: { width: 1366, height: 768 } });

test('a doctor sends a template message from the archive page; scripts are stripped; a draft is restored from its history', async ({
  page,
  browser,
  request,
}) => {
  const admin = await browser.newPage();
  await login(admin, 'admin');
  const title = `复诊提醒 ${Date.now() % 100000}`;
  await (
    await apiAs(admin.context(), request)
  ).post('msgtemp/submit', {
    title,
    category: '1',
    sendMethod: '2',
    content: '<p>{姓名}您好，请于{日期}来{机构}复诊。</p>',
  });
  await admin.close();

  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const resident = ((await api.get('commuserarchives/new-list?size=5')) as { records: { id: string; personName: string }[] }).records[0]!;
  // A message task (category 6: its title shows as the sender) and an update record (category 7: 30
  // characters, then 更多) already on the resident's list.
  await api.post('msgtemp/mission', { archIds: [resident.id], title: '高血压随访提醒', content: '{姓名}，本月请来测血压。' });
  const token = (await page.context().cookies()).find((c) => c.name === 'saber-access-token')!.value;
  const doctors = (await (await request.get('/api/blade-user/listDoctor', { headers: { 'Blade-Auth': `bearer ${token}` } })).json()) as {
    data: { id: string; realName: string }[];
  };
  const update = '更新了随访记录：血压 150/95 mmHg，调整用药为氨氯地平 5mg 每日一次，两周后复查血压并记录。';
  await api.post('msgtemp/send-message', { archId: resident.id, category: '7', content: update, userIds: [doctors.data[0]!.id] });

  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${resident.id}`);
  await page.getByTestId('message-panel-open').click();
  const panel = page.getByTestId('message-panel');
  await expect(panel).toBeVisible();

  // The template fills the title and the editor; the placeholders stay until it is sent.
  await panel.getByTestId('message-template').click();
  await page.locator(`.ant-select-item-option[title="${title}"]`).click();
  const editor = panel.getByTestId('message-editor');
  await expect(editor).toContainText('{姓名}您好');
  // Markup put into the editor's DOM (as a hostile paste or extension could) is cleaned before it is sent.
  await editor.evaluate((el) => {
    el.insertAdjacentHTML('beforeend', '<p>带上身份证<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script></p>');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await panel.getByTestId('message-recipients').click();
  await page.locator('.ant-select-item-option[title="王强"]').click();
  await page.keyboard.press('Escape');
  await panel.getByTestId('message-send').click();
  await expect(page.getByText('发送成功!')).toBeVisible();

  const first = panel.getByTestId('message-item').first();
  await expect(first).toContainText(`${resident.personName}您好`);
  await expect(first).toContainText('带上身份证');
  await expect(first).toContainText('王强');
  const html = await panel.getByTestId('message-list').innerHTML();
  expect(html).not.toMatch(/onerror|<script/i);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const task = panel.getByTestId('message-item').filter({ hasText: '本月请来测血压' });
  await expect(task.locator('strong').first()).toHaveText('高血压随访提醒');
  await expect(task).toContainText(`${resident.personName}，本月请来测血压。`);
  const updated = panel.getByTestId('message-item').filter({ hasText: '更新了随访记录' });
  await expect(updated).toContainText(`${update.slice(0, 30)}… 更多`);
  await expect(updated).not.toContainText('两周后复查');
  await updated.getByText('更多').click();
  await expect(updated).toContainText('两周后复查');
  await shot(page, 'messages-panel');
  await panel.getByTestId('message-list').scrollIntoViewIfNeeded();
  await shot(page, 'messages-list');

  // A draft kept twice: its 历史版本 lists both, and 恢复此版本 brings the first wording back.
  await editor.click();
  await page.keyboard.type('第一稿：请按时服药');
  await panel.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type('，并监测血压');
  await panel.getByRole('button', { name: '保存草稿' }).click();
  await expect(panel.getByTestId('message-item').filter({ hasText: '并监测血压' })).toBeVisible();
  await panel.getByRole('button', { name: '历史版本' }).click();
  const history = page.getByTestId('message-history');
  await expect(history.getByTestId('message-version')).toHaveCount(2);
  await shot(page, 'messages-history');
  await history.getByTestId('message-version').filter({ hasText: '第 1 版' }).getByRole('button', { name: '恢复此版本' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('已恢复到所选版本')).toBeVisible();
  await expect(editor).toHaveText('第一稿：请按时服药');
});
