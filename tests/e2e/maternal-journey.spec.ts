import fs from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { field } from './form-fields';
import { apiAs, login, shot } from './support';

type ArchiveRow = { id: string; personName: string; sex?: string | number; birthday?: string };
type SchemaField = { fieldProp: string; fieldType: number; required?: number; min?: number };

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE');
const requiredOf = (code: string) =>
  (JSON.parse(fs.readFileSync(`schemas/${code}.json`, 'utf8')) as { fields: SchemaField[] }).fields.filter((f) => f.required);

/** Whole years from a yyyy-MM-dd birth date to today. */
function ageOf(birthday: string): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const now = new Date();
  return now.getFullYear() - y - (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d) ? 1 : 0);
}

async function pickDate(form: Locator, prop: string, date: string) {
  const input = field(form, prop).locator('input');
  await input.fill(date);
  await input.press('Enter');
  await form.page().keyboard.press('Escape');
  await expect(form.page().locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
}

async function pickOption(form: Locator, prop: string, label: string) {
  const page = form.page();
  await field(form, prop).locator('.ant-select-selector').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: label })
    .first()
    .click();
  await field(form, prop).locator('input').press('Escape');
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
}

/** Values that raise no check of the forms' rules (blood pressure, temperature, parity against gravidity). */
const NUMBERS: Record<string, string> = {
  height: '160',
  weight: '55',
  sbp: '110',
  dbp: '70',
  temperature: '36.6',
  vaginalDeliveries: '0',
  cesareans: '0',
};

/**
 * Fills what the form document marks required and is still empty, as a doctor would: the first
 * option of a choice (未见异常, 无, 结案…), a plain text, a number in range, the given dates.
 */
async function fillRequired(form: Locator, code: string, dates: Record<string, string>) {
  // The form shows once its document and the latest version are in: wait for it before looking at fields.
  await expect(field(form, 'visitDate')).toBeVisible();
  for (const f of requiredOf(code)) {
    const box = field(form, f.fieldProp);
    if (!(await box.isVisible())) continue;
    if (f.fieldType === 5) {
      if (dates[f.fieldProp]) await pickDate(form, f.fieldProp, dates[f.fieldProp]!);
    } else if (f.fieldType === 4 || f.fieldType === 3) {
      const input = box.locator('input').first();
      if ((await input.inputValue()) === '')
        await input.fill(
          f.fieldType === 3 ? (f.fieldProp === 'doctorSign' ? '张伟' : '良好') : (NUMBERS[f.fieldProp] ?? String(f.min ?? 1)),
        );
    } else if (f.fieldType === 2) {
      await box.locator('.ant-radio-wrapper').first().click();
    } else if (f.fieldType === 7) {
      if ((await box.locator('.ant-checkbox-wrapper-checked').count()) === 0) await box.locator('.ant-checkbox-wrapper').first().click();
    }
  }
}

const save = (form: Locator) => form.getByRole('button', { name: /保\s*存|提\s*交/ }).click();

test('a maternal journey in the shell: file a pregnancy, the first prenatal exam’s risk colour in the header, a postpartum visit, the 42-day exam closes the case', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const list = (await api.get('commuserarchives/new-list?size=100')) as { records: ArchiveRow[] };
  // A woman of 19–34 (no age risk factor to tick) without an open pregnancy, from the end of the list
  // so as not to share her with the other maternal journeys.
  let resident: ArchiveRow | undefined;
  for (const r of list.records
    .filter((a) => String(a.sex) === '2' && a.birthday && ageOf(a.birthday) > 18 && ageOf(a.birthday) < 35)
    .reverse()) {
    const valid = (await api.get(`userarchivesother/maternal-valid?archId=${r.id}`)) as { valid: boolean };
    if (valid.valid) {
      resident = r;
      break;
    }
  }
  expect(resident, 'a woman of 19–34 without an open pregnancy in the seed').toBeTruthy();

  // The way in: 孕产妇管理's 新增建档, the woman picked by name, opens the shell on 孕产妇档案.
  await page.goto('/publichealthwork/detail/maternal');
  await page.getByTestId('maternal-file-new').click();
  const filing = page.locator('.ant-modal').filter({ hasText: '新增孕产妇档案' });
  await filing.getByTestId('maternal-filing-resident').locator('input').fill(resident!.personName);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: `${resident!.personName}（女，${resident!.birthday!.slice(0, 10)}）` })
    .first()
    .click();
  await expect(filing.getByTestId('maternal-filing-ok')).toBeEnabled();
  await shot(page, 'maternal-journey-filing-dialog');
  await filing.getByTestId('maternal-filing-ok').click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/maternal/archive\\?arch_id=${resident!.id}`));

  // 孕产妇档案: file the pregnancy (LMP ten weeks ago).
  const caseForm = page.getByTestId('maternal-case-form');
  await caseForm.locator('[data-field="lastMenstrualPeriod"] input').fill(day(-70));
  await caseForm.locator('[data-field="lastMenstrualPeriod"] input').press('Enter');
  await caseForm.getByRole('button', { name: /建\s*档/ }).click();
  const header = page.getByTestId('maternal-header');
  await expect(header).toBeVisible();
  await expect(page.getByTestId('case-status')).toHaveText('在管');
  await expect(page.getByTestId('risk-tag')).toHaveCount(0);
  await expect(page.getByTestId('pregnancy-phase')).toHaveText('孕期');
  await expect(page.getByTestId('maternal-age')).toContainText(`${ageOf(resident!.birthday!)}岁（青年）`);
  // The header as spec 001 line 24 lists it: sex, the resident archive number with its status.
  await expect(page.getByTestId('maternal-sex')).toHaveText('女');
  await expect(page.getByTestId('resident-archive-status')).not.toBeEmpty();
  await expect(page.getByTestId('header-lmp')).toHaveText(day(-70));
  await shot(page, 'maternal-journey-header');
  // The photo: a gif is refused before sending, a png becomes the resident archive's avatar.
  const photo = header.locator('input[type=file]');
  await photo.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText(/超出文件类型限制：只能上传jpg\/png文件/)).toBeVisible();
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
  await header.locator('input[type=file]').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(page.getByTestId('maternal-avatar').locator('img')).toBeVisible();
  const archive = (await api.get(`commuserarchives/detail?id=${resident!.id}`)) as { avatar: string };
  expect(archive.avatar).not.toBe('');

  // 产检随访 › 第1次产前检查: the case's LMP is already there; a risk factor ticked grades the pregnancy yellow.
  await page.getByRole('tab', { name: '产检随访' }).click();
  const first = page.getByTestId('maternal-form-maternalfirstvisit');
  await expect(field(first, 'lmp').locator('input')).toHaveValue(day(-70));
  await expect(field(first, 'gestationText').locator('input')).toHaveValue('孕10周');
  await fillRequired(first, 'maternalfirstvisit', { nextVisitDate: day(28) });
  await pickOption(first, 'riskYellow', '瘢痕子宫');
  await expect(field(first, 'riskGrade')).toContainText('黄色（一般风险）');
  await field(first, 'riskGrade').scrollIntoViewIfNeeded();
  await shot(page, 'maternal-journey-first-visit');

  // Closing with the form typed in but not saved asks first; 取消 keeps everything as typed.
  await page.getByTestId('maternal-close').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('警告');
  await confirm.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page).toHaveURL(/\/publichealthwork\/maternal\//);
  await expect(field(first, 'riskYellow')).toContainText('瘢痕子宫');

  await save(first);
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('risk-tag')).toHaveText('黄色(一般风险)');
  await expect(first.getByTestId('followup-record')).toHaveCount(1);

  // 产前筛查: no spec call, saved by the generic submit under the case (孕早期血清学筛查 at 10 weeks, in its window).
  await page.getByRole('tab', { name: '产前筛查' }).click();
  const screening = page.getByTestId('maternal-form-maternalscreening');
  await fillRequired(screening, 'maternalscreening', { visitDate: day(0) });
  await field(screening, 't21Risk').locator('.ant-radio-wrapper').first().click();
  await field(screening, 't18Risk').locator('.ant-radio-wrapper').first().click();
  await expect(field(screening, 'gestationText').locator('input')).toHaveValue('孕10周');
  await shot(page, 'maternal-journey-screening');
  await save(screening);
  await expect(screening.getByTestId('followup-record')).toHaveCount(1);

  // 产后访视: five days after a delivery 45 days ago.
  await page.getByRole('tab', { name: '产后访视' }).click();
  const visit = page.getByTestId('maternal-form-maternalpostpartum');
  await expect(visit.getByText('暂无产后访视记录')).toBeVisible();
  await fillRequired(visit, 'maternalpostpartum', { visitDate: day(-40), deliveryDate: day(-45) });
  await save(visit);
  await expect(visit.getByTestId('followup-record')).toHaveCount(1);
  await expect(page.getByTestId('case-status')).toHaveText('在管');

  // 产后42天健康检查 with 处理 结案: the case is closed.
  await page.getByRole('tab', { name: '产后42天健康检查' }).click();
  const exam = page.getByTestId('maternal-form-maternalpostpartum42');
  await fillRequired(exam, 'maternalpostpartum42', { visitDate: day(0), deliveryDate: day(-45) });
  await expect(field(exam, 'handling').locator('.ant-radio-wrapper-checked')).toHaveText('结案');
  await shot(page, 'maternal-journey-42-day-exam');
  await save(exam);
  await expect(exam.getByTestId('followup-record')).toHaveCount(1);
  await expect(page.getByTestId('case-status')).toHaveText('结案');
  // The first exam's colour stays the case's.
  await expect(page.getByTestId('risk-tag')).toHaveText('黄色(一般风险)');
  await shot(page, 'maternal-journey-closed');

  // 孕产妇手册: the four records, read only, with the first exam's colour.
  await page.getByRole('tab', { name: '孕产妇手册' }).click();
  const book = page.getByTestId('maternal-book');
  await expect(book.getByTestId('book-entry')).toHaveCount(4);
  for (const title of ['第1次产前检查', '产前筛查', '产后访视', '产后42天健康检查']) await expect(book).toContainText(title);
  await expect(book.getByTestId('book-risk')).toHaveText('黄色(一般风险)');
  await shot(page, 'maternal-journey-book');

  // Nothing typed is pending: closing leaves without a question, to the management list.
  await page.getByTestId('maternal-close').click();
  await expect(page).toHaveURL(/\/publichealthwork\/detail\/maternal$/);
  const row = page.getByTestId('maternal-list').locator('tr').filter({ hasText: resident!.personName });
  await expect(row).toContainText('结案');
  await expect(row).toContainText('黄色(一般风险)');
  await shot(page, 'maternal-journey-list');

  // Her archive's 孕产妇管理 page lists the pregnancy; the shell opened from it closes back to it (#nav_name).
  await page.goto(`/publichealthwork/detail/maternalcase?arch_id=${resident!.id}`);
  const entry = page.getByTestId('maternal-entry');
  await expect(entry.locator('tr').filter({ hasText: '结案' })).toHaveCount(1);
  await shot(page, 'maternal-journey-archive-entry');
  await entry.getByTestId('maternal-entry-open').first().click();
  await expect(page).toHaveURL(/\/publichealthwork\/maternal\/archive\?.*#nav_name=/);
  await expect(page.getByTestId('case-status')).toHaveText('结案');
  await page.getByTestId('maternal-close').click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/maternalcase\\?arch_id=${resident!.id}`));
});
