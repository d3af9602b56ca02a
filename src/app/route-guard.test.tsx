import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { clearSession, getToken, setStore, setToken, STORE_KEYS } from '../api/session';
import { blade, setupFakeServer } from '../api/testing/fake-server';
import { tabStore } from './tabs/tab-store';
import { UiProviders } from '../components/ui-providers';
import { RouteGuard } from './route-guard';

// The user's menus: the task centre, not 系统参数 (the guard tabs only the pages they grant).
const { seen } = setupFakeServer({
  '/api/blade-system/menu/routes': blade([{ id: '3003', name: '任务中心', path: '/task/user_followup/index' }]),
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RouteGuard />,
        children: [
          { path: '/login', element: <p>login page</p> },
          { path: '/home/index', element: <p>home page</p> },
          { path: '/lock', element: <p>lock page</p> },
          { path: '/task/user_followup/index', element: <p>task page</p> },
          { path: '/system/param/index', element: <p>param page</p> },
          { path: '/404', element: <p>not found page</p> },
          // As in router.tsx: unknown paths must still reach the guard.
          { path: '*', element: <p>unguarded</p> },
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

afterEach(() => {
  cleanup();
  clearSession();
  tabStore.reset();
});

describe('RouteGuard', () => {
  it('sends a visitor without a session to the login page titled 登录', async () => {
    renderAt('/home/index');
    expect(await screen.findByText('login page')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('登录'));
  });

  it('shows the page to a logged-in user and titles it with the system title', async () => {
    setToken('acc');
    renderAt('/home/index');
    expect(await screen.findByText('home page')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 智慧公卫工作系统'));
  });

  it('sends a logged-in user on an unknown path to 404', async () => {
    setToken('acc');
    renderAt('/nowhere');
    expect(await screen.findByText('not found page')).toBeTruthy();
  });

  it('adds the page as the current tab, after the first page', async () => {
    setToken('acc');
    renderAt('/task/user_followup/index?page=2');
    expect(await screen.findByText('task page')).toBeTruthy();
    await waitFor(() => expect(tabStore.get().current).toBe('/task/user_followup/index?page=2'));
    expect(tabStore.get().tabs.map((t) => t.value)).toEqual(['/home/index', '/task/user_followup/index?page=2']);
  });

  it('adds no tab for a page the user’s menus do not grant, and titles it as the 403 page (issue 17)', async () => {
    setToken('acc');
    renderAt('/system/param/index');
    await waitFor(() => expect(document.title).toBe('无权访问 - 智慧公卫工作系统'));
    expect(seen.some((c) => c.url === '/api/blade-system/menu/routes')).toBe(true);
    expect(tabStore.get().tabs.map((t) => t.value)).toEqual(['/home/index']);
    expect(tabStore.get().current).toBe('/home/index');
  });

  it('asks a visitor without a session for no menus', async () => {
    renderAt('/task/user_followup/index');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('sends a locked user to the lock screen', async () => {
    setToken('acc');
    setStore(STORE_KEYS.isLock, true, 'session');
    renderAt('/task/user_followup/index');
    expect(await screen.findByText('lock page')).toBeTruthy();
  });

  it('ends the session of a user who opens the login page', async () => {
    setToken('acc');
    renderAt('/login');
    expect(await screen.findByText('login page')).toBeTruthy();
    await waitFor(() => expect(getToken()).toBeUndefined());
  });
});
