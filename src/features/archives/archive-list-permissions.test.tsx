import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { setUserInfo } from '../../api/session';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { ArchiveListPage } from './archive-list-page';

// Issue 17: the archive list's buttons follow the role's button grants (menu/buttons), the codes the
// server checks on the calls behind them; the platform tenant gets an explanation, not an empty list.
const rows = [
  {
    id: '9001',
    archId: '9001',
    archivesNo: '441622000001',
    archivesStatus: '1',
    archivesStatusText: '正常',
    personName: '李秀英',
    sex: '2',
    age: 67,
  },
  {
    id: '9002',
    archId: '9002',
    archivesNo: '441622000002',
    archivesStatus: '2',
    archivesStatusText: '已注销',
    personName: '王建国',
    sex: '1',
    age: 72,
  },
];
const button = (id: string, code: string, name: string) => ({ id, code, name, path: '' });
let buttons: ReturnType<typeof button>[] = [];
const { seen } = setupFakeServer(
  {
    '/api/blade-iph-business/commuserarchives/list': () => blade({ records: rows, total: 2, size: 10, current: 1, pages: 1 }),
    '/api/blade-system/tenant/info': blade({ tenantId: '100001', tenantName: '源城区示范社区卫生服务中心' }),
    '/api/blade-system/dict-biz/dictionary': blade([]),
    '/api/blade-system/menu/buttons': () => blade(buttons),
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '2303', account: 'nurse', real_name: '李娜' } },
);

function renderList(addOnOpen?: 'form') {
  const router = createMemoryRouter([{ path: '/publichealthwork/index', element: <ArchiveListPage addOnOpen={addOnOpen} /> }], {
    initialEntries: ['/publichealthwork/index'],
  });
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </UiProviders>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const buttonsAnswered = () => waitFor(() => expect(seen.some((c) => c.url === '/api/blade-system/menu/buttons')).toBe(true));

beforeEach(() => {
  buttons = [];
});

describe('ArchiveListPage buttons per role', { timeout: 30_000 }, () => {
  it('/publichealthwork/addarchive opens 新增档案 at once for a role holding it', async () => {
    buttons = [button('3901', 'archive_add', '新增档案')];
    renderList('form');
    expect(within(await screen.findByRole('dialog')).getByLabelText('身份证号')).toBeTruthy();
  });

  it('/publichealthwork/addarchive for a role without 新增档案 shows the list only', async () => {
    renderList('form');
    await buttonsAnswered();
    expect(await screen.findByText('李秀英')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the doctor (新增档案 and 注销档案) may add, cancel and restore', async () => {
    buttons = [button('3901', 'archive_add', '新增档案'), button('3902', 'archive_cancel', '注销档案')];
    renderList();
    expect(await screen.findByRole('button', { name: '新增档案' })).toBeTruthy();
    expect(await within(await rowOf('李秀英')).findByText('注销')).toBeTruthy();
    expect(within(await rowOf('王建国')).getByText('恢复')).toBeTruthy();
  });

  it('the nurse (新增档案 only) may add but neither cancel nor restore', async () => {
    buttons = [button('3901', 'archive_add', '新增档案')];
    renderList();
    expect(await screen.findByRole('button', { name: '新增档案' })).toBeTruthy();
    expect(within(await rowOf('李秀英')).queryByText('注销')).toBeNull();
    expect(within(await rowOf('王建国')).queryByText('恢复')).toBeNull();
    expect(within(await rowOf('李秀英')).getByText('查看')).toBeTruthy();
  });

  it('a role without 新增档案 is not offered it', async () => {
    renderList();
    await rowOf('李秀英');
    await buttonsAnswered();
    expect(screen.queryByRole('button', { name: '新增档案' })).toBeNull();
  });

  it('the platform tenant is told it keeps no residents and where to look, instead of an empty list', async () => {
    setUserInfo({ tenant_id: '000000', user_id: '1300', account: 'admin', real_name: '平台管理员' });
    renderList();
    expect(await screen.findByText('平台机构不保存居民档案')).toBeTruthy();
    expect(screen.getByText(/切换机构/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
