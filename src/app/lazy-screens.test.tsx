import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { UiProviders } from '../components/ui-providers';
import { inSuspense } from './lazy-screens';
import { routes } from './router';

afterEach(cleanup);

describe('screens loaded on first visit', () => {
  it('shows a Chinese loading state, not a blank area, while a screen’s code downloads', () => {
    const NeverLoads = lazy(() => new Promise<never>(() => undefined));
    render(<UiProviders lang="zh">{inSuspense(<NeverLoads />)}</UiProviders>);
    expect(screen.getByTestId('page-loading').textContent).toContain('页面加载中…');
  });

  it('says it in English when English is chosen', () => {
    const NeverLoads = lazy(() => new Promise<never>(() => undefined));
    render(<UiProviders lang="en">{inSuspense(<NeverLoads />)}</UiProviders>);
    expect(screen.getByTestId('page-loading').textContent).toContain('Loading page…');
  });

  it('the app’s own route table loads a lazy screen and then shows it', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/404'] });
    render(
      <UiProviders lang="zh">
        <RouterProvider router={router} />
      </UiProviders>,
    );
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });
});
