import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { blade, failure, setupFakeServer } from '../api/testing/fake-server';
import { UiProviders } from '../components/ui-providers';
import { bundledForm } from '../form-runtime';
import { maternalCaseFixture } from '../features/maternal/maternal-case-fixture';
import { MaternalScreen } from './maternal-screen';

const userEvent = userEventLib.setup({ delay: null });
const ARCHIVE = { id: '9001', archId: '9001', personName: '何文华', sex: '2', age: 30, birthday: '1996-03-02', archivesStatus: '1' };
const OPEN_CASE = maternalCaseFixture({
  id: '9301',
  otherId: '9301',
  archId: '9001',
  personName: '何文华',
  birthday: '1996-03-02',
  age: 30,
  idCard: '441622199603020022',
  pregnantBookId: '',
  barcode: '',
  doctorId: '1501',
  unitName: '',
  lastMenstrualPeriod: '2026-01-05',
  dateOfPrenatal: '2026-10-12',
  gravidity: 1,
  parity: 0,
  riskColor: 'yellow',
  deliveryDate: '2026-10-10',
  createTime: '2026-01-20 09:00:00',
});
/** A complete 42-day exam of this case whose 处理 is 结案. */
const EXAM = {
  id: '7701',
  formCode: 'maternalpostpartum42',
  formVersion: bundledForm('maternalpostpartum42')!.version,
  archId: '9001',
  otherId: '9301',
  rowVersion: 1,
  createTime: '2026-11-25 09:00:00',
  updateUserName: '张伟',
  values: {
    visitDate: '2026-11-25',
    deliveryDate: '2026-10-10',
    daysAfterDelivery: 46,
    generalHealth: '良好',
    mentalState: '良好',
    sbp: 115,
    dbp: 75,
    breast: '1',
    lochia: '1',
    uterus: '1',
    wound: '1',
    classification: '1',
    guidance: ['1'],
    handling: '1',
    doctorSign: '张伟',
  },
};
let closed = false;

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('/userarchivesother/detail'))
      return blade(closed ? { ...OPEN_CASE, status: '2', statusText: '结案', rowVersion: 2 } : OPEN_CASE);
    if (url.endsWith('/systemparam/getByKey')) return blade('');
    if (url.endsWith('/commuserarchives/detail')) return blade(ARCHIVE);
    if (url.endsWith('/form/version')) return blade(bundledForm(String(config.params?.formCode)) ?? null);
    if (url.endsWith('/userfollowup/new-list')) {
      const mine = config.params?.formCode === 'maternalpostpartum42' && config.params?.otherId === '9301';
      return blade({ records: mine ? [EXAM] : [], total: mine ? 1 : 0, size: 200, current: 1, pages: 1 });
    }
    if (url.endsWith('/userfollowup/postpartum_42_days_health_check')) {
      closed = true;
      return blade({ ...EXAM, rowVersion: 2 });
    }
    if (url.endsWith('/userfollowupdev/history')) return blade([]);
    return undefined;
  },
  {
    fallback: failure(404, '未找到'),
    login: { access_token: 'acc', tenant_id: '100001', user_id: '1501', account: 'doctor' },
    teardown: () => vi.restoreAllMocks(),
  },
);

function renderShell() {
  const router = createMemoryRouter(
    [
      { path: '/publichealthwork/maternal/*', element: <MaternalScreen /> },
      { path: '/publichealthwork/detail/maternal', element: <p>maternal list</p> },
    ],
    { initialEntries: ['/publichealthwork/maternal/archive?arch_id=9001&otherId=9301'] },
  );
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </UiProviders>,
  );
  return router;
}

const slow = (check: () => void) => waitFor(check, { timeout: 15_000 });
const LEAVE = '未保存的修改不会提交，只在本窗口暂存为草稿，再次打开此表单时可恢复。确定离开吗？';

describe('the maternal shell’s form tabs (issue 32)', { timeout: 60_000 }, () => {
  it('a form tab lists the case’s records and saves through the form’s spec call with the case; the header then shows 结案', async () => {
    closed = false;
    renderShell();
    expect(await screen.findByTestId('risk-tag')).toHaveProperty('textContent', '黄色(一般风险)');
    fireEvent.click(screen.getByRole('tab', { name: '产后42天健康检查' }));
    const list = await screen.findByTestId('followup-records');
    await slow(() => expect(list.querySelector('.ant-spin-spinning')).toBeNull());
    const listCall = seen.find((c) => c.url?.endsWith('/userfollowup/new-list') && c.params?.formCode === 'maternalpostpartum42');
    expect(listCall?.params).toMatchObject({ archId: '9001', otherId: '9301' });
    fireEvent.click(await within(list).findByText('2026-11-25'));
    await slow(() => expect(document.querySelector('[data-field="sbp"] input')).toHaveProperty('value', '115'));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await slow(() => expect(seen.some((c) => c.url?.endsWith('/postpartum_42_days_health_check'))).toBe(true));
    const body = JSON.parse(String(seen.find((c) => c.url?.endsWith('/postpartum_42_days_health_check'))?.data)) as Record<string, unknown>;
    expect(body).toMatchObject({ id: '7701', formCode: 'maternalpostpartum42', archId: '9001', otherId: '9301', rowVersion: 1 });
    expect(seen.some((c) => c.url?.endsWith('/userfollowup/submit'))).toBe(false);
    await slow(() => expect(screen.getByTestId('case-status').textContent).toBe('结案'));
  });

  it('switching tabs keeps what was typed; closing with it unsaved asks first, 取消 stays', async () => {
    closed = false;
    const router = renderShell();
    const bookId = await screen.findByLabelText('孕产妇档案号');
    await userEvent.type(bookId, 'MB-001');
    fireEvent.click(screen.getByRole('tab', { name: '产后访视' }));
    fireEvent.click(screen.getByRole('tab', { name: '孕产妇档案' }));
    expect(screen.getByLabelText('孕产妇档案号')).toHaveProperty('value', 'MB-001');
    fireEvent.click(screen.getByTestId('maternal-close'));
    expect(await screen.findByText(LEAVE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(router.state.location.pathname).toBe('/publichealthwork/maternal/archive');
    expect(screen.getByLabelText('孕产妇档案号')).toHaveProperty('value', 'MB-001');
  });

  it('a closed case takes no new visit: 新增 is off, the tab opens the newest record, a tab without records says why', async () => {
    closed = true;
    renderShell();
    await slow(() => expect(screen.getByTestId('case-status').textContent).toBe('结案'));
    fireEvent.click(screen.getByRole('tab', { name: '产后42天健康检查' }));
    const panel = await screen.findByTestId('maternal-form-maternalpostpartum42');
    await slow(() => expect(panel.querySelector('[data-field="sbp"] input')).toHaveProperty('value', '115'));
    expect(within(panel).getByTestId('followup-add')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('tab', { name: '产后访视' }));
    const other = await screen.findByTestId('maternal-form-maternalpostpartum');
    await slow(() => expect(within(other).getByTestId('followup-add-refused').textContent).toContain('孕产妇档案已结案，不能新增随访'));
    expect(seen.some((c) => c.url?.endsWith('/userfollowup/postpartum_42_days_health_check'))).toBe(false);
  });
});
