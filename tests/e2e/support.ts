import { createHash } from 'node:crypto';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { residentIdCard } from './id-card';

// The seeded demo institution and the seeded password (README: seeded accounts).
export const TENANT = '100001';
export const PASSWORD = 'Health@2026';

/** Screenshots for looking at, 1366×768, in the run's output folder (playwright.config.ts). */
export const SCREENS = path.join(process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screens');
export const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS, `${name}.png`) });

/** Fills and sends the login form; the caller checks what follows (a refused login, a choice…). */
export async function fillLogin(page: Page, account: string, password = PASSWORD, tenant = TENANT): Promise<void> {
  await page.goto('/login');
  await expect(page).toHaveTitle(/登录/);
  await page.getByLabel('租户编号').fill(tenant);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Logs a seeded user in and waits for the home page. */
export async function login(page: Page, account: string, tenant = TENANT): Promise<void> {
  await fillLogin(page, account, PASSWORD, tenant);
  await expect(page).toHaveURL(/\/home\/index$/);
}

/** The API as the logged-in user of a browser context: the token the app keeps in its cookie. */
export async function apiAs(context: BrowserContext, request: APIRequestContext) {
  const token = (await context.cookies()).find((c) => c.name === 'saber-access-token')?.value;
  expect(token, 'logged in').toBeTruthy();
  return apiWithToken(request, token!);
}

/** The business API as a journey calls it. */
export type Api = ReturnType<typeof apiWithToken>;

/** The business API with an access token (apiAs's cookie, or tokenOf's grant). */
export function apiWithToken(request: APIRequestContext, token: string) {
  const headers = { 'Blade-Auth': `bearer ${token}` };
  const call = async (method: 'get' | 'post', url: string, data?: unknown) => {
    const res = await request[method](`/api/blade-iph-business/${url}`, { headers, data });
    const body = (await res.json()) as { success: boolean; msg: string; data: unknown };
    expect(body.success, `${url}: ${body.msg}`).toBe(true);
    return body.data;
  };
  // A POST always carries a JSON body (the server refuses an empty one sent as JSON).
  return { get: (url: string) => call('get', url), post: (url: string, data: unknown = {}) => call('post', url, data) };
}

// The web app's own OAuth client (src/api/headers.ts BASIC_CLIENT_AUTH).
const WEB_CLIENT = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';

/**
 * A fresh access token of a seeded account through the password grant, without a browser: a
 * journey's setup then never depends on what another page of the same context did to its cookie.
 */
export async function tokenOf(request: APIRequestContext, account: string, tenant = TENANT): Promise<string> {
  const res = await request.post('/api/blade-auth/oauth/token', {
    headers: { authorization: WEB_CLIENT, 'tenant-id': tenant },
    params: {
      tenantId: tenant,
      username: account,
      password: createHash('md5').update(PASSWORD).digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  expect(body.access_token, `login of ${account}: ${res.status()} ${body.error_description ?? ''}`).toBeTruthy();
  return body.access_token!;
}

/**
 * A new resident filed by the caller, whose archive takes the caller's doctor and team: a journey that
 * needs a resident of known team, without a contract or a pending transfer, files its own instead of
 * taking the newest archive, which is whatever another journey filed last.
 */
export async function fileResident(
  api: Api,
  personName: string,
  birth: string,
  male: boolean,
): Promise<{ id: string; personName: string; idCard: string }> {
  const idCard = residentIdCard(birth, male);
  const saved = (await api.post('userarchives/create-update-archives', { personName, idCard, homeAddress: '源城区文明路1号' })) as {
    id: string;
  };
  return { id: saved.id, personName, idCard };
}
