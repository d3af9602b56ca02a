import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { DOCTOR_LOGIN, HEALTH_MENU, HYPERTENSION_ARCHIVE, renderDetail, SAVED_FOLLOWUP } from './detail-test-support';

const userEvent = userEventLib.setup({ delay: null });
const ARCHIVE = HYPERTENSION_ARCHIVE;
/** A saved follow-up, so the follow-up tab has a record to switch to. */
const FOLLOWUP = SAVED_FOLLOWUP;
/** A saved evaluation: 2级 with two risk factors (smoking, dyslipidaemia) → 中危, 二级管理. */
const EVALUATION = {
  id: '8001',
  formCode: 'hypertensionassessment',
  formVersion: 1,
  archId: '9001',
  rowVersion: 2,
  createTime: '2026-08-21 10:00:00',
  updateUserName: '张伟',
  values: {
    visitDate: '2026-08-21',
    sex: '2',
    birthDate: '1964-03-02',
    age: 62,
    sbp: 165,
    dbp: 100,
    onMedication: '1',
    bpLevel: '3',
    riskFactors: ['1', '3'],
    riskFactorCount: 2,
    diabetes: '1',
    ckd: '1',
    riskLevel: '2',
    managementLevel: '2',
    doctorSign: '张伟',
  },
};
/** A saved education prescription the resident partly took in. */
const EDUCATION = {
  id: '8101',
  formCode: 'healtheducation',
  formVersion: 1,
  archId: '9001',
  rowVersion: 1,
  createTime: '2026-08-22 10:00:00',
  updateUserName: '张伟',
  values: { visitDate: '2026-08-22', method: '1', topics: ['2', '4'], mastery: '2', educator: '张伟' },
};
let evaluations: unknown[] = [];

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('/commuserarchives/detail')) return config.params?.id === '9001' ? blade(ARCHIVE) : failure(404, '数据不存在!');
    if (url.includes('/healthmenu/getHealthMenuRoutes'))
      return url.includes('archId=9001') ? blade(HEALTH_MENU) : failure(404, '档案不存在');
    if (url.endsWith('/userfollowup/new-list')) return blade({ records: [FOLLOWUP], total: 1, size: 200, current: 1, pages: 1 });
    if (url.endsWith('/formrecord/list')) {
      const records = config.params?.formCode === 'healtheducation' ? [EDUCATION] : evaluations;
      return blade({ records, total: records.length, size: 200, current: 1, pages: 1 });
    }
    if (url.endsWith('/formrecord/submit')) {
      const sent = JSON.parse(String(config.data)) as { formCode: string; values: Record<string, unknown> };
      const saved =
        sent.formCode === 'healtheducation'
          ? { ...EDUCATION, id: '8102', values: sent.values }
          : { ...EVALUATION, rowVersion: 3, values: sent.values };
      return blade(saved);
    }
    if (url.endsWith('/userfollowupdev/history')) return blade([]);
    return undefined;
  },
  {
    // No registry here: the form runtime falls back to the bundled documents.
    fallback: failure(404, '表单尚未发布'),
    login: DOCTOR_LOGIN,
    teardown: () => vi.restoreAllMocks(),
  },
);

const slow = (check: () => void) => waitFor(check, { timeout: 15_000 });
const tab = () => screen.getByTestId('evaluation-tab');
const evalRow = (prop: string) => tab().querySelector(`[data-field="${prop}"]`) as HTMLElement | null;
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function openEvaluationTab() {
  await userEvent.click(await screen.findByRole('tab', { name: '分级评估' }));
  return screen.findByTestId('evaluation-tab');
}

beforeEach(() => {
  evaluations = [];
});

describe('the 分级评估 tab of the hypertension follow-up page', { timeout: 60_000 }, () => {
  it('asks nothing until opened, then lists the evaluations with their risk level and starts a new one from the archive', async () => {
    evaluations = [EVALUATION];
    renderDetail('/publichealthwork/detail/hypertensionfollowup?arch_id=9001');
    await screen.findByTestId('followup-records');
    expect(seen.some((c) => c.url?.endsWith('/formrecord/list'))).toBe(false);

    const evaluation = await openEvaluationTab();
    const list = within(evaluation).getByTestId('followup-records');
    expect(within(list).getByText('评估记录')).toBeTruthy();
    expect(await within(list).findByText('2026-08-21')).toBeTruthy();
    expect(within(list).getByText('中危')).toBeTruthy();
    const asked = seen.find((c) => c.url?.endsWith('/formrecord/list'));
    expect(asked?.params).toMatchObject({ archId: '9001', formCode: 'hypertensionassessment' });

    expect(within(evaluation).getByTestId('evaluation-form-title').textContent).toContain('新建评估');
    await slow(() => expect(evalRow('birthDate')?.querySelector('input')?.value).toBe('1964-03-02'));
    expect(evalRow('visitDate')?.querySelector('input')?.value).toBe(today());
    expect((within(evalRow('sex')!).getByLabelText('女') as HTMLInputElement).checked).toBe(true);
    // The form grades as the values come in: 165/100, not on medication, is 2级高血压; a woman of 62
    // has no age factor and nothing is ticked, so 中危 and 二级管理 — once diabetes and CKD are
    // answered (an unanswered question is not 无, so until then the risk level stays empty).
    await userEvent.type(evalRow('sbp')!.querySelector('input')!, '165');
    await userEvent.type(evalRow('dbp')!.querySelector('input')!, '100');
    await userEvent.click(within(evalRow('onMedication')!).getByText('否'));
    await slow(() => expect(evalRow('bpLevel')?.textContent).toContain('2级高血压'));
    expect(evalRow('riskLevel')?.textContent).not.toContain('危');
    await userEvent.click(within(evalRow('diabetes')!).getByText('无'));
    await userEvent.click(within(evalRow('ckd')!).getByText('无'));
    await slow(() => expect(evalRow('riskLevel')?.textContent).toContain('中危'));
    expect(evalRow('managementLevel')?.textContent).toContain('二级管理');
  });

  it('saves an evaluation to the record store and shows it saved', async () => {
    evaluations = [EVALUATION];
    renderDetail('/publichealthwork/detail/hypertensionfollowup?arch_id=9001');
    const evaluation = await openEvaluationTab();
    const list = within(evaluation).getByTestId('followup-records');
    await slow(() => expect(list.querySelector('.ant-spin-spinning')).toBeNull());
    fireEvent.click(await within(list).findByText('2026-08-21'));
    await slow(() => expect(evalRow('riskLevel')?.textContent).toContain('中危'));
    await userEvent.type(evalRow('advice')!.querySelector('textarea')!, '戒烟限酒');
    await userEvent.click(within(evaluation).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.some((c) => c.url?.endsWith('/formrecord/submit'))).toBe(true));
    const body = JSON.parse(String(seen.find((c) => c.url?.endsWith('/formrecord/submit'))?.data)) as Record<string, unknown>;
    expect(body).toMatchObject({ id: '8001', formCode: 'hypertensionassessment', formVersion: 1, archId: '9001', rowVersion: 2 });
    expect(body.values).toMatchObject({ advice: '戒烟限酒', riskLevel: '2', managementLevel: '2' });
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(seen.some((c) => c.url?.endsWith('/userfollowup/submit'))).toBe(false);
  });

  it('unsaved evaluation changes make leaving the page ask, but not opening another follow-up', async () => {
    const router = renderDetail('/publichealthwork/detail/hypertensionfollowup?arch_id=9001');
    const followups = await screen.findByTestId('followup-records');
    await slow(() => expect(followups.querySelector('.ant-spin-spinning')).toBeNull());
    await openEvaluationTab();
    await slow(() => expect(evalRow('advice')).toBeTruthy());
    await userEvent.type(evalRow('advice')!.querySelector('textarea')!, '低盐饮食');

    await userEvent.click(screen.getByRole('tab', { name: '随访' }));
    fireEvent.click(await within(followups).findByText('2026-08-20'));
    await slow(() => expect(screen.getByTestId('followup-form-title').textContent).toContain('2026-08-20'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(await screen.findByText('未保存的修改不会提交，只在本窗口暂存为草稿，再次打开此表单时可恢复。确定离开吗？')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/publichealthwork/detail/hypertensionfollowup');
  });

  it('a page has the tabs the registry joins to it: the diabetes follow-up has no graded evaluation', async () => {
    renderDetail('/publichealthwork/detail/diabetesfollowup?arch_id=9001');
    expect(await screen.findByRole('tab', { name: '健康教育' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '分级评估' })).toBeNull();
    expect(seen.some((c) => c.url?.endsWith('/formrecord/list'))).toBe(false);
  });
});

describe('the 健康教育 tab', { timeout: 60_000 }, () => {
  it('lists the prescriptions with how well they were taken in, and saves a new one to the record store', async () => {
    renderDetail('/publichealthwork/detail/diabetesfollowup?arch_id=9001');
    await userEvent.click(await screen.findByRole('tab', { name: '健康教育' }));
    const education = await screen.findByTestId('education-tab');
    const list = within(education).getByTestId('followup-records');
    expect(within(list).getByText('健康教育记录')).toBeTruthy();
    expect(await within(list).findByText('2026-08-22')).toBeTruthy();
    expect(within(list).getByText('部分掌握')).toBeTruthy();
    expect(seen.find((c) => c.url?.endsWith('/formrecord/list'))?.params).toMatchObject({ archId: '9001', formCode: 'healtheducation' });

    const field = (prop: string) => education.querySelector(`[data-field="${prop}"]`) as HTMLElement;
    await slow(() => expect(field('visitDate')?.querySelector('input')?.value).toBe(today()));
    await userEvent.click(within(field('method')).getByLabelText('面对面讲解'));
    await userEvent.click(within(field('topics')).getByLabelText('减少钠盐摄入 (每日食盐<5g)'));
    // 其他 asks what it was.
    await userEvent.click(within(field('topics')).getByLabelText('其他'));
    await slow(() => expect(field('topicOther')).toBeTruthy());
    await userEvent.type(field('topicOther').querySelector('input')!, '家庭血压计的使用');
    await userEvent.type(field('educator').querySelector('input')!, '张伟');
    await userEvent.click(within(education).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.some((c) => c.url?.endsWith('/formrecord/submit'))).toBe(true));
    const body = JSON.parse(String(seen.find((c) => c.url?.endsWith('/formrecord/submit'))?.data)) as Record<string, unknown>;
    expect(body).toMatchObject({ formCode: 'healtheducation', archId: '9001' });
    expect(body.values).toMatchObject({
      visitDate: today(),
      method: '1',
      topics: ['2', '99'],
      topicOther: '家庭血压计的使用',
      educator: '张伟',
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });
});
