import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearErrorLog, readErrorLog, recordError } from '../../api/error-log';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { ErrorLogPage } from './error-log-page';

const { seen: posted } = setupFakeServer(() => blade(1, '发送成功'));

const renderPage = () =>
  render(
    <UiProviders lang="zh">
      <ErrorLogPage />
    </UiProviders>,
  );

beforeEach(() => {
  clearErrorLog();
  recordError({
    type: 'error',
    message: 'x is undefined',
    stack: 'TypeError: x is undefined\n    at load (app.js:3:7)',
    info: '',
    url: 'http://localhost/home/index',
    time: '2026-03-01 08:00:00',
  });
  recordError({
    type: 'request',
    message: '服务异常',
    stack: '',
    info: 'GET status 500 code 500',
    url: '/api/blade-user/page',
    time: '2026-03-01 08:00:05',
  });
});

describe('ErrorLogPage', { timeout: 30_000 }, () => {
  it('lists index, type, address, message and time, with the stack on expansion, and follows the queue', async () => {
    renderPage();
    for (const text of ['序号', '类型', '地址', '内容', '时间', 'x is undefined', '/api/blade-user/page', '2026-03-01 08:00:05'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText(/at load/)).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /展开行|expand/i })[0] as HTMLElement);
    expect(await screen.findByText(/at load \(app\.js:3:7\)/)).toBeTruthy();
    act(() => recordError({ type: 'error', message: 'later one', stack: '', info: '', url: 'u' }));
    expect(screen.getByText('later one')).toBeTruthy();
  });

  it('uploads after confirmation: 发送成功 and the list is empty', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '上传服务器' }));
    expect(await screen.findByText('确定上传本地日志到服务器?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('发送成功')).toBeTruthy();
    expect((JSON.parse(posted[0]?.data as string) as unknown[]).length).toBe(2);
    await waitFor(() => expect(readErrorLog()).toEqual([]));
  });

  it('clears after confirmation: 清空成功', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '清空本地日志' }));
    expect(await screen.findByText('确定清空本地日志记录?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('清空成功')).toBeTruthy();
    expect(readErrorLog()).toEqual([]);
    expect(posted).toEqual([]);
  });
});
