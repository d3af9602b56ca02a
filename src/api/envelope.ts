import type { AxiosRequestConfig } from 'axios';
import { request } from './request';
import type { Envelope } from './types';

/** GET an enveloped answer and hand back its data (the interceptor already rejected failures). */
export async function getData<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const res = await request.get<Envelope<T>>(url, config);
  return res.data.data;
}

export async function postData<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const res = await request.post<Envelope<T>>(url, body, config);
  return res.data.data;
}
