import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { ArchiveJumpPage } from './archive-jump-page';

const KNOWN = '441602198103153523';
const UNKNOWN = '110101195809230020';

const { seen } = setupFakeServer(
  {
    '/api/blade-iph-business/userinfomain/get-by-id-card': (config) => {
      const idCard = (config.params as { idCard: string }).idCard;
      if (idCard === KNOWN) return blade({ id: '9001', personName: '陈国栋' });
      if (idCard === UNKNOWN) return blade(null, '暂无承载数据');
      return failure(400, '你输入的身份证号非法');
    },
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '1501', account: 'doctor', real_name: '张伟' } },
);

afterEach(cleanup);

function open(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/publichealthwork/jump', element: <ArchiveJumpPage /> },
      { path: '/window/publichealthwork/jumparchive', element: <ArchiveJumpPage /> },
      { path: '/publichealthwork/editarchiveindex', element: <ArchiveJumpPage edit /> },
      { path: '/publichealthwork/detail/:page', element: <p>archive page</p> },
      { path: '/publichealthwork/index', element: <p>archive list</p> },
    ],
    { initialEntries: ['/home/index', url], initialIndex: 1 },
  );
  render(
    <UiProviders lang="zh">
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

describe('档案跳转 (decision 0050)', () => {
  it('opens the archive of the identity number in place of itself: back does not land on it again', async () => {
    const router = open(`/publichealthwork/jump?idCard=${KNOWN}`);
    expect(await screen.findByText('archive page')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/publichealthwork/detail/healtharchive?arch_id=9001');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen.map((c) => (c.params as { idCard?: string } | undefined)?.idCard)).toContain(KNOWN);
  });

  it('the window variant and an arch_id open the archive too, the latter without asking', async () => {
    const before = seen.length;
    const router = open('/window/publichealthwork/jumparchive?arch_id=9002');
    expect(await screen.findByText('archive page')).toBeTruthy();
    expect(router.state.location.search).toBe('?arch_id=9002');
    expect(seen.length).toBe(before);
  });

  it('编辑档案 (editarchiveindex) opens the archive’s page with its edit dialog', async () => {
    const router = open(`/publichealthwork/editarchiveindex?idCard=${KNOWN}`);
    expect(await screen.findByText('archive page')).toBeTruthy();
    expect(router.state.location.search).toBe('?arch_id=9001&edit=1');
  });

  it('an unknown number says so, masked, and leads to the archive list', async () => {
    const router = open(`/window/publichealthwork/jumparchive?idCard=${UNKNOWN}`);
    expect(await screen.findByText('未找到该居民的档案')).toBeTruthy();
    expect(screen.getByText(/本机构没有身份证号为 110\*{11}0020 的居民档案/)).toBeTruthy();
    screen.getByRole('button', { name: '前往居民健康档案' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/index'));
  });

  it('a malformed number shows the server’s refusal; none at all says what the page needs', async () => {
    open('/publichealthwork/jump?idCard=12345');
    expect(await screen.findByText('无法打开该居民的档案')).toBeTruthy();
    expect(screen.getByText('你输入的身份证号非法')).toBeTruthy();
  });

  it('without an identity number it says what an external system must pass', async () => {
    open('/publichealthwork/jump');
    expect(await screen.findByText('缺少证件号')).toBeTruthy();
    expect(screen.getByText(/jump\?idCard=身份证号/)).toBeTruthy();
  });
});
