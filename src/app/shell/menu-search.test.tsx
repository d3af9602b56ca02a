import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { MenuItem } from '../../api/types';
import { UiProviders } from '../../components/ui-providers';
import { MenuSearch } from './menu-search';

const menu = (id: string, name: string, path: string, code: string): MenuItem => ({
  id,
  parentId: '0',
  code,
  name,
  alias: '',
  path,
  source: '',
  sort: 0,
  category: 1,
  isOpen: 1,
  hasChildren: false,
});
const menus: MenuItem[] = [
  menu('3001', '首页', '/home/index', 'home'),
  menu('3002', '居民健康档案', '/publichealthwork/index', 'publichealthwork'),
  menu('3003', '任务中心', '/task/user_followup/index', 'task'),
];

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/home/index', element: <MenuSearch open onClose={() => undefined} menus={menus} /> },
      { path: '/publichealthwork/index', element: <p>archive list</p> },
    ],
    { initialEntries: ['/home/index'] },
  );
  render(
    <UiProviders lang="zh">
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

afterEach(cleanup);

describe('MenuSearch', { timeout: 20_000 }, () => {
  it('has the focus in its field when it opens, so the user types at once', async () => {
    renderSearch();
    const field = await screen.findByPlaceholderText('输入菜单名称、路径或编码');
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('finds a menu by a part in the middle of its name and opens it with Enter', async () => {
    const router = renderSearch();
    const field = await screen.findByPlaceholderText('输入菜单名称、路径或编码');
    await waitFor(() => expect(document.activeElement).toBe(field));
    const user = userEvent.setup();
    await user.keyboard('健康');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['居民健康档案']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/index'));
  });
});
