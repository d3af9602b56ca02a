import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { menuPageCodes } from './archive-pages';
import { DOCTOR_LOGIN, renderDetail } from './detail-test-support';

const userEvent = userEventLib.setup({ delay: null });

const ELDER = {
  id: '9100',
  archId: '9100',
  archivesNo: '441622000100',
  archivesStatus: '1',
  archivesStatusText: '正常',
  personName: '陈桂兰',
  sex: '2',
  age: 78,
  birthday: '1948-02-11',
  idCard: '441622194802110026',
  phone: '13800001111',
  doctorName: '张伟',
  teamName: '家庭医生一团队',
  crowdLabels: [],
};
const entry = (code: string, name: string, sort: number) => ({
  code,
  name,
  sort,
  kind: 'evaluation',
  formName: name,
  version: 1,
  path: `/publichealthwork/detail/${code}`,
  tabs: [],
});
/** The registry's answer for a resident of 65 or more: the two elderly forms (schemas/oldpeople*.json placements). */
const ELDER_MENU = {
  routes: [
    entry('physicalexamination', '健康体检', 10),
    entry('oldpeopleselfcare', '老年人自理能力评估', 65),
    entry('oldpeoplemedicine', '老年人中医药管理', 66),
  ],
  buttons: [],
};
const SUMMARY = {
  archId: '9100',
  selfCare: { followId: '1', visitDate: '2026-03-02', nextVisitDate: '2027-03-02', totalScore: 9, grade: '3', gradeName: '中度依赖' },
  tcm: {
    followId: '2',
    visitDate: '2026-03-05',
    nextVisitDate: '2027-03-05',
    constitutions: ['2', '8'],
    constitutionNames: ['气虚质', '气郁质'],
  },
};
let summary: unknown = SUMMARY;

setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('/commuserarchives/detail')) return blade(ELDER);
    if (url.includes('/healthmenu/getHealthMenuRoutes')) return blade(ELDER_MENU);
    if (url.includes('/userfollowup/get-old-archives-data')) return blade(summary);
    if (url.endsWith('/userfollowup/new-list')) return blade({ records: [], total: 0, size: 200, current: 1, pages: 1 });
    return undefined;
  },
  { login: DOCTOR_LOGIN, teardown: () => vi.restoreAllMocks() },
);

describe('the 老年人档案 menu entry', () => {
  it('is offered just before the elderly forms, and only with them', () => {
    expect(menuPageCodes(ELDER_MENU.routes)).toEqual([
      'physicalexamination',
      'oldpeoplearchives',
      'oldpeopleselfcare',
      'oldpeoplemedicine',
    ]);
    expect(menuPageCodes(ELDER_MENU.routes.slice(0, 1))).toEqual(['physicalexamination']);
  });
});

describe('ElderlyArchivePage', { timeout: 30_000 }, () => {
  it('shows the latest self-care grade and constitutions with their dates, and opens the forms', async () => {
    summary = SUMMARY;
    const router = renderDetail('/publichealthwork/detail/oldpeoplearchives?arch_id=9100');
    const selfCare = await screen.findByTestId('elderly-self-care');
    expect(within(selfCare).getByText('中度依赖')).toBeTruthy();
    expect(within(selfCare).getByText('9分')).toBeTruthy();
    expect(within(selfCare).getByText('2026-03-02')).toBeTruthy();
    expect(within(selfCare).getByText('2027-03-02')).toBeTruthy();
    const tcm = screen.getByTestId('elderly-tcm');
    expect(within(tcm).getByText('气虚质')).toBeTruthy();
    expect(within(tcm).getByText('气郁质')).toBeTruthy();
    expect(within(tcm).getByText('2026-03-05')).toBeTruthy();
    // The menu has the page between the other forms and the elderly forms.
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['健康档案', '健康体检', '老年人档案', '老年人自理能力评估', '老年人中医药管理']);

    await userEvent.click(within(tcm).getByRole('button', { name: '老年人中医药管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/detail/oldpeoplemedicine'));
    expect(router.state.location.search).toContain('arch_id=9100');
  });

  it('says 尚未评估 for a resident never assessed', async () => {
    summary = { archId: '9100', selfCare: null, tcm: null };
    renderDetail('/publichealthwork/detail/oldpeoplearchives?arch_id=9100');
    const selfCare = await screen.findByTestId('elderly-self-care');
    expect(within(selfCare).getByText('尚未评估')).toBeTruthy();
    expect(within(screen.getByTestId('elderly-tcm')).getByText('尚未评估')).toBeTruthy();
  });
});
