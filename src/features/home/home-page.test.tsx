import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { getToken, getUserInfo, setStore } from '../../api/session';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { HomePage } from './home-page';

const { seen } = setupFakeServer(
  {
    '/api/blade-auth/oauth/user-info': blade({ realName: '张医生', account: 'doctor', roleName: '家庭医生' }),
    '/api/blade-system/tenant/info': blade({ tenantId: '100001', tenantName: '东城社区卫生服务中心' }),
    // Logout must still end the session locally when the server call fails.
    '/api/blade-auth/oauth/logout': failure(500, '服务异常'),
    '/api/blade-iph-business/userinfomain/get-home-page-total': blade({ overdue: 3, soon: 5, period: 12, doctorTasks: 2 }),
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', account: 'doctor', real_name: '张医生', role_name: '医生' } },
);

function renderHome() {
  const router = createMemoryRouter(
    [
      { path: '/home/index', element: <HomePage /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/task/user_followup/index', element: <p>task centre</p> },
    ],
    { initialEntries: ['/home/index'] },
  );
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </UiProviders>,
  );
  return router;
}

describe('HomePage', { timeout: 20_000 }, () => {
  it('shows who is logged in, as which role and at which institution', async () => {
    renderHome();
    expect(await screen.findByText('东城社区卫生服务中心')).toBeTruthy();
    expect(await screen.findByText('家庭医生')).toBeTruthy();
    expect(screen.getByText('欢迎，张医生')).toBeTruthy();
    expect(screen.getByText('doctor')).toBeTruthy();
    expect(seen.find((c) => c.url === '/api/blade-auth/oauth/user-info')?.headers.get('Blade-Auth')).toBe('bearer acc');
  });

  it('shows the task centre’s totals, each opening its tab', async () => {
    const router = renderHome();
    expect(await screen.findByText('本期应随访')).toBeTruthy();
    expect(screen.getByTestId('home-total-overdue').textContent).toContain('3');
    expect(screen.getByTestId('home-total-period').textContent).toContain('12');
    expect(screen.getByTestId('home-total-doctortask').textContent).toContain('2');
    await userEvent.setup().click(screen.getByTestId('home-total-soon'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=soon'));
  });

  it('logs out even when the server call fails: session, tabs and lock gone, back to login', async () => {
    setStore('tagList', [{ label: '首页' }]);
    setStore('isLock', true, 'session');
    const router = renderHome();
    const user = userEvent.setup();
    await user.click(await screen.findByText(/退出登录/));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(seen.some((c) => c.url === '/api/blade-auth/oauth/logout')).toBe(true);
    expect(getToken()).toBeUndefined();
    expect(getUserInfo()).toBeUndefined();
    expect(localStorage.getItem('saber-tagList')).toBeNull();
    expect(sessionStorage.getItem('saber-isLock')).toBeNull();
  });
});
