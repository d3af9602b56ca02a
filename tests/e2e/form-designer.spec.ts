import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, shot } from './support';

// A form that exists only in this test, built in the designer from nothing.
const CODE = `lungscreen${Date.now().toString(36)}`;
const NAME = '肺功能筛查登记表';

const outline = (page: Page) => page.getByTestId('outline');
const fieldPanel = (page: Page) => page.getByTestId('field-properties');
const preview = (page: Page) => page.getByTestId('preview');
const saveState = (page: Page) => page.getByTestId('save-state');

/** Adds a field to the first section and fills its name, label and type in the property panel. */
async function addField(page: Page, prop: string, label: string, type: string) {
  await outline(page).getByRole('button', { name: /^添加字段/ }).first().click();
  const panel = fieldPanel(page);
  await panel.getByLabel('字段名', { exact: true }).fill(prop);
  await panel.getByLabel('标签', { exact: true }).fill(label);
  await panel.getByLabel('类型', { exact: true }).first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: type }).click();
  await expect(outline(page).locator(`[data-field="${prop}"]`)).toContainText(label);
}

/** Types into a CodeMirror editor (the content element carries the aria-label). */
async function typeIn(editor: Locator, text: string) {
  await editor.click();
  await editor.pressSequentially(text, { delay: 20 });
}

test('an administrator designs a form in the browser: fields, rules with completion and diagnostics, preview, a case, publish', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'admin');
  await page.goto('/system/form/index');
  await expect(page.getByRole('row', { name: /hypertensionfollowup/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /hypertensionfollowup/ })).toContainText('已发布');
  await shot(page, 'designer-list');

  // 新建: a form document dialog (code + name), then the editor of the new form.
  await page.getByRole('button', { name: /新\s*建/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('表单编号').fill(CODE);
  await dialog.getByLabel('表单名称').fill(NAME);
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(page.getByTestId('form-editor')).toBeVisible();
  await expect(page.getByTestId('form-editor')).toContainText(CODE);
  await shot(page, 'designer-new-form');

  // Four kinds of field: a date, numbers, a radio with a list of the form's own, a text area.
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

  // Reorder by drag and drop with the keyboard (dnd-kit): the advice moves above the smoker field.
  const fieldOrder = () => outline(page).locator('[data-field]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-field')));
  await outline(page).locator('[data-field="advice"] .fd-handle').focus();
  // dnd-kit measures between the lift, the move and the drop: a person's pace, not a burst.
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(fieldOrder).toEqual(['visitDate', 'fev1', 'fvc', 'ratio', 'advice', 'smoker']);
  // And back with the mouse.
  const handle = outline(page).locator('[data-field="smoker"] .fd-handle');
  const target = await outline(page).locator('[data-field="advice"]').boundingBox();
  await handle.hover();
  await page.mouse.down();
  await page.mouse.move(target!.x + 20, target!.y + 10, { steps: 8 });
  await page.mouse.move(target!.x + 20, target!.y + 4, { steps: 4 });
  await page.mouse.up();
  await expect.poll(fieldOrder).toEqual(['visitDate', 'fev1', 'fvc', 'ratio', 'smoker', 'advice']);
  await expect(saveState(page)).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });
  await shot(page, 'designer-fields');

  // A calculation written with completion: type a prefix, pick the field from the list.
  await outline(page).locator('[data-field="ratio"]').click();
  await page.getByRole('tab', { name: /规则/ }).click();
  await page.getByRole('button', { name: /添加规则/ }).click();
  await page.getByRole('menuitem', { name: /计算/ }).click();
  const calc = page.getByLabel('ratio.calc 表达式 (tcontent)');
  await typeIn(calc, 'round(fe');
  const completions = page.locator('.cm-tooltip-autocomplete');
  await expect(completions).toContainText('第一秒用力呼气量');
  await shot(page, 'designer-completion');
  await completions.getByRole('option', { name: /fev1/ }).click();
  await calc.pressSequentially(' / fvc * 100, 1)', { delay: 20 });
  await expect(calc).toHaveText('round(fev1 / fvc * 100, 1)');

  // A warning with a misspelt field: the engine's diagnostic inline, then fixed.
  await page.getByRole('button', { name: /添加规则/ }).click();
  await page.getByRole('menuitem', { name: /异常提示/ }).click();
  const check = page.getByLabel('ratio.check 表达式 (tcontent)');
  await typeIn(check, 'ratoi < 70');
  await page.keyboard.press('Escape');
  await expect(page.locator('.fd-rule[data-rule="ratio.check"] .fd-diagnostic')).toHaveText('未知的字段: ratoi');
  await expect(page.locator('.fd-rule[data-rule="ratio.check"] .cm-lintRange-error')).toHaveText('ratoi');
  await shot(page, 'designer-diagnostic');
  await check.press('ControlOrMeta+a');
  await check.pressSequentially('ratio < 70', { delay: 20 });
  await page.keyboard.press('Escape');
  await expect(page.locator('.fd-rule[data-rule="ratio.check"] .fd-diagnostic')).toHaveCount(0);
  await page.getByLabel('ratio.check 提示信息 (errMsg)').fill('一秒率低于 70%, 提示气流受限');

  // A display rule: the advice shows for smokers only.
  await outline(page).locator('[data-field="advice"]').click();
  await page.getByRole('tab', { name: /规则/ }).click();
  await page.getByRole('button', { name: /添加规则/ }).click();
  await page.getByRole('menuitem', { name: /显示/ }).click();
  await typeIn(page.getByLabel('advice.display 条件 (scontent)'), 'smoker == "1');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('advice.display 条件 (scontent)')).toHaveText('smoker == "1"');

  // The preview runs the rules: the ratio, the warning, the advice shown for a smoker.
  await expect(saveState(page)).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });
  await page.getByRole('tab', { name: '预览' }).click();
  await expect(preview(page).getByLabel('戒烟建议')).toBeHidden();
  await preview(page).getByRole('textbox', { name: '第一秒用力呼气量' }).fill('2.1');
  await preview(page).getByRole('textbox', { name: '用力肺活量' }).fill('3.5');
  await expect(preview(page).getByRole('textbox', { name: '一秒率' })).toHaveValue('60');
  await expect(preview(page)).toContainText('一秒率低于 70%, 提示气流受限');
  await preview(page).getByText('是', { exact: true }).click();
  await expect(preview(page).getByLabel('戒烟建议')).toBeVisible();
  await expect(page.getByTestId('why-list')).toContainText('规则 ratio.calc');
  await shot(page, 'designer-preview');

  // A case from what the preview shows, run by the engine in the browser.
  await page.getByRole('tab', { name: '用例' }).click();
  await page.getByRole('button', { name: '以预览内容添加用例' }).click();
  await page.getByRole('button', { name: '运行用例' }).click();
  await expect(page.getByTestId('case-results')).toContainText('1 / 1 通过');
  await shot(page, 'designer-cases');

  // 发布: the summary first, then the required note.
  await expect(saveState(page)).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });
  await page.getByRole('button', { name: /发\s*布/ }).first().click();
  const publish = page.getByRole('dialog');
  await expect(publish.getByTestId('publish-summary')).toBeVisible();
  await expect(publish.getByText('正在用新规则重算最近的记录')).toBeHidden({ timeout: 20_000 });
  await page.waitForTimeout(400); // the dialog's opening animation
  await shot(page, 'designer-publish');
  await publish.getByRole('button', { name: /发\s*布/ }).click();
  await expect(publish).toContainText('变更说明不能为空');
  await publish.getByLabel('变更说明').fill('新建肺功能筛查登记表');
  await publish.getByRole('button', { name: /发\s*布/ }).click();
  await expect(page.locator('.ant-message')).toContainText('发布成功, 版本 1');
  await expect(page.getByTestId('form-editor').locator('[data-status="published"]')).toBeVisible();

  // 版本: the history names the note, who and when.
  await page.getByRole('button', { name: /版\s*本/ }).click();
  await expect(page.getByTestId('versions-table')).toContainText('新建肺功能筛查登记表');
  await page.getByRole('button', { name: /比\s*较/ }).click();
  await expect(page.getByText('两个版本内容相同')).toBeVisible();
  await page.waitForTimeout(400); // the drawer's opening animation
  await shot(page, 'designer-versions');
  await page.keyboard.press('Escape');

  // 导出: the working copy as the analysts' files.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toBe(`${CODE}.json`);

  // Back in the list: published, version 1, changed by the administrator.
  await page.getByRole('button', { name: /返回列表/ }).click();
  const row = page.getByRole('row', { name: new RegExp(CODE) });
  await expect(row).toContainText('已发布');
  await expect(row).toContainText('1');
});

test('导入: the analysts’ files become a working copy; a broken file is refused naming the file, line and property', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/system/form/index');
  await expect(page.getByRole('row', { name: /hypertensionfollowup/ })).toBeVisible();
  const input = page.getByTestId('import-input');
  const file = (name: string, value: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) });

  const broken = { formCode: 'brokenform', formName: '有错的表单', version: 1, fields: [{ fieldProp: 'a', fieldLabel: '甲', fieldType: 9 }] };
  await input.setInputFiles([file('brokenform.json', broken)]);
  const refusal = page.getByTestId('import-refusal');
  await expect(refusal).toContainText('brokenform.json');
  await expect(refusal).toContainText('/fields/0/fieldType');
  await page.waitForTimeout(400);
  await shot(page, 'designer-import-refused');
  await page.getByRole('button', { name: /知\s*道\s*了|确\s*定|OK/ }).click();

  const code = `imported${Date.now().toString(36)}`;
  const doc = { formCode: code, formName: '导入的登记表', version: 1, sections: [{ id: 'main', title: '登记' }], fields: [{ fieldProp: 'height', fieldLabel: '身高', fieldType: 4, unit: 'cm', section: 'main' }, { fieldProp: 'tall', fieldLabel: '偏高', fieldType: 3, section: 'main' }] };
  const rules = { formCode: code, rules: [{ id: 'tall.calc', kind: 'calc', field: 'tall', tcontent: 'height > 180 ? "是" : "否"' }] };
  await input.setInputFiles([file(`${code}.json`, doc), file(`${code}.rules.json`, rules)]);
  await expect(page.locator('.ant-message')).toContainText('导入成功');
  await page.getByLabel('表单编号').fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('未发布');
  await row.getByText(code, { exact: true }).click();
  await expect(page.getByTestId('outline').locator('[data-field="tall"]')).toContainText('规则 1');
});
