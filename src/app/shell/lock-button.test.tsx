import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { getStore, isLocked, setStore, STORE_KEYS } from '../../api/session';
import { UiProviders } from '../../components/ui-providers';
import { LockButton } from './lock-button';

function renderButton() {
  const router = createMemoryRouter(
    [
      { path: '/task', element: <LockButton color="#000" /> },
      { path: '/lock', element: <p>lock page</p> },
    ],
    { initialEntries: ['/task'] },
  );
  render(
    <UiProviders lang="zh">
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('LockButton', { timeout: 20_000 }, () => {
  it('asks for a lock password first, refuses an empty one, then locks and goes to /lock', async () => {
    const router = renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '锁屏' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('设置锁屏密码');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
    expect(isLocked()).toBe(false);
    await user.type(screen.getByLabelText('锁屏密码'), 'pw12');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock'));
    expect(isLocked()).toBe(true);
    expect(getStore<string>(STORE_KEYS.lockPasswd, 'session')).toBe('pw12');
  });

  it('locks at once when a lock password exists', async () => {
    setStore(STORE_KEYS.lockPasswd, 'pw12', 'session');
    const router = renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: '锁屏' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isLocked()).toBe(true);
  });
});
