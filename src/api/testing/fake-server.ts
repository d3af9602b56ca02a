import { cleanup } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach } from 'vitest';
import { configureRequest, request } from '../request';
import { clearSession, storeLogin } from '../session';
import type { TokenResponse } from '../types';

/**
 * A fake Blade server for component tests (tests only: nothing in the app imports this).
 *
 * Why: a dozen screen tests each rebuilt the same scaffolding — the `{ code, success, msg, data }`
 * envelope, an axios adapter recording requests and answering from a table, the same
 * beforeEach (adapter, silent request hooks, a stored login) and afterEach (unmount, forget the
 * session, empty localStorage). Here it is once, so a test file only states what its server
 * answers and what it checks.
 *
 *   const { seen } = setupFakeServer({ '/api/blade-user/info': blade(user) }, { login: { access_token: 'acc' } });
 *
 * The answers go through the real `request` instance (interceptors, headers, error handling);
 * only the network is replaced. A test file runs in its own module scope, so the adapter stays
 * installed for the file's tests and no one else's.
 */

/** What the fake server sends back: the HTTP status and the response body. */
export interface FakeAnswer {
  status: number;
  data: unknown;
}

/** Answers one request; `undefined` means "not mine" and the fallback answers instead. */
export type FakeResponder = (config: InternalAxiosRequestConfig) => FakeAnswer | undefined;

/** Answers by exact `config.url`: a fixed answer (copied for every request) or a responder. */
export type FakeRoutes = Record<string, FakeAnswer | FakeResponder>;

export interface FakeServerOptions {
  /** Stored with `storeLogin` before each test, after the adapter is installed. */
  login?: TokenResponse;
  /** The answer to a request nothing else answers; `failure(404, 'no')` by default. */
  fallback?: FakeAnswer;
  /** The file's own clean-up, run after the shared one (unmount, clearSession, localStorage.clear). */
  teardown?: () => void;
}

/** A successful Blade answer: HTTP 200 with `{ code: 200, success: true, msg, data }`. */
export const blade = (data: unknown, msg = ''): FakeAnswer => ({ status: 200, data: { code: 200, success: true, msg, data } });

/** A refused Blade answer: the HTTP status repeated as `code`, `success: false`, the message and `data` (null unless given). */
export const failure = (status: number, msg: string, data: unknown = null): FakeAnswer => ({
  status,
  data: { code: status, success: false, msg, data },
});

/**
 * Installs the fake server for every test of the calling file (it registers beforeEach and
 * afterEach, so call it at the top level of the file or of a describe block).
 *
 * Before each test: `seen` is emptied, `request` answers through the fake server, the request
 * hooks are silenced (no toast, no redirect on 401) and `options.login` is stored. After each
 * test: the rendered tree is unmounted, the session forgotten, localStorage emptied, then
 * `options.teardown` runs.
 *
 * @returns `seen`: every request the app sent during the current test, in order.
 */
export function setupFakeServer(
  answers: FakeRoutes | FakeResponder,
  options: FakeServerOptions = {},
): { seen: InternalAxiosRequestConfig[] } {
  const seen: InternalAxiosRequestConfig[] = [];
  const fallback = options.fallback ?? failure(404, 'no');
  const answerFor = (config: InternalAxiosRequestConfig): FakeAnswer => {
    const route = typeof answers === 'function' ? answers : answers[config.url ?? ''];
    // A fixed answer is copied so a screen that sorts or edits what it received cannot change
    // what the next request (or the next test) gets.
    const answer = typeof route === 'function' ? route(config) : route && structuredClone(route);
    return answer ?? structuredClone(fallback);
  };
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { ...answerFor(config), statusText: '', headers: {}, config };
  };

  beforeEach(() => {
    seen.length = 0;
    request.defaults.adapter = adapter;
    configureRequest({ notifyError: () => undefined, onUnauthorized: () => undefined });
    if (options.login) storeLogin(options.login);
  });
  afterEach(() => {
    cleanup();
    clearSession();
    localStorage.clear();
    options.teardown?.();
  });

  return { seen };
}
