import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/services/passwords';
import { SEED_PASSWORD } from '../seed/seed-data';
import { createTestApp, type TestApp } from '../test-support/test-app';

// A BladeX client (saber, or anything written against BladeX's conventions) walks the admin lists:
// it logs in with its client credentials in Basic auth, the md5 of the password and the Tenant-Id
// header (form body, as Spring's @RequestParam reads it), then searches each list with nothing but
// BladeX's conventions (issue 21 §3): a plain field name means contains, `_notequal`, `_notlike`,
// `_ignore`, `_datege`, `_notnull`. Each list is checked on its own rows, so the walk holds whatever
// the seed holds by then.
let t: TestApp;
const tokens: Record<string, string> = {};

async function bladexLogin(tenantId: string, username: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'tenant-id': tenantId,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({
      tenantId,
      username,
      password: md5Hex(SEED_PASSWORD),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    }).toString(),
  });
  const body = res.json();
  if (!body.access_token) throw new Error(`${username}@${tenantId}: ${res.body}`);
  return body.access_token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  tokens.platform = await bladexLogin('000000', 'admin');
  tokens.admin = await bladexLogin('100001', 'admin');
  // A write call, so the api log has a row to search (written just after the reply).
  const write = await t.app.inject({
    method: 'POST',
    url: '/api/blade-system/systemparam/submit',
    headers: { 'blade-auth': `bearer ${tokens.admin}` },
    payload: { paramName: '走查参数', paramKey: 'walk_param', paramValue: '1' },
  });
  expect(write.json()).toMatchObject({ success: true });
  for (let i = 0; i < 50 && rowsOf((await list('admin', '/api/blade-log/api/list', {})).body.data).length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
}, 180_000);
afterAll(() => t.close());

type Row = Record<string, unknown> & { children?: Row[] };

/** The rows of a list answer: a page's records, or a tree flattened. */
function rowsOf(data: unknown): Row[] {
  const top = (Array.isArray(data) ? data : ((data as { records?: Row[] })?.records ?? [])) as Row[];
  return top.flatMap((row) => [row, ...rowsOf(row.children ?? [])]);
}

async function list(who: string, url: string, params: Record<string, string>) {
  const query = new URLSearchParams({ current: '1', size: '200', ...params });
  const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: { 'blade-auth': `bearer ${tokens[who]}` } });
  return { status: res.statusCode, body: res.json() as { success: boolean; msg: string; data: unknown } };
}

interface Walk {
  name: string;
  who: 'platform' | 'admin';
  url: string;
  /** A text field of the list the client searches by. */
  field: string;
  /** A date field the list allows (`_datege`), when it has one. */
  dateField?: string;
  /** Query values every call of this list carries (the login log's tenant view). */
  fixed?: Record<string, string>;
}

const WALKS: Walk[] = [
  { name: 'users', who: 'admin', url: '/api/blade-user/page', field: 'account', dateField: 'createTime' },
  { name: 'depts', who: 'admin', url: '/api/blade-system/dept/list', field: 'deptName' },
  { name: 'roles', who: 'admin', url: '/api/blade-system/role/list', field: 'roleName' },
  { name: 'menus', who: 'admin', url: '/api/blade-system/menu/list', field: 'name' },
  {
    name: 'business dictionaries',
    who: 'admin',
    url: '/api/blade-system/dict-biz/parent-list',
    field: 'dictValue',
    dateField: 'createTime',
  },
  { name: 'system dictionaries', who: 'platform', url: '/api/blade-system/dict/parent-list', field: 'dictValue' },
  { name: 'system parameters', who: 'admin', url: '/api/blade-system/systemparam/list', field: 'paramName', dateField: 'createTime' },
  { name: 'tenants', who: 'platform', url: '/api/blade-system/tenant/list', field: 'tenantName', dateField: 'createTime' },
  { name: 'api log', who: 'admin', url: '/api/blade-log/api/list', field: 'requestUri', dateField: 'createTime' },
  { name: 'OAuth clients', who: 'platform', url: '/api/blade-system/client/list', field: 'clientId', dateField: 'createTime' },
  { name: 'platform parameters', who: 'platform', url: '/api/blade-system/param/list', field: 'paramName' },
  {
    name: 'login log',
    who: 'admin',
    url: '/api/blade-user/loglogin/list',
    field: 'account',
    dateField: 'createTime',
    fixed: { scope: 'tenant' },
  },
];

const text = (row: Row, field: string) => String(row[field] ?? '');

describe('a BladeX client walks the admin lists with BladeX’s conventions only', () => {
  it('logs in the BladeX way: Basic client, md5 password, Tenant-Id header, form body', async () => {
    expect(tokens.platform).toMatch(/^ey/);
    expect(tokens.admin).toMatch(/^ey/);
  });

  it.each(WALKS)('$name: plain name = contains, _notequal, _notlike, _ignore, _notnull, _datege', async (walk) => {
    const call = (params: Record<string, string>) => list(walk.who, walk.url, { ...walk.fixed, ...params });
    const base = await call({});
    expect(base.status, `${walk.url}: ${JSON.stringify(base.body).slice(0, 200)}`).toBe(200);
    const all = rowsOf(base.body.data);
    const sample = all.find((r) => text(r, walk.field).length >= 2);
    expect(sample, `${walk.name}: no row with a ${walk.field} to search by`).toBeDefined();
    const value = text(sample!, walk.field);
    const fragment = value.slice(0, 2);

    const plain = rowsOf((await call({ [walk.field]: fragment })).body.data);
    expect(plain.map((r) => r.id)).toContain(sample!.id);
    for (const row of plain) expect(text(row, walk.field).toLowerCase()).toContain(fragment.toLowerCase());
    const nowhere = rowsOf((await call({ [walk.field]: 'zz无此值zz' })).body.data);
    expect(nowhere).toEqual([]);

    const notEqual = rowsOf((await call({ [`${walk.field}_notequal`]: value })).body.data);
    expect(notEqual.map((r) => r.id)).not.toContain(sample!.id);
    expect(notEqual.length).toBeGreaterThanOrEqual(all.filter((r) => text(r, walk.field) !== value && !r.children?.length).length);

    const notLike = rowsOf((await call({ [`${walk.field}_notlike`]: fragment })).body.data);
    for (const row of notLike) expect(text(row, walk.field).toLowerCase()).not.toContain(fragment.toLowerCase());

    const ignored = rowsOf((await call({ [`${walk.field}_ignore`]: 'zz无此值zz' })).body.data);
    expect(ignored.length).toBe(all.length);

    const notNull = rowsOf((await call({ [`${walk.field}_notnull`]: '' })).body.data);
    expect(notNull.map((r) => r.id)).toContain(sample!.id);

    if (walk.dateField) {
      const since = rowsOf((await call({ [`${walk.dateField}_datege`]: '2000-01-01' })).body.data);
      expect(since.length).toBe(all.length);
      const future = rowsOf((await call({ [`${walk.dateField}_datege`]: '2999-01-01' })).body.data);
      expect(future).toEqual([]);
    }
  });
});
