import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { configureRequest, request, RequestError } from './request';
import { loadingTracker } from './loading-tracker';
import { getToken, setToken, setUserInfo } from './session';

const calls: InternalAxiosRequestConfig[] = [];
let answer: { status: number; data: unknown } = { status: 200, data: { code: 200, success: true, data: 'ok', msg: '' } };

const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  return { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
};

const notifyError = vi.fn();
const onUnauthorized = vi.fn();

beforeEach(() => {
  calls.length = 0;
  request.defaults.adapter = adapter;
  configureRequest({ notifyError, onUnauthorized, whiteList: [] });
  notifyError.mockReset();
  onUnauthorized.mockReset();
  answer = { status: 200, data: { code: 200, success: true, data: 'ok', msg: '' } };
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'saber-access-token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('request instance', () => {
  it('uses the spec settings', () => {
    expect(request.defaults.timeout).toBe(120000);
    expect(request.defaults.withCredentials).toBe(true);
    expect(request.defaults.validateStatus?.(500)).toBe(true);
    expect(request.defaults.validateStatus?.(501)).toBe(false);
  });

  it('adds session headers and keeps headers the caller set', async () => {
    setToken('tok');
    setUserInfo({ tenant_id: '100001', user_id: 'u1', dept_id: '11', role_id: '21' });
    await request.get('/api/blade-system/menu/routes', { headers: { 'Dept-Id': '99' } });
    const headers = calls[0]?.headers;
    expect(headers?.get('Blade-Auth')).toBe('bearer tok');
    expect(headers?.get('Mtenant-Id')).toBe('100001');
    expect(headers?.get('Role-Id')).toBe('21');
    expect(headers?.get('Dept-Id')).toBe('99');
    expect(headers?.get('REQ-SOURCE')).toBe('GW');
  });

  it('toasts the msg of a failed call and rejects with it', async () => {
    answer = { status: 400, data: { code: 400, success: false, data: null, msg: '参数错误' } };
    await expect(request.get('/api/x')).rejects.toMatchObject({ message: '参数错误', code: 400 });
    expect(notifyError).toHaveBeenCalledWith('参数错误');
  });

  it('rejects silent calls without a toast', async () => {
    answer = { status: 400, data: { error_code: 400, error_description: '用户名或密码不正确' } };
    const err: unknown = await request.post('/api/blade-auth/oauth/token', null, { meta: { silent: true } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).body).toEqual({ error_code: 400, error_description: '用户名或密码不正确' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('on 401 forgets the session and hands over to the login redirect', async () => {
    setToken('tok');
    answer = { status: 401, data: { code: 401, success: false, data: null, msg: '请求未授权' } };
    await expect(request.get('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(getToken()).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('serves a dictionary the second time from sessionStorage without the network', async () => {
    setUserInfo({ tenant_id: '100001' });
    answer = { status: 200, data: { code: 200, success: true, data: [{ dictKey: '1', dictValue: '男' }], msg: '' } };
    const first = await request.get('/api/blade-system/dict-biz/dictionary', { params: { code: 'sex' } });
    const second = await request.get('/api/blade-system/dict-biz/dictionary', { params: { code: 'sex' } });
    expect(calls).toHaveLength(1);
    expect(second.data).toEqual(first.data);
    await request.get('/api/blade-system/dict-biz/dictionary', { params: { code: 'nation' } });
    expect(calls).toHaveLength(2);
  });

  it('shows the loading bar during ordinary calls but not during the token call', async () => {
    const seen: boolean[] = [];
    request.defaults.adapter = async (config) => {
      seen.push(loadingTracker.isLoading());
      return adapter(config);
    };
    await request.get('/api/blade-system/menu/routes');
    await request.post('/api/blade-auth/oauth/token');
    expect(seen).toEqual([true, false]);
    expect(loadingTracker.isLoading()).toBe(false);
  });
});
