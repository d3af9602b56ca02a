import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formRow, openPublish, preview, publishWithNote } from './designer-steps';
import { apiAs, login, shot } from './support';

// Issue 30: a COPD follow-up whose option fields name business dictionaries the tenant does not
// have, imported with its dictionaries file (rules/<code>.dicts.json). The designer's preview shows
// the labels; publishing creates the dictionaries; a doctor fills the form and then sees labels —
// 咳嗽，气短, never "1，3" — in 上次记录, in the print view and in /form-preview (which shows the
// published version by default, the working copy only to administrators).
const RUN = Date.now().toString(36);
const CODE = `copdfollowup${RUN}`;
const NAME = '慢阻肺患者随访表';
const MENU_TITLE = `慢阻肺随访${RUN.slice(-4)}`;
// Per run: the journeys share one server, and the tenant must not have these before the import.
const SYMPTOM = `copd_symptom_${RUN}`;
const OXYGEN = `copd_oxygen_${RUN}`;

const document = {
  formCode: CODE,
  formName: NAME,
  version: 1,
  sections: [{ id: 'main', title: '慢阻肺随访', columns: 2 }],
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, required: 1, section: 'main' },
    { fieldProp: 'symptom', fieldLabel: '症状', fieldType: 7, bizCode: SYMPTOM, required: 1, section: 'main', span: 2 },
    { fieldProp: 'oxygen', fieldLabel: '家庭氧疗', fieldType: 2, bizCode: OXYGEN, section: 'main' },
    { fieldProp: 'cat', fieldLabel: 'CAT 评分', fieldType: 4, unit: '分', section: 'main' },
    { fieldProp: 'catLevel', fieldLabel: '影响程度', fieldType: 3, section: 'main' },
  ],
  placement: {
    kind: 'followup',
    appliesTo: { crowdLabels: ['hypertension'] },
    menu: { title: MENU_TITLE, order: 95 },
  },
};
const rules = {
  formCode: CODE,
  rules: [{ id: 'catLevel.calc', kind: 'calc', field: 'catLevel', scontent: 'hasValue(cat)', tcontent: 'cat >= 10 ? "中" : "轻"' }],
};
const cases = {
  formCode: CODE,
  now: '2024-06-15T10:00:00',
  cases: [{ name: 'CAT 12 分: 影响程度中', given: { visitDate: '2024-06-10', cat: 12 }, expect: { values: { catLevel: '中' } } }],
};
const dictionaries = {
  formCode: CODE,
  dictionaries: {
    [SYMPTOM]: {
      name: '慢阻肺症状',
      items: [
        { value: '1', label: '咳嗽' },
        { value: '2', label: '咳痰' },
        { value: '3', label: '气短' },
      ],
    },
    [OXYGEN]: {
      name: '家庭氧疗',
      items: [
        { value: '1', label: '有' },
        { value: '2', label: '无' },
      ],
    },
  },
};

const file = (name: string, value: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(`${JSON.stringify(value, null, 2)}\n`),
});

/** A screenshot once the page's requests are done (the top loading bar gone) and animations ended. */
async function settledShot(page: Page, name: string) {
  await expect(page.locator('[role="progressbar"][data-active]')).toHaveAttribute('aria-hidden', 'true');
  await page.waitForTimeout(400);
  await shot(page, name);
}

const row = (page: Page, prop: string) => page.locator(`[data-field="${prop}"]`);

type ArchiveRow = { id: string; personName: string };

/** The tenant's business dictionary of that code, as the app reads it (dict-biz dictionary). */
async function tenantDictionary(page: Page, request: APIRequestContext, code: string): Promise<{ dictKey: string; dictValue: string }[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'saber-access-token')?.value;
  const res = await request.get(`/api/blade-system/dict-biz/dictionary?code=${code}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  const body = (await res.json()) as { data: { dictKey: string; dictValue: string }[] | null };
  return body.data ?? [];
}

test('a form naming dictionaries the tenant lacks: imported with its dictionaries, published, filled, and shown with labels everywhere', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);

  // ---- the administrator imports the form's four files through 导入 ---------------------------
  await login(page, 'admin');
  // The tenant lacks the form's dictionaries before the import.
  expect(await tenantDictionary(page, request, SYMPTOM)).toEqual([]);
  await page.goto('/system/form/index');
  await formRow(page, 'hypertensionfollowup');
  await page
    .getByTestId('import-input')
    .setInputFiles([
      file(`${CODE}.json`, document),
      file(`${CODE}.rules.json`, rules),
      file(`${CODE}.cases.json`, cases),
      file(`${CODE}.dicts.json`, dictionaries),
    ]);
  // The result: the import report — what was read and what the tenant lacks — before the dialog is left.
  const report = page.getByTestId('import-report');
  await expect(report).toBeVisible();
  await expect(report.getByTestId('import-counts')).toContainText('1 个用例');
  await expect(report).toContainText(SYMPTOM);
  await expect(report).toContainText('随文件新建');
  await page.waitForTimeout(400);
  await shot(page, 'form-dictionaries-1-imported');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await expect(report).toBeHidden();

  // ---- the designer's preview shows the labels ------------------------------------------------
  await page.getByLabel('表单编号').fill(CODE);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const listRow = page.getByRole('row', { name: new RegExp(CODE) });
  await expect(listRow).toContainText('未发布');
  await listRow.getByText(CODE, { exact: true }).click();
  const symptomInPreview = preview(page).locator('[data-field="symptom"]');
  await expect(symptomInPreview).toContainText('咳嗽');
  await expect(symptomInPreview).toContainText('气短');
  await expect(preview(page).locator('[data-field="oxygen"]')).toContainText('有');
  await settledShot(page, 'form-dictionaries-2-designer-preview');

  // ---- publish: the carried dictionaries are created in the tenant's business dictionary -------
  const dialog = await openPublish(page);
  await shot(page, 'form-dictionaries-3-publish');
  await publishWithNote(page, dialog, '导入慢阻肺患者随访表及其字典', 1);
  await expect.poll(async () => (await tenantDictionary(page, request, SYMPTOM)).map((e) => e.dictValue)).toEqual(['咳嗽', '咳痰', '气短']);
  // Still the labels in the preview once the tenant has the dictionaries.
  await expect(preview(page).locator('[data-field="symptom"]')).toContainText('咳嗽');

  // ---- a doctor opens the form from a hypertension resident's archive, fills and saves it ------
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await login(doctor, 'doctor');
  const api = await apiAs(doctorContext, request);
  // Not the last resident (the designer journey's): the one before it.
  const residents = ((await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=50')) as { records: ArchiveRow[] }).records;
  const resident = residents.at(-2) ?? residents.at(-1);
  expect(resident, 'the seed has hypertension patients').toBeTruthy();
  await doctor.goto(`/publichealthwork/detail/healtharchive?arch_id=${resident!.id}`);
  const entry = doctor.getByRole('menu').getByRole('menuitem', { name: MENU_TITLE });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(doctor).toHaveURL(new RegExp(`/publichealthwork/detail/${CODE}\\?arch_id=${resident!.id}`));

  const symptom = row(doctor, 'symptom');
  await expect(symptom).toContainText('咳嗽');
  await symptom.getByText('咳嗽', { exact: true }).click();
  await symptom.getByText('气短', { exact: true }).click();
  await row(doctor, 'oxygen').getByText('有', { exact: true }).click();
  await row(doctor, 'cat').locator('input').fill('12');
  await expect(row(doctor, 'catLevel').locator('input')).toHaveValue('中');
  await settledShot(doctor, 'form-dictionaries-4-doctor-filled');
  await doctor.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(doctor.getByText('保存成功')).toBeVisible();
  await expect(doctor.getByTestId('followup-record')).toHaveCount(1);

  // ---- the print view of the saved record: the labels, ticked ----------------------------------
  await expect(symptom.locator('.ant-checkbox-wrapper-checked')).toHaveText(['咳嗽', '气短']);
  await doctor.emulateMedia({ media: 'print' });
  await expect(doctor.getByTestId('followup-side-panel')).toBeHidden();
  await expect(symptom).toContainText('咳嗽');
  await expect(symptom).not.toContainText('1，3');
  await settledShot(doctor, 'form-dictionaries-5-doctor-print');
  await doctor.emulateMedia({ media: 'screen' });

  // ---- a new record: 上次记录 shows the labels, not the codes ----------------------------------
  await doctor
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const history = doctor.getByTestId('history-panel');
  await expect(history).toBeVisible();
  await expect(history).toContainText('咳嗽，气短');
  await expect(history).toContainText('有');
  await expect(history).toContainText('12 分');
  await expect(history).not.toContainText('1，3');
  await settledShot(doctor, 'form-dictionaries-6-last-record');

  // ---- /form-preview: the published version by default; its print mode shows labels -----------
  await doctor.goto(`/form-preview/${CODE}`);
  await expect(doctor.getByTestId('preview-title')).toHaveText(`${CODE} · 版本 1`);
  const previewSymptom = row(doctor, 'symptom');
  await previewSymptom.getByText('咳嗽', { exact: true }).click();
  await previewSymptom.getByText('气短', { exact: true }).click();
  await doctor.getByText('打印预览', { exact: true }).click();
  await expect(doctor.locator('.fr-mode-print [data-field="symptom"]')).toContainText('咳嗽，气短');
  await settledShot(doctor, 'form-dictionaries-7-form-preview-print');
  // An older version by its number (this form has one).
  await doctor.goto(`/form-preview/${CODE}?version=1`);
  await expect(doctor.getByTestId('preview-title')).toHaveText(`${CODE} · 版本 1`);
  await expect(row(doctor, 'symptom')).toContainText('咳嗽');
  // The working copy is the administrators'.
  await doctor.goto(`/form-preview/${CODE}?working=1`);
  await expect(doctor.getByText('无权查看未发布的表单')).toBeVisible();
  await page.goto(`/form-preview/${CODE}?working=1`);
  await expect(page.getByTestId('preview-title')).toHaveText(`${CODE} · 工作副本`);
  await expect(row(page, 'symptom')).toContainText('咳嗽');
  await settledShot(page, 'form-dictionaries-8-form-preview-working');
  await doctorContext.close();
});
