import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { ArchiveListPage } from './archive-list-page';

// 打印 on the archive list (issue 33, decision 0038): offered with 打印档案 (archive_print); nothing
// chosen is told 请选择要打印的档案!; the rows chosen and the year asked go to getPrintFile as one
// item per archive, and the server's refusal shows in the viewer.
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
    archivesStatus: '1',
    archivesStatusText: '正常',
    personName: '王建国',
    sex: '1',
    age: 72,
  },
];
let buttons: { id: string; code: string; name: string; path: string }[] = [];
const { seen } = setupFakeServer(
  {
    '/api/blade-iph-business/commuserarchives/list': () => blade({ records: rows, total: 2, size: 10, current: 1, pages: 1 }),
    '/api/blade-system/tenant/info': blade({ tenantId: '100001', tenantName: '源城区示范社区卫生服务中心' }),
    '/api/blade-system/dict-biz/dictionary': blade([]),
    '/api/blade-system/menu/buttons': () => blade(buttons),
    '/api/getPrintFile': failure(404, '档案不存在：9002'),
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '2302', account: 'doctor', real_name: '张伟' } },
);

function renderList() {
  const router = createMemoryRouter([{ path: '/publichealthwork/index', element: <ArchiveListPage /> }], {
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

describe('ArchiveListPage 打印', { timeout: 30_000 }, () => {
  it('asks for rows, then sends each chosen archive with the year to getPrintFile', async () => {
    buttons = [{ id: '4393', code: 'archive_print', name: '打印档案', path: '' }];
    renderList();
    const print = await screen.findByTestId('archives-print');
    await rowOf('李秀英');
    fireEvent.click(print);
    expect(await screen.findByText('请选择要打印的档案!')).toBeTruthy();

    fireEvent.click(within(await rowOf('李秀英')).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('王建国')).getByRole('checkbox'));
    fireEvent.click(print);
    const dialog = await screen.findByRole('dialog', { name: '打印档案' });
    expect(within(dialog).getByText('已选择 2 份档案')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /打\s*印/ }));

    await waitFor(() => expect(seen.some((c) => c.url === '/api/getPrintFile')).toBe(true));
    const sent = seen.find((c) => c.url === '/api/getPrintFile')!;
    const year = new Date().getFullYear();
    expect(JSON.parse(sent.data as string)).toEqual([
      { origin: 'archive', code: 'healtharchiveprint', param: { archId: '9001', printYear: year } },
      { origin: 'archive', code: 'healtharchiveprint', param: { archId: '9002', printYear: year } },
    ]);
    expect(sent.timeout).toBe(210_000);
    expect(await screen.findByText('档案不存在：9002')).toBeTruthy();
  });

  it('offers neither 打印 nor row choice without 打印档案', async () => {
    buttons = [];
    renderList();
    await rowOf('李秀英');
    await waitFor(() => expect(seen.some((c) => c.url === '/api/blade-system/menu/buttons')).toBe(true));
    expect(screen.queryByTestId('archives-print')).toBeNull();
    expect(within(await rowOf('李秀英')).queryByRole('checkbox')).toBeNull();
  });
});
