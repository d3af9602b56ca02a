import { expect, type APIRequestContext } from '@playwright/test';
import { tokenOf } from './support';

/**
 * The institution's administrator sets a system parameter (系统参数): the row is updated when it
 * exists and created otherwise, so a journey's retry (or a second journey) sets it again cleanly.
 */
export async function setSystemParam(request: APIRequestContext, paramKey: string, paramName: string, paramValue: string): Promise<void> {
  const headers = { 'Blade-Auth': `bearer ${await tokenOf(request, 'admin')}` };
  const listed = await request.get('/api/blade-system/systemparam/list', { headers, params: { paramKey, size: 50 } });
  const page = (await listed.json()) as { msg: string; data: { records: { id: string; paramKey: string; rowVersion: number }[] } | null };
  expect(page.data, `systemparam/list: ${listed.status()} ${page.msg}`).toBeTruthy();
  const own = page.data!.records.find((r) => r.paramKey === paramKey);
  const saved = await request.post('/api/blade-system/systemparam/submit', {
    headers,
    data: { paramName, paramKey, paramValue, ...(own && { id: own.id, rowVersion: own.rowVersion }) },
  });
  const body = (await saved.json()) as { success: boolean; msg: string };
  expect(body.success, `systemparam/submit ${paramKey}: ${body.msg}`).toBe(true);
}
