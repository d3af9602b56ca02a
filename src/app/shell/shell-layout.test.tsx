import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { RouteGuard } from '../route-guard';
import { tabStore } from '../tabs/tab-store';
import { ShellLayout } from './shell-layout';

const menus = [
  { id: '3001', name: '首页', path: '/home/index', source: 'home' },
  { id: '3003', name: '任务中心', path: '/task/user_followup/index', source: 'schedule' },
];
setupFakeServer(
  {
    '/api/blade-system/menu/routes': blade(menus),
    '/api/blade-system/menu/top-menu': blade([{ id: '3501', name: '工作台', path: '/home/index', source: 'desktop' }]),
    '/api/blade-auth/oauth/user-info': blade({ realName: '张伟', account: 'doctor', roleName: '医生' }),
  },
  {
    login: {
      access_token: 'acc',
      tenant_id: '100001',
      account: 'doctor',
      real_name: '张伟',
      dept_id: '2100',
      role_id: '2202',
      team_id: '2401',
    },
    teardown: () => tabStore.reset(),
  },
);

function renderShell(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RouteGuard />,
        children: [
          {
            element: <ShellLayout />,
            children: [
              { path: '/home/index', element: null },
              { path: '/task/user_followup/index', element: <p>task page</p> },
              { path: '/system/param/index', element: <p>param page</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
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

describe('ShellLayout', { timeout: 30_000 }, () => {
  it('shows the sidebar from the server’s menus, the tab bar and the user’s name', async () => {
    renderShell('/home/index');
    expect(await screen.findByRole('menuitem', { name: /任务中心/ })).toBeTruthy();
    expect(screen.getByTestId('top-bar-name').textContent).toBe('张伟');
    expect(await screen.findByText('欢迎，张伟')).toBeTruthy();
  });

  it('keeps the home page mounted while another tab shows, and opens menus as tabs', async () => {
    const router = renderShell('/home/index');
    const welcome = await screen.findByText('欢迎，张伟');
    fireEvent.click(await screen.findByRole('menuitem', { name: /任务中心/ }));
    expect(await screen.findByText('task page')).toBeTruthy();
    // Same element, still in the document, only hidden.
    expect(welcome.isConnected).toBe(true);
    expect(welcome.closest('[data-keep-alive]')?.hasAttribute('hidden')).toBe(true);
    await waitFor(() => expect(tabStore.get().tabs.map((t) => t.value)).toEqual(['/home/index', '/task/user_followup/index']));
    await act(() => router.navigate('/home/index'));
    expect(screen.queryByText('task page')).toBeNull();
    expect(welcome.closest('[data-keep-alive]')?.hasAttribute('hidden')).toBe(false);
  });

  it('shows the 403 page, not the screen, for a page the user’s menus do not grant', async () => {
    renderShell('/system/param/index');
    expect(await screen.findByText('抱歉，您无权访问此页面。')).toBeTruthy();
    expect(screen.queryByText('param page')).toBeNull();
    // Still inside the shell: the sidebar stays to go elsewhere.
    expect(screen.getByRole('menuitem', { name: /任务中心/ })).toBeTruthy();
  });

  it('adds no tab for a refused page, and the tabs it shows lead away from it (issue 17)', async () => {
    const router = renderShell('/task/user_followup/index');
    expect(await screen.findByText('task page')).toBeTruthy();
    await waitFor(() => expect(tabStore.get().current).toBe('/task/user_followup/index'));
    await act(() => router.navigate('/system/param/index'));
    expect(await screen.findByText('抱歉，您无权访问此页面。')).toBeTruthy();
    // Give the guard its chance to add a tab: it must not.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(tabStore.get().tabs.map((t) => t.value)).toEqual(['/home/index', '/task/user_followup/index']);
    expect(document.querySelector('[data-tab="/system/param/index"]')).toBeNull();
    expect(document.title).toBe('无权访问 - 智慧公卫工作系统');
    // No tab is marked as the page on show, so the one that was current takes the user back.
    expect(document.querySelector('.shell-tab-bar .ant-tabs-tab-active')).toBeNull();
    fireEvent.click(document.querySelector('[data-tab="/task/user_followup/index"]')!);
    expect(await screen.findByText('task page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/task/user_followup/index');
  });

  it('shows a page the menus grant', async () => {
    renderShell('/task/user_followup/index');
    expect(await screen.findByText('task page')).toBeTruthy();
  });
});
