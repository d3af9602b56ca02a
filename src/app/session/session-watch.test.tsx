import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { readErrorLog, clearErrorLog } from '../../api/error-log';
import { configureRequest, request } from '../../api/request';
import { UiProviders } from '../../components/ui-providers';
import { SessionWatch, type SessionWatchProps } from './session-watch';
import { readOnlineCount, setOnlineCount } from './online-count';

type Effects = NonNullable<SessionWatchProps['effects']>;

function effects(over: Partial<Effects> = {}): Effects {
  return {
    tokenIssuedAt: () => Date.now(),
    refreshToken: vi.fn(async () => undefined),
    isAbnormal: () => false,
    readMaintenance: async () => ({ on: false, text: '' }),
    fetchOnlineCount: async () => 12,
    sendErrorLog: async () => true,
    onlineCount: setOnlineCount,
    ...over,
  };
}

const mount = (props: SessionWatchProps) =>
  render(
    <UiProviders lang="zh">
      <SessionWatch {...props} />
    </UiProviders>,
  );

beforeEach(() => {
  vi.useFakeTimers();
  setOnlineCount(undefined);
  clearErrorLog();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('SessionWatch', { timeout: 30_000 }, () => {
  it('shows the idle warning 120 s before the logout, counts down, and mouse activity dismisses it', async () => {
    const onLogout = vi.fn(async (_options: { keepDrafts: boolean }) => undefined);
    mount({ onLogout, effects: effects() });
    await act(() => vi.advanceTimersByTimeAsync(18 * 60_000));
    expect(screen.getByRole('alert').textContent).toBe('长时间未操作系统,120秒后将退出系统');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByRole('alert').textContent).toBe('长时间未操作系统,115秒后将退出系统');
    act(() => {
      fireEvent.mouseMove(document.body);
    });
    // Past the close animation: the dialog and its text are gone.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('logs out when nobody comes back', async () => {
    const onLogout = vi.fn(async (_options: { keepDrafts: boolean }) => undefined);
    mount({ onLogout, effects: effects() });
    await act(() => vi.advanceTimersByTimeAsync(20 * 60_000));
    expect(onLogout).toHaveBeenCalledTimes(1);
    // A timeout is not a chosen logout: unsaved drafts stay for the next login.
    expect(onLogout).toHaveBeenCalledWith({ keepDrafts: true });
  });

  it('says 状态异常，请重新登录 and logs out an abnormal session', async () => {
    const onLogout = vi.fn(async (_options: { keepDrafts: boolean }) => undefined);
    mount({ onLogout, effects: effects({ isAbnormal: () => true }) });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('状态异常，请重新登录')).toBeTruthy();
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onLogout).toHaveBeenCalledWith({ keepDrafts: false });
  });

  it('announces maintenance and then says 系统正在更新/维护,请稍后... before logging out', async () => {
    const onLogout = vi.fn(async (_options: { keepDrafts: boolean }) => undefined);
    mount({ onLogout, effects: effects({ readMaintenance: async () => ({ on: true, text: '服务器将在{N}秒后重启' }) }) });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('服务器将在60秒后重启')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('系统正在更新/维护,请稍后...')).toBeTruthy();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('publishes the online count and logs failed calls while mounted', async () => {
    request.defaults.adapter = async (config) => ({
      status: 500,
      statusText: '',
      headers: {},
      config,
      data: { code: 500, success: false, msg: '服务异常', data: null },
    });
    configureRequest({ notifyError: () => undefined });
    const view = mount({ onLogout: async () => undefined, effects: effects() });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(readOnlineCount()).toBe(12);
    await expect(request.get('/api/blade-user/page')).rejects.toThrow('服务异常');
    expect(readErrorLog().map((e) => e.url)).toEqual(['/api/blade-user/page']);
    view.unmount();
    await expect(request.get('/api/blade-user/page')).rejects.toThrow('服务异常');
    expect(readErrorLog()).toHaveLength(1);
  });
});
