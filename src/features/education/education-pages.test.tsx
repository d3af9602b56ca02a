import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { EducationPage } from './education-page';
import { OneKeyEducationPage } from './one-key-education-page';

const record = (over: Record<string, unknown>) => ({
  id: '1',
  formCode: 'propaganda',
  formName: '健康教育记录',
  archId: '9001',
  personName: '李秀英',
  sex: '2',
  doctorName: '张伟',
  teamName: '一团队',
  eduDate: '2026-05-12',
  method: '5',
  methodName: '健康讲座',
  title: '高血压防治讲座',
  topicNames: '合理膳食',
  educator: '张伟',
  values: { visitDate: '2026-05-12', eduKind: '2', method: '5', educator: '张伟', title: '高血压防治讲座' },
  mainId: null,
  gwStatus: '1',
  gwMsg: '',
  rowVersion: 1,
  createUserName: '张伟',
  createTime: '2026-05-12 10:00:00',
  ...over,
});
const RECORDS = [
  record({}),
  record({
    id: '2',
    formCode: 'healtheducation',
    formName: '健康教育处方',
    personName: '王建国',
    sex: '1',
    methodName: '面对面讲解',
    title: '减少钠盐摄入',
    gwStatus: '0',
  }),
];
const RESIDENTS = [
  {
    archId: '9001',
    personName: '李秀英',
    sex: '2',
    birthday: '1958-03-15',
    crowdLabels: 'hypertension',
    doctorName: '张伟',
    teamName: '一团队',
    lastEduDate: null,
  },
  {
    archId: '9002',
    personName: '王建国',
    sex: '1',
    birthday: '1950-01-02',
    crowdLabels: 'hypertension,diabetes',
    doctorName: '张伟',
    teamName: '一团队',
    lastEduDate: '2026-05-20',
  },
];
const page = <T,>(records: T[]) => blade({ records, total: records.length, size: 10, current: 1, pages: 1 });

const { seen } = setupFakeServer(
  {
    '/api/blade-iph-business/userpromotion/new-list': page(RECORDS),
    '/api/blade-iph-business/userpromotion/crowd-residents': page(RESIDENTS),
    '/api/blade-iph-business/userpromotion/new-main-list': page([]),
    '/api/blade-iph-business/doctorteam/team-list': blade([
      { id: '3101', name: '家庭医生一团队' },
      { id: '3102', name: '家庭医生二团队' },
    ]),
    '/api/blade-system/menu/buttons': blade([
      { id: '4370', name: '新增', path: '', code: 'propaganda_add' },
      { id: '4371', name: '修改', path: '', code: 'propaganda_edit' },
      { id: '4372', name: '删除', path: '', code: 'propaganda_delete' },
      { id: '4374', name: '一键宣教', path: '', code: 'propaganda_onekey' },
      { id: '4375', name: '健康教育处方', path: '', code: 'propaganda_prescription' },
    ]),
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '1501', account: 'doctor', real_name: '张伟' } },
);

const asked = (path: string) => seen.filter((c) => c.url?.endsWith(path)).map((c) => c.params as Record<string, unknown>);

function renderAt(path: string, entry: string | { pathname: string; state: unknown }, element: React.ReactNode) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  render(
    <UiProviders lang="zh">
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

describe('健康教育 (/propaganda_education/index)', { timeout: 30_000 }, () => {
  it('lists both kinds of education with their push state; the kind filter and a batch narrow the list', async () => {
    const user = userEvent.setup();
    renderAt('/propaganda_education/index', { pathname: '/propaganda_education/index', state: { mainId: '77' } }, <EducationPage />);
    const table = await screen.findByTestId('education-list');
    expect(await within(table).findByText('高血压防治讲座')).toBeTruthy();
    expect(within(table).getByText('健康教育记录')).toBeTruthy();
    expect(within(table).getByText('健康教育处方')).toBeTruthy();
    expect(within(table).getByText('已上报')).toBeTruthy();
    expect(within(table).getByText('未上报')).toBeTruthy();
    expect(asked('/new-list')[0]).toMatchObject({ mainId: '77', current: 1 });
    // 编辑 only for the page's own records (a prescription is edited at its follow-up).
    expect(within(table).getAllByRole('button', { name: /编\s*辑/ })).toHaveLength(1);
    expect(screen.getByTestId('education-batch').textContent).toContain('正在查看一次一键宣教的记录（2位居民）');

    await user.click(screen.getByRole('combobox', { name: '类别' }));
    await user.click(await screen.findByTitle('健康教育处方'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(asked('/new-list').at(-1)).toMatchObject({ formCode: 'healtheducation', mainId: '77' }));
  });
});

describe('一键宣教 (/publichealthwork/onekeyeducation)', { timeout: 30_000 }, () => {
  it('lists the doctor’s residents by crowd label and counts the ones ticked', async () => {
    const user = userEvent.setup();
    renderAt('/publichealthwork/onekeyeducation', '/publichealthwork/onekeyeducation', <OneKeyEducationPage />);
    const table = await screen.findByTestId('one-key-residents');
    expect(await within(table).findByText('李秀英')).toBeTruthy();
    expect(within(table).getByText('高血压、糖尿病')).toBeTruthy();
    expect(within(table).getByText('无')).toBeTruthy();
    const boxes = within(table).getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    expect(await screen.findByText('已选 2 位居民')).toBeTruthy();
    // The form to fill once is the 健康教育记录 document.
    expect(within(screen.getByTestId('one-key-form')).getByText('教育主题')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '人群' }));
    await user.click(await screen.findByTitle('糖尿病'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(asked('/crowd-residents').at(-1)).toMatchObject({ crowdLabel: 'diabetes', current: 1 }));

    // The team picker narrows the residents to one team.
    await user.click(screen.getByRole('combobox', { name: '团队' }));
    await user.click(await screen.findByTitle('家庭医生二团队'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(asked('/crowd-residents').at(-1)).toMatchObject({ crowdLabel: 'diabetes', teamId: '3102', current: 1 }));

    // With the 健康教育处方 button the same page gives a 健康教育处方 to the residents ticked.
    await user.click(within(screen.getByTestId('one-key-kind')).getByText('健康教育处方'));
    expect(await within(screen.getByTestId('one-key-form')).findByText('掌握程度')).toBeTruthy();
  });
});
