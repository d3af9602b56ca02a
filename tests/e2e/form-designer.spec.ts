import { expect, test } from '@playwright/test';
import {
  addLungFields,
  addLungRules,
  addPreviewCase,
  checkLungPreview,
  formRow,
  newForm,
  openPublish,
  outline,
  publishWithNote,
  saved,
} from './designer-steps';
import { login, shot } from './support';

// A form that exists only in this test, built in the designer from nothing.
const CODE = `lungscreen${Date.now().toString(36)}`;
const NAME = '肺功能筛查登记表';

test('an administrator designs a form in the browser: fields, rules with completion and diagnostics, preview, a case, publish', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, 'admin');
  await page.goto('/system/form/index');
  await expect(await formRow(page, 'hypertensionfollowup')).toContainText('已发布');
  await shot(page, 'designer-list');

  // 新建, then four kinds of field: a date, numbers, a radio with a list of the form's own, a text area.
  await newForm(page, CODE, NAME);
  await shot(page, 'designer-new-form');
  await addLungFields(page);

  // Reorder by drag and drop with the keyboard (dnd-kit): the advice moves above the smoker field.
  const fieldOrder = () =>
    outline(page)
      .locator('[data-field]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-field')));
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
  await saved(page);
  await shot(page, 'designer-fields');

  // A calculation written with completion, a warning with a misspelt field (the diagnostic, then
  // fixed), a display rule; the preview runs them; a case from what the preview shows.
  await addLungRules(page, 'designer');
  await checkLungPreview(page);
  await shot(page, 'designer-preview');
  await addPreviewCase(page);
  await shot(page, 'designer-cases');

  // 发布: the summary first, then the required note.
  const publish = await openPublish(page);
  await expect(publish.getByTestId('publish-summary')).toContainText('尚未发布过: 这将是第一个版本');
  await shot(page, 'designer-publish');
  await publish.getByRole('button', { name: /发\s*布/ }).click();
  await expect(publish).toContainText('变更说明不能为空');
  await publishWithNote(page, publish, '新建肺功能筛查登记表', 1);

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
  const row = await formRow(page, CODE);
  await expect(row).toContainText('已发布');
  await expect(row).toContainText('1');
});

test('导入: the analysts’ files become a working copy; a broken file is refused naming the file, line and property', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/system/form/index');
  await formRow(page, 'hypertensionfollowup');
  const input = page.getByTestId('import-input');
  const file = (name: string, value: unknown) => ({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(`${JSON.stringify(value, null, 2)}\n`),
  });

  const broken = {
    formCode: 'brokenform',
    formName: '有错的表单',
    version: 1,
    fields: [{ fieldProp: 'a', fieldLabel: '甲', fieldType: 9 }],
  };
  await input.setInputFiles([file('brokenform.json', broken)]);
  const refusal = page.getByTestId('import-refusal');
  await expect(refusal).toContainText('brokenform.json');
  await expect(refusal).toContainText('/fields/0/fieldType');
  await page.waitForTimeout(400);
  await shot(page, 'designer-import-refused');
  await page.getByRole('button', { name: /知\s*道\s*了|确\s*定|OK/ }).click();

  const code = `imported${Date.now().toString(36)}`;
  const doc = {
    formCode: code,
    formName: '导入的登记表',
    version: 1,
    sections: [{ id: 'main', title: '登记' }],
    fields: [
      { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, unit: 'cm', section: 'main' },
      { fieldProp: 'tall', fieldLabel: '偏高', fieldType: 3, section: 'main' },
    ],
  };
  const rules = { formCode: code, rules: [{ id: 'tall.calc', kind: 'calc', field: 'tall', tcontent: 'height > 180 ? "是" : "否"' }] };
  await input.setInputFiles([file(`${code}.json`, doc), file(`${code}.rules.json`, rules)]);
  await expect(page.locator('.ant-message')).toContainText('导入成功');
  // The report says what was read and what publish would need: no placement here.
  await expect(page.getByTestId('import-counts')).toContainText('2 个字段, 1 条规则, 0 个用例');
  await expect(page.getByTestId('import-no-placement')).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await page.getByLabel('表单编号').fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('未发布');
  await row.getByText(code, { exact: true }).click();
  await expect(page.getByTestId('outline').locator('[data-field="tall"]')).toContainText('规则 1');
});

test('a long form: the outline renders the rows in view, scrolls to the end, and its search finds a far field', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/system/form/index');
  await formRow(page, 'hypertensionfollowup');
  const code = `longform${Date.now().toString(36)}`;
  const sections = ['一般情况', '生活方式', '查体'].map((title, i) => ({ id: `s${i + 1}`, title }));
  const fields = Array.from({ length: 150 }, (_, i) => ({
    fieldProp: `item${i + 1}`,
    fieldLabel: `项目${i + 1}`,
    fieldType: 4,
    section: `s${Math.floor(i / 50) + 1}`,
  }));
  const doc = { formCode: code, formName: '很长的登记表', version: 1, sections, fields };
  await page
    .getByTestId('import-input')
    .setInputFiles([{ name: `${code}.json`, mimeType: 'application/json', buffer: Buffer.from(`${JSON.stringify(doc, null, 2)}\n`) }]);
  await expect(page.locator('.ant-message')).toContainText('导入成功');
  await expect(page.getByTestId('import-counts')).toContainText('150 个字段');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await page.getByLabel('表单编号').fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByText(code, { exact: true })
    .click();

  const rows = outline(page).locator('[data-field]');
  await expect(outline(page)).toHaveAttribute('data-fields', '150');
  await expect(rows.first()).toHaveAttribute('data-field', 'item1');
  // Only the rows in view (and a few more) are in the page, not all 150.
  expect(await rows.count()).toBeLessThan(60);
  await expect(outline(page).locator('[data-field="item150"]')).toHaveCount(0);

  // Scrolled to the end, the last field is there.
  await outline(page)
    .locator('.fd-outline-rows')
    .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(outline(page).locator('[data-field="item150"]')).toBeVisible();

  // The search narrows the list; a field found and chosen stays in view once the search is cleared.
  await outline(page)
    .locator('.fd-outline-rows')
    .evaluate((el) => el.scrollTo({ top: 0 }));
  const find = outline(page).getByRole('searchbox');
  await find.fill('项目97');
  await expect(rows).toHaveCount(1);
  await expect(outline(page)).toContainText('查找时不能拖动排序');
  await rows.first().click();
  await find.fill('');
  await expect(outline(page).locator('[data-field="item97"].fd-selected')).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);
  await expect(page.getByTestId('field-properties').getByRole('textbox', { name: '字段名' })).toHaveValue('item97');
  await page.waitForTimeout(300);
  await shot(page, 'designer-long-outline');

  // The designer follows the language switch; the engine's messages stay Chinese, as everywhere.
  await page.getByText('English', { exact: true }).click();
  await expect(outline(page).getByRole('searchbox')).toHaveAttribute('placeholder', 'Find a field (code or label)');
  await expect(page.getByRole('tab', { name: 'Properties' })).toBeVisible();
  // The property panel is a form document of the designer's own: it is rebuilt in the new language.
  await expect(page.getByTestId('field-properties').getByRole('textbox', { name: 'Field name' })).toHaveValue('item97');
  await page.waitForTimeout(300);
  await shot(page, 'designer-long-outline-en');
  await page.getByText('中文', { exact: true }).click();
});
