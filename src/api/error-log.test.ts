import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import {
  clearErrorLog,
  installErrorCapture,
  MAX_ENTRIES,
  readErrorLog,
  recordError,
  recordFailedCall,
  sendErrorLog,
  subscribeErrorLog,
} from './error-log';
import { configureRequest, request } from './request';

const posted: InternalAxiosRequestConfig[] = [];
let saveStatus = 200;
const adapter: AxiosAdapter = async (config) => {
  posted.push(config);
  if (config.url?.includes('saveLogs')) {
    const ok = saveStatus === 200;
    return {
      status: saveStatus,
      statusText: '',
      headers: {},
      config,
      data: { code: saveStatus, success: ok, msg: ok ? '发送成功' : '服务异常', data: ok ? 1 : null },
    };
  }
  return { status: 500, statusText: '', headers: {}, config, data: { code: 500, success: false, msg: '档案服务异常', data: null } };
};

const entry = (message: string) => ({ type: 'error', message, stack: 'at x', info: '', url: 'http://localhost/home/index' });

beforeEach(() => {
  posted.length = 0;
  saveStatus = 200;
  request.defaults.adapter = adapter;
  configureRequest({ notifyError: () => undefined, onUnauthorized: () => undefined, onCallFailed: recordFailedCall });
  clearErrorLog();
});
afterEach(() => {
  configureRequest({ onCallFailed: undefined });
  localStorage.clear();
});

describe('error log queue', () => {
  it('keeps entries in localStorage with the time they happened', () => {
    recordError(entry('boom'));
    const stored = JSON.parse(localStorage.getItem('saber-errorLog') ?? '[]') as { message: string; time: string }[];
    expect(stored.map((e) => e.message)).toEqual(['boom']);
    expect(stored[0]?.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('sends the queue to blade-log web/saveLogs and empties it', async () => {
    recordError(entry('one'));
    recordError(entry('two'));
    expect(await sendErrorLog({ silent: true })).toBe(true);
    const call = posted.find((c) => c.url === '/api/blade-log/web/saveLogs');
    expect((JSON.parse(call?.data as string) as { message: string }[]).map((e) => e.message)).toEqual(['one', 'two']);
    expect(readErrorLog()).toEqual([]);
  });

  it('empties the queue even when the send fails, without logging that failure', async () => {
    recordError(entry('one'));
    saveStatus = 500;
    expect(await sendErrorLog({ silent: true })).toBe(false);
    expect(readErrorLog()).toEqual([]);
  });

  it('keeps what was recorded while the send was on its way', async () => {
    recordError(entry('one'));
    const sending = sendErrorLog({ silent: true });
    recordError(entry('late'));
    await sending;
    expect(readErrorLog().map((e) => e.message)).toEqual(['late']);
  });

  it('records failed calls with their address and status', async () => {
    await expect(request.get('/api/blade-iph-business/archive/list')).rejects.toThrow('档案服务异常');
    const [logged] = readErrorLog();
    expect(logged).toMatchObject({
      type: 'request',
      message: '档案服务异常',
      url: '/api/blade-iph-business/archive/list',
      info: 'GET status 500 code 500',
    });
  });

  it('records uncaught errors and rejections once installed', () => {
    const uninstall = installErrorCapture();
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'x is undefined', error: new Error('x is undefined'), filename: 'app.js', lineno: 3, colno: 7 }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('lost promise') });
    window.dispatchEvent(rejection);
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after uninstall' }));
    expect(readErrorLog().map((e) => [e.type, e.message, e.info])).toEqual([
      ['error', 'x is undefined', 'app.js:3:7'],
      ['unhandledrejection', 'lost promise', ''],
    ]);
  });

  it('keeps the newest entries within the server’s batch limit and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeErrorLog(listener);
    for (let i = 0; i < MAX_ENTRIES + 5; i += 1) recordError(entry(`e${i}`));
    unsubscribe();
    expect(readErrorLog()).toHaveLength(MAX_ENTRIES);
    expect(readErrorLog()[0]?.message).toBe('e5');
    expect(listener).toHaveBeenCalledTimes(MAX_ENTRIES + 5);
  });
});

describe('error log sending while a send is slow', () => {
  it('does not send the same batch twice, and a clear during the send keeps newer entries', async () => {
    let release: () => void = () => undefined;
    const slow: AxiosAdapter = (config) =>
      new Promise((resolve) => {
        posted.push(config);
        release = () => resolve({ status: 200, statusText: '', headers: {}, config, data: { code: 200, success: true, msg: '', data: 1 } });
      });
    request.defaults.adapter = slow;
    recordError(entry('one'));
    const first = sendErrorLog({ silent: true });
    const second = sendErrorLog({ silent: true });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    clearErrorLog();
    recordError(entry('newer'));
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(posted).toHaveLength(1);
    expect(readErrorLog().map((e) => e.message)).toEqual(['newer']);
  });
});
