import type { AxiosAdapter } from 'axios';
import { request } from './request';

/**
 * Stories only: answers the app's calls in Storybook, where no server runs. `answer(url, config)`
 * gives the envelope's data for a call (matched by the caller, e.g. on the path), or throws to fail
 * it with that message; the call is answered after `delayMs`, as a network would.
 */
export function answerCalls(answer: (url: string, body: unknown) => unknown, delayMs = 300): void {
  const adapter: AxiosAdapter = async (config) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const url = `${config.url ?? ''}${config.params ? `?${new URLSearchParams(config.params as Record<string, string>).toString()}` : ''}`;
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data;
    let data: unknown;
    try {
      data = { code: 200, success: true, data: answer(url, body), msg: '操作成功' };
    } catch (e) {
      data = { code: 400, success: false, data: null, msg: e instanceof Error ? e.message : String(e) };
    }
    return { data, status: (data as { code: number }).code, statusText: '', headers: {}, config };
  };
  request.defaults.adapter = adapter;
}
