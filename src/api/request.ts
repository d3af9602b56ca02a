import axios, { AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { REQUEST_TIMEOUT_MS, SWITCH_MODE } from '../shared/config';
import './request-meta';
import { buildRequestHeaders } from './headers';
import { interpretResponse } from './interpret-response';
import { cacheKey, isCacheableGet, readCached, writeCached } from './get-cache';
import { loadingTracker, showsLoading } from './loading-tracker';
import { clearSession, getRefreshToken, getStore, getTenantTarget, getToken, getUserInfo, STORE_KEYS } from './session';

/** A rejected call: the message is what the user should read; body is the server's answer. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** What the app plugs in: how to show a toast and where to go when the session is gone. */
export interface RequestHooks {
  notifyError: (message: string) => void;
  onUnauthorized: () => void;
  /** Codes handled by callers themselves: rejected without a toast. */
  whiteList: readonly number[];
  /**
   * Told of every failed call (error answer or network failure, toasted or not; not a 401, which
   * ends the session): the error log queues them (spec §8). Optional so this layer stays unaware
   * of the log; SessionWatch installs it.
   */
  onCallFailed?: (failure: CallFailure) => void;
}

export interface CallFailure {
  url: string;
  method: string;
  status: number;
  code: number;
  message: string;
}

const hooks: RequestHooks = {
  // Until the app mounts there is no toast host; the console keeps the message visible to devs.
  notifyError: (message) => console.error(message),
  onUnauthorized: () => window.location.assign('/login'),
  whiteList: [],
};

export function configureRequest(next: Partial<RequestHooks>): void {
  Object.assign(hooks, next);
}

/** The one axios instance of the web app (spec 000 §7). */
export const request = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
  // 4xx/5xx answers carry the envelope with a Chinese msg; let the interpreter read them.
  validateStatus: (status) => status >= 200 && status <= 500,
});

// Which in-flight configs were answered from the cache / counted by the loading bar; a WeakSet
// keeps this off the public config type and forgets finished requests by itself.
const answeredFromCache = new WeakSet<object>();
const countedForLoading = new WeakSet<object>();

const currentTenantId = (): string | undefined => getUserInfo()?.tenant_id ?? getStore<string>(STORE_KEYS.tenantId);

function onRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const user = getUserInfo();
  const url = config.url ?? '';
  const built = buildRequestHeaders({
    url,
    pagePath: window.location.pathname,
    accessToken: getToken(),
    refreshToken: getRefreshToken(),
    account: user?.account,
    tenantId: currentTenantId(),
    userId: user?.user_id,
    deptId: user?.dept_id,
    roleId: user?.role_id,
    teamId: user?.team_id,
    switchMode: SWITCH_MODE,
    tenantTarget: getTenantTarget(),
    meta: config.meta,
  });
  const headers = AxiosHeaders.from(config.headers);
  // Headers the caller set explicitly win (e.g. Dept-Id when choosing a department at login).
  for (const [name, value] of Object.entries(built)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  config.headers = headers;

  if (isCacheableGet(config.method, url)) {
    const cached = readCached(sessionStorage, cacheKey(url, currentTenantId(), config.params));
    if (cached.hit) {
      // Answer from the cache through a one-off adapter: no network, same interceptor path.
      answeredFromCache.add(config);
      config.adapter = async () => ({ data: cached.body, status: 200, statusText: 'OK', headers: {}, config });
      return config;
    }
  }
  if (showsLoading(url, config.meta?.noLoading)) {
    countedForLoading.add(config);
    loadingTracker.start();
  }
  return config;
}

function finishLoading(config: InternalAxiosRequestConfig | undefined): void {
  if (config && countedForLoading.delete(config)) loadingTracker.done();
}

function onResponse(response: AxiosResponse): AxiosResponse | Promise<never> {
  const { config } = response;
  const fromCache = answeredFromCache.has(config);
  finishLoading(config);
  const outcome = interpretResponse({
    status: response.status,
    body: response.data,
    url: config.url ?? '',
    whiteList: hooks.whiteList,
    silent: config.meta?.silent,
  });
  if (outcome.kind === 'unauthorized') {
    // The token expired or was revoked: a timeout, not a chosen logout, so drafts stay.
    clearSession({ keepDrafts: true });
    hooks.onUnauthorized();
    return Promise.reject(new RequestError(outcome.message, 401, response.data));
  }
  if (outcome.kind === 'error') {
    if (outcome.toast) hooks.notifyError(outcome.message);
    hooks.onCallFailed?.({
      url: config.url ?? '',
      method: config.method ?? 'get',
      status: response.status,
      code: outcome.code,
      message: outcome.message,
    });
    return Promise.reject(new RequestError(outcome.message, outcome.code, outcome.body));
  }
  if (!fromCache && isCacheableGet(config.method, config.url)) {
    writeCached(sessionStorage, cacheKey(config.url ?? '', currentTenantId(), config.params), outcome.body);
  }
  return response;
}

function onNetworkError(error: unknown): Promise<never> {
  if (axios.isAxiosError(error)) {
    finishLoading(error.config);
    const message = error.code === 'ECONNABORTED' ? '请求超时' : error.message || '网络错误';
    if (!error.config?.meta?.silent) hooks.notifyError(message);
    hooks.onCallFailed?.({
      url: error.config?.url ?? '',
      method: error.config?.method ?? 'get',
      status: error.response?.status ?? 0,
      code: error.response?.status ?? 0,
      message,
    });
    return Promise.reject(new RequestError(message, error.response?.status ?? 0, error.response?.data));
  }
  return Promise.reject(error);
}

request.interceptors.request.use(onRequest);
request.interceptors.response.use(onResponse, onNetworkError);
