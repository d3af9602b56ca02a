import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { field, pickDate } from './form-fields';
import { residentIdCard } from './id-card';
import { apiAs, login, shot } from './support';
import { setSystemParam } from './system-params';

// The maternal shell's 新生儿登记 (mother-newborn-visit = 2) and 新生儿访视 (isShowBabyVisit = 1):
// a newborn registered on the mother's pregnancy and listed there; the baby's newborn home visit
// recorded from the mother's tab, filed under the baby's own child case and listed on her tab.
test.use({ viewport: { width: 1366, height: 768 } });
test.setTimeout(240_000);

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE');
const saveButton = (page: Page) => page.getByRole('button', { name: /保\s*存|提\s*交/ });

/** The institution's 新生儿登记 and 新生儿访视 settings (系统参数), as its administrator sets them. */
async function setTabs(request: APIRequestContext, newborn: string, babyVisit: string) {
  await setSystemParam(request, 'mother-newborn-visit', '孕产妇新生儿登记', newborn);
  await setSystemParam(request, 'isShowBabyVisit', '孕产妇新生儿访视', babyVisit);
}

test('新生儿登记 registers the newborn on the pregnancy and lists it; 新生儿访视 records the baby’s home visit and lists it', async ({
  page,
  request,
}) => {
  await setTabs(request, '2', '1');
  try {
    await login(page, 'doctor');
    const api = await apiAs(page.context(), request);
    const tag = Math.floor(Math.random() * 9000 + 1000);
    // A mother of 31 (a new archive, so no other journey's pregnancy is hers) and her baby, born ten days ago.
    const mother = (await api.post('userarchives/create-update-archives', {
      personName: `新生母亲${tag}`,
      idCard: residentIdCard('1995-03-01', false),
      homeAddress: '妇幼路1号',
    })) as { id: string };
    const pregnancy = (await api.post('userarchivesother/create-or-update', {
      kind: 'maternal',
      archId: mother.id,
      lastMenstrualPeriod: day(-290),
    })) as { id: string };
    const birth = day(-10);
    const babyName = `新生宝宝${tag}`;
    const baby = (await api.post('userarchives/create-update-archives', {
      personName: babyName,
      idCard: residentIdCard(birth, true),
      homeAddress: '妇幼路1号',
    })) as { id: string };

    await page.goto(`/publichealthwork/maternal/archive?arch_id=${mother.id}&otherId=${pregnancy.id}`);
    await expect(page.getByTestId('maternal-header')).toBeVisible();

    // 新生儿登记: the registration form, saved on the pregnancy and listed by list-maternal-newborn-registration.
    const registrations = page.waitForResponse((r) => r.url().includes('/userfollowup/list-maternal-newborn-registration'));
    await page.getByRole('tab', { name: '新生儿登记', exact: true }).click();
    await registrations;
    const registration = page.getByTestId('maternal-form-maternalnewborn');
    await expect(field(page, 'babyName')).toBeVisible();
    await field(page, 'babyName').locator('input').fill(babyName);
    await field(page, 'babySex').getByText('男', { exact: true }).click();
    await pickDate(page, 'birthDate', birth);
    await field(page, 'birthWeeks').locator('input').fill('39');
    await field(page, 'birthWeight').locator('input').fill('3.3');
    await field(page, 'birthDefect').getByText('无', { exact: true }).click();
    await pickDate(page, 'registerDate', day(0));
    await field(page, 'doctorSign').locator('input').fill('张伟');
    const saved = page.waitForResponse((r) => r.url().includes('/userfollowup/save-maternal-newborn-registration'));
    await saveButton(page).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(registration.getByTestId('followup-record')).toHaveCount(1);
    // The record is named by the baby and its dates, not the day it was made.
    await expect(registration.getByTestId('newborn-record-label')).toContainText(babyName);
    await expect(registration.getByTestId('newborn-record-label')).toContainText(`出生 ${birth}`);
    await expect(registration.getByTestId('newborn-record-label')).toContainText(`登记 ${day(0)}`);
    const listed = (await api.get(`userfollowup/list-maternal-newborn-registration?archId=${mother.id}&otherId=${pregnancy.id}`)) as {
      values: Record<string, unknown>;
    }[];
    expect(listed.map((r) => r.values.babyName)).toEqual([babyName]);
    await shot(page, 'maternal-newborn-registration');

    // 新生儿访视 before the baby has its child case: the tab says so.
    await page.getByRole('tab', { name: '新生儿访视', exact: true }).click();
    await expect(page.getByTestId('baby-visits-no-baby')).toContainText('本次妊娠尚无新生儿的儿童档案');
    // 新生儿建档 (儿童档案) names her as mother; the tab offers the baby once reopened.
    await api.post('userarchivesother/create-or-update', {
      kind: 'child',
      archId: baby.id,
      birthDate: birth,
      childSex: '1',
      birthWeight: 3.3,
      motherArchId: mother.id,
    });
    await page.reload();
    await page.getByRole('tab', { name: '新生儿访视', exact: true }).click();
    const visits = page.getByTestId('baby-visits');
    await expect(visits.getByTestId('baby-select')).toContainText(`${babyName}（${birth}）`);
    await expect(visits).toContainText('暂无新生儿访视记录');
    await page.getByTestId('baby-visit-add').click();

    // The baby's 新生儿家庭访视记录表, starting from the baby's archive (birth date).
    await expect(page.getByTestId('baby-visit-page')).toContainText(`新生儿：${babyName}`);
    await expect(field(page, 'birthDate').locator('input')).toHaveValue(birth);
    await field(page, 'gestationWeeks').locator('input').fill('39');
    await field(page, 'birthWeight').locator('input').fill('3.3');
    await field(page, 'weight').locator('input').fill('3.6');
    await field(page, 'feeding').getByText('纯母乳', { exact: true }).click();
    await field(page, 'referral').getByText('无', { exact: true }).click();
    await pickDate(page, 'nextVisitDate', day(20));
    await field(page, 'doctorSign').locator('input').fill('张伟');
    await pickDate(page, 'visitDate', day(0));
    await expect(field(page, 'ageDays').locator('input')).toHaveValue('10');
    await shot(page, 'maternal-baby-visit-form');
    const visitSaved = page.waitForResponse((r) => r.url().includes('/userfollowup/save-maternal-children-visits'));
    // A saved visit has the list read again (list-maternal-children-visits).
    const reread = page.waitForResponse((r) => r.url().includes('/userfollowup/list-maternal-children-visits'));
    await saveButton(page).click();
    expect((await visitSaved).ok()).toBe(true);
    await expect(page.getByText('保存成功')).toBeVisible();
    await reread;

    // Back on the list: the visit, named by its baby.
    await page.getByTestId('baby-visit-back').click();
    const row = visits.locator('tbody tr', { hasText: babyName });
    await expect(row).toContainText(day(0));
    await expect(row).toContainText('张伟');
    await expect(row).toContainText(day(20));
    await shot(page, 'maternal-baby-visits');
    // Filed under the baby's own child case, not the pregnancy.
    const childRecords = (await api.get(`userfollowup/get-children-userfollow-up?archId=${baby.id}`)) as { formCode: string }[];
    expect(childRecords.map((r) => r.formCode)).toEqual(['childnewbornvisit']);
    // 查看 opens the baby's visits with the saved one.
    await row.getByText('查看').click();
    await expect(page.getByTestId('baby-visit-page').getByTestId('followup-record')).toHaveCount(1);
    // With the setting off again, a link to the 新生儿登记 form opens the first tab shown, not the hidden one.
    await setTabs(request, '1', '0');
    await page.goto(`/publichealthwork/maternal/archive?arch_id=${mother.id}&otherId=${pregnancy.id}&form=maternalnewborn`);
    await expect(page.getByRole('tab', { name: '孕产妇档案', exact: true, selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: '新生儿登记', exact: true })).toHaveCount(0);
  } finally {
    // The demo institution's tabs as other journeys expect them.
    await setTabs(request, '1', '0');
  }
});
