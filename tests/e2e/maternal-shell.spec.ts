import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

type ArchiveRow = { id: string; personName: string };
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE');

test('a doctor files a pregnancy in the maternal shell: a future LMP refused keeping what was typed, the header’s gestational weeks and due date, the tabs, close to the list', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?size=50')) as { records: ArchiveRow[] };
  let resident: ArchiveRow | undefined;
  for (const r of list.records) {
    const valid = (await api.get(`userarchivesother/maternal-valid?archId=${r.id}`)) as { valid: boolean };
    if (valid.valid) {
      resident = r;
      break;
    }
  }
  expect(resident, 'a woman of 10–60 without an open pregnancy in the seed').toBeTruthy();

  await page.goto(`/publichealthwork/maternal/archive?arch_id=${resident!.id}`);
  const form = page.getByTestId('maternal-case-form');
  await expect(form).toBeVisible();
  // The fields are the form document schemas/maternalcase.json (rules/maternalcase.rules.json).
  const lmp = form.locator('[data-field="lastMenstrualPeriod"] input');
  const gravidity = form.locator('[data-field="gravidity"] input');
  await lmp.fill(day(3));
  await lmp.press('Enter');
  await gravidity.fill('2');
  await form.getByRole('button', { name: /建\s*档/ }).click();
  // Refused on the field with the server's words, before anything is sent.
  await expect(form.locator('[data-field="lastMenstrualPeriod"]')).toContainText('末次月经日期不能晚于今天');
  // Nothing typed is lost.
  await expect(lmp).toHaveValue(day(3));
  await expect(gravidity).toHaveValue('2');
  await shot(page, 'maternal-lmp-refused');

  // Enter in the date field takes the date without losing it; 建档 files the case.
  await lmp.fill(day(-70));
  await lmp.press('Enter');
  await expect(form.locator('[data-field="dueDate"] input')).toHaveValue(day(-70 + 280));
  await form.getByRole('button', { name: /建\s*档/ }).click();
  const header = page.getByTestId('maternal-header');
  await expect(header).toBeVisible();
  await form.locator('[data-field="restRegion"] input').fill('城南街道12号');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(page.getByTestId('gestation')).toHaveText('孕10周');
  await expect(page.getByTestId('due-date')).toHaveText(day(-70 + 280));
  await expect(header).toContainText('G2P0');
  // The case's own 妇保医生 (the filer) and 休养地 beside the archive's 责任医生.
  await expect(header).toContainText('妇保医生：张伟');
  await expect(header).toContainText('休养地：城南街道12号');
  await expect(header).not.toContainText('建档单位：-');
  await shot(page, 'maternal-shell-header');

  await page.getByRole('tab', { name: '产检随访' }).click();
  await expect(page.getByRole('tabpanel', { name: '产检随访' })).toContainText(/第1次产前检查|该表单尚未发布/);
  await page.getByRole('tab', { name: '产后42天健康检查' }).click();
  await expect(page.getByRole('tabpanel', { name: '产后42天健康检查' })).toBeVisible();
  await shot(page, 'maternal-shell-tab');

  await page.getByTestId('maternal-close').click();
  await expect(page).toHaveURL(/\/publichealthwork\/detail\/maternal$/);
  await expect(page.getByTestId('maternal-list')).toBeVisible();
  await expect(page.getByTestId('maternal-list')).toContainText(resident!.personName);
  await shot(page, 'maternal-list');

  // 注销 (reason 1 死亡): the case reopens as 已注销 with its tags greyed and no gestational weeks.
  const open = (await api.get(`userarchivesother/maternal-pregnancy?archId=${resident!.id}`)) as { id: string };
  await api.post('userarchivesother/cancel-archives-other', { otherId: open.id, cancelReason: '1' });
  await page.goto(`/publichealthwork/maternal/archive?arch_id=${resident!.id}&otherId=${open.id}&otherType=maternal`);
  await expect(page.getByTestId('case-status')).toHaveText('已注销');
  await expect(page.getByTestId('gestation')).toHaveText('-');
  // Its 孕产妇档案 reads as text, in the words the server refuses an edit with.
  await expect(page.getByTestId('maternal-case-readonly')).toHaveText('该档案已注销，不能修改');
  await expect(page.getByTestId('maternal-case-form').getByRole('button', { name: /保\s*存/ })).toHaveCount(0);
  await shot(page, 'maternal-shell-cancelled');
});
