import { expect, test, type Page } from '@playwright/test';
import { apiAs, login, shot } from './support';

type ArchiveRow = { id: string; personName: string; birthday: string };

const yearsOld = (birthday: string, today: string) =>
  Number(today.slice(0, 4)) - Number(birthday.slice(0, 4)) - (today.slice(5) < birthday.slice(5) ? 1 : 0);

/** Every required answer of 健康体检表 that a normal examination gives, by field and option text. */
const NORMAL_CHOICES: [string, string][] = [
  ['symptoms', '无症状'],
  ['exerciseFrequency', '不锻炼'],
  ['dietHabits', '荤素均衡'],
  ['smokingStatus', '从不吸烟'],
  ['drinkingFrequency', '从不'],
  ['occupationalExposure', '无'],
  ['lips', '红润'],
  ['teeth', '正常'],
  ['pharynx', '无充血'],
  ['hearing', '听见'],
  ['motorFunction', '可顺利完成'],
  ['skin', '正常'],
  ['sclera', '正常'],
  ['lymphNodes', '未触及'],
  ['barrelChest', '否'],
  ['breathSound', '正常'],
  ['rales', '无'],
  ['heartRhythm', '齐'],
  ['murmur', '无'],
  ['tenderness', '无'],
  ['mass', '无'],
  ['hepatomegaly', '无'],
  ['splenomegaly', '无'],
  ['shiftingDullness', '无'],
  ['oedema', '无'],
  ['dorsalArtery', '触及双侧对称'],
  ['cerebrovascularDisease', '未发现'],
  ['kidneyDisease', '未发现'],
  ['heartDisease', '未发现'],
  ['vascularDisease', '未发现'],
  ['eyeDisease', '未发现'],
  ['nervousDisease', '未发现'],
  ['otherSystemDisease', '未发现'],
];
const NORMAL_NUMBERS: [string, string][] = [
  ['temperature', '36.5'],
  ['pulseRate', '72'],
  ['respiratoryRate', '18'],
  ['waist', '82'],
  ['visionLeft', '1'],
  ['visionRight', '1'],
  ['heartRate', '72'],
];

test('a doctor opens 健康体检 from a resident’s archive, sees the BMI and the blood-pressure grade, saves and finds the exam listed', async ({
  page,
  request,
}) => {
  await login(page, 'doctor');
  const api = await apiAs(page.context(), request);
  const today = new Date().toLocaleDateString('sv-SE');
  // An adult under 65, so the elderly self-assessment stays hidden (it has its own rule cases).
  const residents = ((await api.get('commuserarchives/new-list?size=50')) as { records: ArchiveRow[] }).records;
  const resident = residents.find((r) => r.birthday && yearsOld(r.birthday, today) >= 18 && yearsOld(r.birthday, today) < 65);
  expect(resident, 'the seed has an adult resident under 65').toBeTruthy();

  // 健康体检 is in every resident's archive menu.
  await page.goto(`/publichealthwork/detail/healtharchive?arch_id=${resident!.id}`);
  await page.getByRole('menu').getByRole('menuitem', { name: '健康体检' }).click();
  await expect(page).toHaveURL(new RegExp(`/publichealthwork/detail/physicalexamination\\?arch_id=${resident!.id}`));
  const row = (prop: string) => page.locator(`[data-field="${prop}"]`);
  // A new exam starts from the archive: today's date, the birth date, the age computed from them.
  await expect(row('visitDate').locator('input')).toHaveValue(today);
  await expect(row('birthDate').locator('input')).toHaveValue(resident!.birthday);
  await expect(row('age').locator('input')).toHaveValue(String(yearsOld(resident!.birthday, today)));
  await expect(row('selfRatedHealth')).toHaveCount(0);
  await shot(page, 'physical-exam-new');

  // Height and weight: the BMI appears. A blood pressure: graded with the guideline's names, warned.
  await row('height').locator('input').fill('170');
  await row('weight').locator('input').fill('65');
  await expect(row('bmi').locator('input')).toHaveValue('22.49');
  await row('sbpLeft').locator('input').fill('150');
  await row('dbpLeft').locator('input').fill('95');
  await expect(row('bpLevel')).toContainText('1级高血压');
  await expect(row('sbpLeft')).toContainText('请非同日复测');
  await row('sbpLeft').scrollIntoViewIfNeeded();
  await shot(page, 'physical-exam-general');

  await row('responsibleDoctor').locator('input').fill('张伟');
  for (const [prop, value] of NORMAL_NUMBERS) await row(prop).locator('input').fill(value);
  for (const [prop, option] of NORMAL_CHOICES) await choose(page, prop, option);
  // The long middle of the form, for looking at: lifestyle, examination, laboratory results.
  await row('smokingStatus').scrollIntoViewIfNeeded();
  await shot(page, 'physical-exam-lifestyle');
  await row('haemoglobin').scrollIntoViewIfNeeded();
  // Rows far down mount their widgets once near the viewport (src/form-runtime "Long forms").
  await expect(row('haemoglobin').locator('input')).toBeVisible();
  await expect(row('urineOther').locator('input')).toBeVisible();
  await shot(page, 'physical-exam-auxiliary');
  await choose(page, 'healthEvaluation', '有异常');
  await row('abnormality1').locator('input').fill('血压偏高, 建议非同日复测');
  await row('healthGuidance').scrollIntoViewIfNeeded();
  await shot(page, 'physical-exam-evaluation');

  await page.getByRole('button', { name: /保\s*存|提\s*交/ }).click();
  const prompt = page.getByRole('dialog').filter({ hasText: '有异常是否保存?' });
  await expect(prompt).toContainText('血压≥140/90mmHg');
  await prompt.getByRole('button', { name: /是/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const records = page.getByTestId('followup-record');
  await expect(records.first()).toContainText(today);

  // Saved on the server: listed after a reload, and it opens with its values.
  await page.reload();
  await expect(records).toHaveCount(1);
  await records.first().click();
  await expect(row('bmi').locator('input')).toHaveValue('22.49');
  await expect(row('bpLevel')).toContainText('1级高血压');
  await shot(page, 'physical-exam-saved');
});

/** Ticks a radio or checkbox option of a field by its text. */
async function choose(page: Page, prop: string, option: string): Promise<void> {
  const target = page.locator(`[data-field="${prop}"]`).getByText(option, { exact: true });
  await target.scrollIntoViewIfNeeded();
  await target.click();
}
