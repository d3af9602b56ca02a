import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { maternalCaseFixture } from './maternal-case-fixture';
import { MaternalListPage } from './maternal-list-page';

const TOTAL = 45;
// The server's page as asked for: 20 a page, the page's names numbered so a test sees which page it got.
const { seen } = setupFakeServer(
  (config) => {
    if (!config.url?.endsWith('userarchivesother/list-by-param')) return undefined;
    const current = Number((config.params as { current?: number }).current) || 1;
    const records = Array.from({ length: current < 3 ? 20 : 5 }, (_, i) => {
      const n = (current - 1) * 20 + i + 1;
      return maternalCaseFixture({ id: String(n), otherId: String(n), personName: `孕妇${n}` });
    });
    return blade({ records, total: TOTAL, size: 20, current, pages: 3 });
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '1501', account: 'doctor', real_name: '张伟' } },
);

const lists = () => seen.filter((c) => c.url?.endsWith('list-by-param')).map((c) => c.params as Record<string, unknown>);

function renderPage() {
  const router = createMemoryRouter([{ path: '/publichealthwork/detail/maternal', element: <MaternalListPage /> }], {
    initialEntries: ['/publichealthwork/detail/maternal'],
  });
  render(
    <UiProviders lang="zh">
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

describe('MaternalListPage (/publichealthwork/detail/maternal)', { timeout: 30_000 }, () => {
  it('asks the server for each page it shows, and a new filter starts again from page 1', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    expect(await screen.findByText('孕妇1')).toBeTruthy();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('孕妇21')).toBeTruthy();
    expect(lists().at(-1)).toMatchObject({ kind: 'maternal', current: '2', size: 20 });
    expect(new URLSearchParams(router.state.location.search).get('current')).toBe('2');

    await user.type(screen.getByPlaceholderText('姓名/身份证号'), '孕妇{Enter}');
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ keyword: '孕妇', current: 1 }));
    expect(new URLSearchParams(router.state.location.search).get('current')).toBeNull();
    expect(await screen.findByText('孕妇1')).toBeTruthy();
  });
});
