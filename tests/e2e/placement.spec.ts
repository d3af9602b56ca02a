import { expect, test } from '@playwright/test';
import { apiAs, login, shot } from './support';

// A form that exists only in this test: created and published through the API, never a file.
const CODE = `smokingfollowup${Date.now().toString(36)}`;
const MENU_TITLE = '戒烟干预随访';
const document = {
  formCode: CODE,
  formName: '糖尿病患者戒烟干预随访表',
  version: 1,
  placement: {
    kind: 'followup',
    appliesTo: { crowdLabels: ['diabetes'] },
    menu: { title: MENU_TITLE, order: 90 },
    due: { intervalDays: 30 },
  },
  sections: [{ id: 'main', title: '戒烟干预', columns: 2 }],
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, required: 1, section: 'main' },
    { fieldProp: 'cigarettes', fieldLabel: '日吸烟量', fieldType: 4, required: 1, min: 0, max: 100, unit: '支', section: 'main' },
    { fieldProp: 'advice', fieldLabel: '干预建议', fieldType: 6, section: 'main', span: 2 },
  ],
};

type ArchiveRow = { id: string; personName: string; crowdLabels?: string[] | string };
const labelsOf = (a: ArchiveRow) => (Array.isArray(a.crowdLabels) ? a.crowdLabels : String(a.crowdLabels ?? '').split(','));

test('a form an administrator publishes reaches the right residents’ archives with no code and no restart', async ({
  page,
  browser,
  request,
}) => {
  const adminContext = await browser.newContext();
  await login(await adminContext.newPage(), 'admin');
  const admin = await apiAs(adminContext, request);
  const created = (await admin.post('form/submit', { document })) as { id: string };
  await admin.post(`form/publish?id=${created.id}`);
  await adminContext.close();

  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const diabetic = ((await api.get('commuserarchives/new-list?crowdLabel=diabetes&size=5')) as { records: ArchiveRow[] }).records[2];
  const hypertensive = (
    (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=50')) as { records: ArchiveRow[] }
  ).records.find((a) => !labelsOf(a).includes('diabetes'));
  expect(diabetic, 'the seed has diabetes patients').toBeTruthy();
  expect(hypertensive, 'the seed has a hypertension patient without diabetes').toBeTruthy();

  // Not in the menu of a resident it does not apply to.
  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${hypertensive!.id}`);
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '高血压随访' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: MENU_TITLE })).toHaveCount(0);

  // In the menu of a diabetes patient, after the diabetes follow-up (menu order 30 < 90).
  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${diabetic!.id}`);
  await expect(menu.getByRole('menuitem', { name: MENU_TITLE })).toBeVisible();
  const titles = await menu.getByRole('menuitem').allTextContents();
  expect(titles.indexOf(MENU_TITLE)).toBeGreaterThan(titles.indexOf('糖尿病随访'));
  await menu.getByRole('menuitem', { name: MENU_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/${CODE}\\?arch_id=${diabetic!.id}`));

  // The three-column page with the published form: fill, save, find it in the list.
  await expect(page.getByText('暂无随访记录')).toBeVisible();
  const row = (prop: string) => page.locator(`[data-field="${prop}"]`);
  const today = new Date().toLocaleDateString('sv-SE');
  await expect(row('visitDate').locator('input')).toHaveValue(today);
  await row('cigarettes').locator('input').fill('120');
  await row('advice').locator('textarea').fill('每日减量至10支以下，一个月后复诊');
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  // Out of range: refused with the field's own message, nothing typed is lost.
  await expect(row('cigarettes')).toContainText('日吸烟量');
  await expect(row('advice').locator('textarea')).toHaveValue('每日减量至10支以下，一个月后复诊');
  await row('cigarettes').locator('input').fill('15');
  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const records = page.getByTestId('followup-record');
  await expect(records.first()).toContainText(today);
  await shot(page, 'placement-new-form-saved');

  // The follow-up list and the task centre's due visits count it: the next visit is today + 30 days.
  const due = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('sv-SE');
  const listed = (await api.get(`userfollowup/list?formCode=${CODE}&archId=${diabetic!.id}`)) as {
    records: { formCode: string; nextVisitDate: string }[];
  };
  expect(listed.records).toEqual([expect.objectContaining({ formCode: CODE, nextVisitDate: due })]);
  const tasks = (await api.get(`userfollowup/list-task-user-followup?formCode=${CODE}&startDate=${today}&endDate=${due}`)) as {
    records: { archId: string }[];
  };
  expect(tasks.records.map((r) => r.archId)).toEqual([diabetic!.id]);
  const stillDue = (await api.get(`userfollowup/should-visit?formCode=${CODE}&size=200`)) as { records: { archId: string }[] };
  expect(stillDue.records.map((r) => r.archId)).not.toContain(diabetic!.id);
});
