import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UiProviders } from '../../components/ui-providers';
import { setOnlineCount } from '../session/online-count';
import { OnlineCount } from './online-count';

afterEach(() => {
  cleanup();
  setOnlineCount(undefined);
});

describe('OnlineCount', () => {
  it('shows nothing until the first poll answers, then follows each answer', () => {
    render(
      <UiProviders lang="zh">
        <OnlineCount color="#000" />
      </UiProviders>,
    );
    expect(screen.queryByTestId('online-count')).toBeNull();
    act(() => setOnlineCount(3));
    expect(screen.getByTestId('online-count').textContent).toContain('在线 3');
    act(() => setOnlineCount(5));
    expect(screen.getByTestId('online-count').textContent).toContain('在线 5');
  });

  it('speaks English when English is chosen', () => {
    setOnlineCount(2);
    render(
      <UiProviders lang="en">
        <OnlineCount color="#000" />
      </UiProviders>,
    );
    expect(screen.getByTestId('online-count').textContent).toContain('2 online');
  });
});
