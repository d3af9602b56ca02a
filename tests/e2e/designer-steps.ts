import { expect, type Locator, type Page } from '@playwright/test';
import { shot } from './support';

// Steps in 表单设计 (/system/form/index) shared by the designer journeys: the lung-function form
// (four field types, a calculation chosen with completion, a warning with a misspelt field fixed,
// a display rule), its preview, a case, and publishing with a change note.

export const outline = (page: Page) => page.getByTestId('outline');
export const fieldPanel = (page: Page) => page.getByTestId('field-properties');
export const formPanel = (page: Page) => page.getByTestId('form-properties');
export const preview = (page: Page) => page.getByTestId('preview');
export const saveState = (page: Page) => page.getByTestId('save-state');

/** The warning rule on the ratio as first written, and its message. */
export const RATIO_WARNING = 'ratio < 70';
export const RATIO_MESSAGE = '一秒率低于 70%, 提示气流受限';

/** Waits until the autosave has sent every change (the server publishes and replays what it holds). */
export const saved = (page: Page) => expect(saveState(page)).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });

/** Picks an option in the open antd select dropdown. */
export const pickOption = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).click();

/** Types into a CodeMirror editor (the content element carries the aria-label). */
export async function typeIn(editor: Locator, text: string) {
  await editor.click();
  await editor.pressSequentially(text, { delay: 20 });
}

/** Replaces the whole text of a CodeMirror editor and closes the completion list. */
export async function retype(page: Page, editor: Locator, text: string) {
  await editor.click();
  await editor.press('ControlOrMeta+a');
  await editor.pressSequentially(text, { delay: 20 });
  await page.keyboard.press('Escape');
}

/** From the list: 新建 (a form document dialog: code + name), then the editor of the new form. */
export async function newForm(page: Page, code: string, name: string) {
  await page.getByRole('button', { name: /新\s*建/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('表单编号').fill(code);
  await dialog.getByLabel('表单名称').fill(name);
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(page.getByTestId('form-editor')).toBeVisible();
  await expect(page.getByTestId('form-editor')).toContainText(code);
}

/** Adds a field to the first section and fills its name, label and type in the property panel. */
export async function addField(page: Page, prop: string, label: string, type: string) {
  await outline(page)
    .getByRole('button', { name: /^添加字段/ })
    .first()
    .click();
  const panel = fieldPanel(page);
  await panel.getByLabel('字段名', { exact: true }).fill(prop);
  await panel.getByLabel('标签', { exact: true }).fill(label);
  await panel.getByLabel('类型', { exact: true }).first().click();
  await pickOption(page, type);
  await expect(outline(page).locator(`[data-field="${prop}"]`)).toContainText(label);
}

/** Opens a field's rules tab. */
export async function rulesOf(page: Page, prop: string) {
  await outline(page).locator(`[data-field="${prop}"]`).click();
  await page.getByRole('tab', { name: /规则/ }).click();
}

/** Adds a rule of a kind (the 添加规则 menu's words) to the field whose rules are open. */
export async function addRule(page: Page, kind: RegExp) {
  await page.getByRole('button', { name: /添加规则/ }).click();
  await page.getByRole('menuitem', { name: kind }).click();
}

/**
 * Four kinds of field: a date, numbers, a radio with a list of the form's own, a text area.
 * Order: visitDate, fev1, fvc, ratio, smoker, advice.
 */
export async function addLungFields(page: Page) {
  await addField(page, 'visitDate', '筛查日期', '日期');
  await addField(page, 'fev1', '第一秒用力呼气量', '数值');
  await fieldPanel(page).getByLabel('单位', { exact: true }).fill('L');
  await addField(page, 'fvc', '用力肺活量', '数值');
  await addField(page, 'ratio', '一秒率', '数值');
  await fieldPanel(page).getByLabel('单位', { exact: true }).fill('%');
  await addField(page, 'smoker', '是否吸烟', '单选');
  await expect(fieldPanel(page)).toContainText('下拉、单选、多选类型需要字典代码');
  await fieldPanel(page).getByRole('button', { name: '为此字段新建本表选项列表' }).click();
  const list = page.getByTestId('option-list-smoker');
  await list.getByLabel('选项列表 smoker 1 名称').fill('是');
  await list.getByLabel('选项列表 smoker 2 名称').fill('否');
  await addField(page, 'advice', '戒烟建议', '多行文本');
  await expect(preview(page).getByText('戒烟建议')).toBeVisible();
}

/**
 * The rules, with screenshots `<shots>-completion` and `<shots>-diagnostic`: the ratio calculated
 * (the field picked from the completion list), a warning written with a misspelt field (the
 * engine's diagnostic inline, then fixed), and the advice shown for smokers only.
 */
export async function addLungRules(page: Page, shots: string) {
  await rulesOf(page, 'ratio');
  await addRule(page, /计算/);
  const calc = page.getByLabel('ratio.calc 表达式 (tcontent)');
  await typeIn(calc, 'round(fe');
  const completions = page.locator('.cm-tooltip-autocomplete');
  await expect(completions).toContainText('第一秒用力呼气量');
  await shot(page, `${shots}-completion`);
  await completions.getByRole('option', { name: /fev1/ }).click();
  await calc.pressSequentially(' / fvc * 100, 1)', { delay: 20 });
  await expect(calc).toHaveText('round(fev1 / fvc * 100, 1)');

  await addRule(page, /异常提示/);
  const check = page.getByLabel('ratio.check 表达式 (tcontent)');
  await typeIn(check, RATIO_WARNING.replace('ratio', 'ratoi'));
  await page.keyboard.press('Escape');
  await expect(page.locator('.fd-rule[data-rule="ratio.check"] .fd-diagnostic')).toHaveText('未知的字段: ratoi');
  await expect(page.locator('.fd-rule[data-rule="ratio.check"] .cm-lintRange-error')).toHaveText('ratoi');
  await shot(page, `${shots}-diagnostic`);
  await retype(page, check, RATIO_WARNING);
  await expect(page.locator('.fd-rule[data-rule="ratio.check"] .fd-diagnostic')).toHaveCount(0);
  await page.getByLabel('ratio.check 提示信息 (errMsg)').fill(RATIO_MESSAGE);

  await rulesOf(page, 'advice');
  await addRule(page, /显示/);
  await typeIn(page.getByLabel('advice.display 条件 (scontent)'), 'smoker == "1');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('advice.display 条件 (scontent)')).toHaveText('smoker == "1"');
}

/** The preview runs the rules: the ratio, the warning, the advice shown for a smoker. */
export async function checkLungPreview(page: Page) {
  await saved(page);
  await page.getByRole('tab', { name: '预览' }).click();
  await expect(preview(page).getByLabel('戒烟建议')).toBeHidden();
  await preview(page).getByRole('textbox', { name: '第一秒用力呼气量' }).fill('2.1');
  await preview(page).getByRole('textbox', { name: '用力肺活量' }).fill('3.5');
  await expect(preview(page).getByRole('textbox', { name: '一秒率' })).toHaveValue('60');
  await expect(preview(page)).toContainText(RATIO_MESSAGE);
  await preview(page).getByText('是', { exact: true }).click();
  await expect(preview(page).getByLabel('戒烟建议')).toBeVisible();
  await expect(page.getByTestId('why-list')).toContainText('规则 ratio.calc');
}

/** A case from what the preview shows, run by the engine in the browser. */
export async function addPreviewCase(page: Page) {
  await page.getByRole('tab', { name: '用例' }).click();
  await page.getByRole('button', { name: '以预览内容添加用例' }).click();
  await page.getByRole('button', { name: '运行用例' }).click();
  await expect(page.getByTestId('case-results')).toContainText('1 / 1 通过');
}

/** 发布 in the toolbar: the dialog, once the replay of recent records has come back. */
export async function openPublish(page: Page): Promise<Locator> {
  await saved(page);
  await page
    .getByRole('button', { name: /发\s*布/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('publish-summary')).toBeVisible();
  await expect(dialog.getByText('正在用新规则重算最近的记录')).toBeHidden({ timeout: 20_000 });
  await page.waitForTimeout(400); // the dialog's opening animation
  return dialog;
}

/** The required change note, then 发布: the new version is announced and the status is published. */
export async function publishWithNote(page: Page, dialog: Locator, note: string, version: number) {
  await dialog.getByLabel('变更说明').fill(note);
  await dialog.getByRole('button', { name: /发\s*布/ }).click();
  await expect(page.locator('.ant-message')).toContainText(`发布成功, 版本 ${version}`);
  await expect(page.getByTestId('form-editor').locator('[data-status="published"]')).toBeVisible();
}

/** The designer list's row of a form, found with the list's search (the list pages ten forms at a time). */
export async function formRow(page: Page, code: string) {
  await page.getByLabel('表单编号').fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(`\\b${code}\\b`) });
  await expect(row).toBeVisible();
  return row;
}
