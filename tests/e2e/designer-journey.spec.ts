import { expect, test, type Page } from '@playwright/test';
import {
  addLungFields,
  addLungRules,
  addPreviewCase,
  checkLungPreview,
  formPanel,
  formRow,
  newForm,
  openPublish,
  outline,
  pickOption,
  publishWithNote,
  RATIO_MESSAGE,
  RATIO_WARNING,
  retype,
  rulesOf,
  saved,
} from './designer-steps';
import { apiAs, login, shot } from './support';

// The journey, all in the browser: an administrator builds and publishes a form placed in
// hypertension patients' archives; a doctor fills and saves it; the administrator changes its
// warning, sees the diff and the replay naming the doctor's record, publishes v2; the old record
// still opens with v1 and its old rule, a new one with v2.
const CODE = `copdfollowup${Date.now().toString(36)}`;
const NAME = '高血压患者肺功能随访表';
const MENU_TITLE = '肺功能随访';
const NEW_WARNING = 'ratio < 80';
const NEW_MESSAGE = '一秒率低于 80%, 提示气流受限';

type ArchiveRow = { id: string; personName: string };

/** A screenshot once the page's requests are done (the top loading bar gone) and toasts are in place. */
async function settledShot(page: Page, name: string) {
  await expect(page.locator('[role="progressbar"][data-active]')).toHaveAttribute('aria-hidden', 'true');
  await page.waitForTimeout(400); // the bar's and a toast's animations
  await shot(page, name);
}

/** The follow-up page's row of a field. */
const row = (page: Page, prop: string) => page.locator(`[data-field="${prop}"]`);

/** FEV1 3.0 L of FVC 4.0 L: a ratio of 75 %, fine under v1 (< 70 warns), warned under v2 (< 80). */
async function fillLungValues(page: Page) {
  await row(page, 'fev1').locator('input').fill('3');
  await row(page, 'fvc').locator('input').fill('4');
  await expect(row(page, 'ratio').locator('input')).toHaveValue('75');
  await row(page, 'smoker').getByText('是', { exact: true }).click();
  await row(page, 'advice').locator('textarea').fill('建议戒烟, 三个月后复查肺功能');
}

test('a form built in the designer reaches a doctor; a changed rule is diffed, replayed and published as v2 while the old record keeps v1', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);

  // ---- the administrator builds the form -------------------------------------------------------
  await login(page, 'admin');
  await page.goto('/system/form/index');
  await formRow(page, 'hypertensionfollowup');
  await newForm(page, CODE, NAME);
  await addLungFields(page);
  await addLungRules(page, 'designer-journey');
  await checkLungPreview(page);
  await addPreviewCase(page);

  // Placement (the form's properties): a follow-up in hypertension patients' archive menus, due every 90 days.
  await outline(page).getByRole('button', { name: NAME }).click();
  const props = formPanel(page);
  await props.getByRole('combobox', { name: '类别', exact: true }).click();
  await pickOption(page, '随访');
  // Crowd labels are chosen from the crowd_label dictionary (shown by label, stored by code).
  await props.getByRole('combobox', { name: '适用人群标签', exact: true }).click();
  // Exactly 高血压, not 高血压高危.
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^高血压$/ })
    .click();
  await page.keyboard.press('Escape');
  await expect(props.locator('.ant-select-selection-item').filter({ hasText: '高血压' }).first()).toBeVisible();
  await props.getByLabel('档案菜单标题', { exact: true }).fill(MENU_TITLE);
  await props.getByLabel('随访间隔 (天)', { exact: true }).fill('90');
  await saved(page);
  await shot(page, 'designer-journey-placement');

  const first = await openPublish(page);
  await expect(first.getByTestId('publish-summary')).toContainText('尚未发布过: 这将是第一个版本');
  await publishWithNote(page, first, '新建高血压患者肺功能随访表', 1);

  // ---- a doctor finds it in a hypertension patient's archive, fills and saves it ---------------
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await login(doctor, 'doctor');
  const api = await apiAs(doctorContext, request);
  // The last of the hypertension patients: other journeys work in the first ones' archives.
  const resident = ((await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=50')) as { records: ArchiveRow[] }).records.at(
    -1,
  );
  expect(resident, 'the seed has hypertension patients').toBeTruthy();
  await doctor.goto(`/publichealthwork/detail/healtharchive?arch_id=${resident!.id}`);
  const entry = doctor.getByRole('menu').getByRole('menuitem', { name: MENU_TITLE });
  await expect(entry).toBeVisible();
  await settledShot(doctor, 'designer-journey-menu-entry');
  await entry.click();
  await expect(doctor).toHaveURL(new RegExp(`/publichealthwork/detail/${CODE}\\?arch_id=${resident!.id}`));
  await expect(doctor.getByTestId('followup-form-title')).toContainText('新建随访表单版本 v1');

  const today = new Date().toLocaleDateString('sv-SE');
  await expect(row(doctor, 'visitDate').locator('input')).toHaveValue(today);
  await expect(row(doctor, 'advice')).toBeHidden();
  await fillLungValues(doctor);
  await expect(row(doctor, 'ratio')).not.toContainText(RATIO_MESSAGE);
  await doctor.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  await expect(doctor.getByText('保存成功')).toBeVisible();
  const records = doctor.getByTestId('followup-record');
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText(today);
  await expect(records.first()).toContainText('表单版本 v1');
  await settledShot(doctor, 'designer-journey-saved');

  // ---- the administrator changes the warning: diff, replay naming the record, v2 ---------------
  await rulesOf(page, 'ratio');
  const check = page.getByLabel('ratio.check 表达式 (tcontent)');
  await expect(check).toHaveText(RATIO_WARNING);
  await retype(page, check, NEW_WARNING);
  await expect(check).toHaveText(NEW_WARNING);
  await page.getByLabel('ratio.check 提示信息 (errMsg)').fill(NEW_MESSAGE);
  await saved(page);

  await page.getByRole('button', { name: /版\s*本/ }).click();
  await expect(page.getByTestId('versions-table')).toContainText('新建高血压患者肺功能随访表');
  await page.getByRole('button', { name: /比\s*较/ }).click();
  const diff = page.getByTestId('change-list');
  await expect(diff).toContainText(`规则 ratio.check 的条件由 "${RATIO_WARNING}" 改为 "${NEW_WARNING}"`);
  await expect(diff).toContainText(`规则 ratio.check 的提示信息由 "${RATIO_MESSAGE}" 改为 "${NEW_MESSAGE}"`);
  await page.waitForTimeout(400); // the drawer's opening animation
  await shot(page, 'designer-journey-diff');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('versions-table')).toBeHidden();

  const second = await openPublish(page);
  await expect(second.getByTestId('change-list')).toContainText(`规则 ratio.check 的条件由 "${RATIO_WARNING}" 改为 "${NEW_WARNING}"`);
  const replay = second.getByTestId('replay-summary');
  await expect(replay).toContainText('重算 1 条记录, 1 条会有变化');
  const recordItem = replay.getByRole('button', { name: `${resident!.personName} · ${today} · 版本 1` });
  await expect(recordItem).toBeVisible();
  await recordItem.click();
  await expect(replay).toContainText(`新增异常提示: 一秒率: ${NEW_MESSAGE}`);
  await page.waitForTimeout(400); // the panel's opening animation
  await shot(page, 'designer-journey-replay');
  await publishWithNote(page, second, '一秒率低于 80% 即提示气流受限', 2);

  // ---- the doctor's saved record still opens with v1 and its old rule; 新增 opens v2 -----------
  await doctor.reload();
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText('表单版本 v1');
  await records.first().click();
  const title = doctor.getByTestId('followup-form-title');
  await expect(title).not.toContainText('新建随访');
  await expect(title).toContainText('表单版本 v1');
  await expect(row(doctor, 'ratio').locator('input')).toHaveValue('75');
  await expect(row(doctor, 'advice').locator('textarea')).toHaveValue('建议戒烟, 三个月后复查肺功能');
  await expect(row(doctor, 'ratio')).not.toContainText(NEW_MESSAGE);
  await settledShot(doctor, 'designer-journey-old-record-v1');
  // Its old rule: below 70 % it warns with v1's message, never v2's.
  await row(doctor, 'fev1').locator('input').fill('2.6');
  await expect(row(doctor, 'ratio').locator('input')).toHaveValue('65');
  await expect(row(doctor, 'ratio')).toContainText(RATIO_MESSAGE);
  await expect(row(doctor, 'ratio')).not.toContainText(NEW_MESSAGE);

  // That edit is not kept: 新增 asks first, then opens a new record with v2 and its rule.
  await doctor.getByRole('button', { name: /新\s*增/ }).click();
  const leave = doctor
    .getByRole('dialog')
    .filter({ hasText: '未保存的修改不会提交，只在本窗口暂存为草稿，再次打开此表单时可恢复。确定离开吗？' });
  await leave.getByRole('button', { name: /确\s*定/ }).click();
  await expect(title).toContainText('新建随访表单版本 v2');
  await fillLungValues(doctor);
  await expect(row(doctor, 'ratio')).toContainText(NEW_MESSAGE);
  await settledShot(doctor, 'designer-journey-new-record-v2');
  await doctorContext.close();
});
