import { expect, test } from '@playwright/test';
import { prenatalValues } from '../../server/test-support/maternal-values';
import { apiAs, login, shot } from './support';

// 任务中心 and a pregnancy (issue 32/34): a prenatal visit whose gestational-week window has passed is
// listed under 已逾期; 随访 opens the pregnancy's maternal shell on 产检随访 › 第2~5次产前随访 — not the
// resident's archive page, where the visit would not belong to the case.
test.use({ viewport: { width: 1366, height: 768 } });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toLocaleDateString('sv-SE');
type ArchiveRow = { id: string; sex: string; birthday?: string; personName: string };

test('an overdue prenatal visit opens its pregnancy’s maternal shell on the visit’s form', async ({ page, request }) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?size=100')) as { records: ArchiveRow[] };
  // A woman of about 20–44 without an open pregnancy (the other maternal journeys file theirs too).
  let woman: ArchiveRow | undefined;
  for (const r of list.records.filter(
    (a) => String(a.sex) === '2' && a.birthday && a.birthday > '1982-01-01' && a.birthday < '2006-01-01',
  )) {
    if (((await api.get(`userarchivesother/maternal-valid?archId=${r.id}`)) as { valid: boolean }).valid) {
      woman = r;
      break;
    }
  }
  expect(woman, 'a woman of 20–44 without an open pregnancy in the seed').toBeTruthy();
  // 26 weeks pregnant: the 21–24-week visit window closed eleven days ago.
  const lmp = day(-185);
  const filed = (await api.post('userarchivesother/create-or-update', {
    kind: 'maternal',
    archId: woman!.id,
    lastMenstrualPeriod: lmp,
  })) as {
    id: string;
  };
  // The 2nd visit at 18 weeks; none since, so the 3rd (21–24 weeks) is overdue.
  await api.post('userfollowup/save_or_update_prenatal_follow_up', {
    archId: woman!.id,
    otherId: filed.id,
    values: prenatalValues({ visitDate: day(-59), lmp, nextVisitDate: day(-5) }),
  });

  await page.goto('/task/user_followup/index?tab=overdue');
  await page.getByLabel('姓名').fill(woman!.personName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByTestId(`follow-${woman!.id}-maternalprenatal`).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/maternal/archive\\?.*otherId=${filed.id}`));
  await expect(page.getByTestId('maternal-header')).toContainText(woman!.personName);
  await expect(page.getByRole('tab', { name: '产检随访', exact: true, selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: '第2~5次产前随访', exact: true, selected: true })).toBeVisible();
  await expect(page.getByTestId('maternal-form-maternalprenatal')).toBeVisible();
  // The window the task centre counted, above the form.
  await expect(page.getByTestId('visit-window')).toHaveText(/孕21~24周 .*已逾期/);
  await shot(page, 'task-centre-maternal');
});
