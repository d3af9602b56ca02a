// Issue 22 §7 and §8: bodies are bounded per route, record values by their field, paging by a
// documented maximum; NUL characters, lone surrogates and wild paging numbers are a 400 in Chinese,
// never a 500. PGlite, or PostgreSQL with TEST_PG_URL.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../forms/routes/form-test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';

const B = '/api/blade-iph-business';
const LISTS = [
  `${B}/commuserarchives/list`,
  `${B}/form/list`,
  `${B}/userfollowup/list`,
  `${B}/formrecord/list`,
  '/api/blade-system/dict-biz/list',
  '/api/blade-system/systemparam/list',
  '/api/blade-user/loglogin/list',
  `${B}/formfield/list`,
];

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let archId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, doctor] = await Promise.all([loginAs(t.app, 'admin'), loginAs(t.app, 'doctor')]);
  [archId] = (await demoArchiveIds(t.deps.db, 'hypertension')) as [string];
});
afterAll(() => t.close());

const followup = (values: Record<string, unknown>) =>
  doctor.post(`${B}/userfollowup/submit`, { formCode: 'hypertensionfollowup', archId, values: goodHypertensionValues(values) });

describe('bad input is a 400, never a 500 (§8)', () => {
  it('does not unpack a compressed request body (a zip bomb would slip past the size limits): 400, nothing saved', async () => {
    const before = await t.deps.db
      .selectFrom('form_record')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({ formCode: 'hypertensionfollowup', archId, values: goodHypertensionValues({}) });
    const res = await t.app.inject({
      method: 'POST',
      url: `${B}/userfollowup/submit`,
      headers: { 'blade-auth': `bearer ${doctor.token}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    const after = await t.deps.db
      .selectFrom('form_record')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a NUL in a search string', async () => {
    for (const url of [
      `${B}/commuserarchives/list?personName_like=%00`,
      `${B}/form/list?formName=a%00b`,
      `${B}/userfollowup/list?formCode=%00`,
    ]) {
      const res = await admin.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.msg, url).toMatch(/^参数\[\w+\]含有不允许的字符/);
    }
  });

  it('refuses a NUL or a lone surrogate in a follow-up value, and saves nothing', async () => {
    const before = await t.deps.db
      .selectFrom('form_record')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const doctorSign of ['张\u0000医生', '张\ud800医生', '\udc00']) {
      const res = await followup({ doctorSign });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('请求体[values.doctorSign]含有不允许的字符（空字符或不成对的代理字符）');
    }
    // A paired surrogate (an emoji, a rare character outside the BMP) is ordinary text.
    expect((await followup({ doctorSign: '张医生𠀋' })).status).toBe(200);
    const after = await t.deps.db
      .selectFrom('form_record')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('refuses current=1e20 and other wild paging on every list call', async () => {
    for (const url of LISTS) {
      for (const [query, name] of [
        ['current=1e20&size=10', 'current'],
        ['current=0', 'current'],
        ['current=1.5', 'current'],
        ['size=501', 'size'],
        ['size=-1', 'size'],
        ['size=abc', 'size'],
      ] as const) {
        const res = await admin.get(`${url}?${query}`);
        expect(res.status, `${url}?${query}`).toBe(400);
        expect(res.body.msg).toMatch(new RegExp(`^参数\\[${name}\\]`));
      }
      expect((await admin.get(`${url}?current=2&size=20`)).status, url).toBe(200);
    }
  });
});

describe('limits on size (§7)', () => {
  it('refuses a 9 MB follow-up body with 413 and a Chinese message', async () => {
    const res = await followup({ auxiliaryExam: 'x'.repeat(9 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, msg: '请求体过大' });
  });

  it('enforces each field’s length on the server: textarea 2,000 and text 200 characters', async () => {
    const long = await followup({ auxiliaryExam: '查'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      msg: '辅助检查不能超过2000个字符（现有2001个）',
      data: { field: 'auxiliaryExam', fieldLabel: '辅助检查' },
    });
    const sign = await followup({ doctorSign: '张'.repeat(201) });
    expect(sign.status).toBe(400);
    expect(sign.body.data).toMatchObject({ field: 'doctorSign' });
    expect((await followup({ auxiliaryExam: '查'.repeat(2000) })).status).toBe(200);
  });

  it('caps saveLogs by entries and bytes', async () => {
    const entry = { type: 'error', message: 'm'.repeat(5000), stack: 's'.repeat(20000), info: 'i'.repeat(5000), url: 'u'.repeat(2000) };
    const big = await doctor.post(
      '/api/blade-log/web/saveLogs',
      Array.from({ length: 200 }, () => entry),
    );
    expect(big.status).toBe(413);
    const many = await doctor.post(
      '/api/blade-log/web/saveLogs',
      Array.from({ length: 201 }, () => ({ type: 'error' })),
    );
    expect(many.status).toBe(400);
    expect((await doctor.post('/api/blade-log/web/saveLogs', [entry])).status).toBe(200);
  });
});

describe('writes per user (§7)', () => {
  it('answers 429 with Retry-After once a user passes the per-minute limit; reads and other users go on', async () => {
    const limited = await createTestApp({ writeRatePerMinute: 3 });
    try {
      const [nurse, leader] = await Promise.all([loginAs(limited.app, 'nurse'), loginAs(limited.app, 'leader')]);
      const log = () => nurse.post('/api/blade-log/web/saveLogs', [{ type: 'info', message: 'x' }]);
      for (let i = 0; i < 3; i++) expect((await log()).status).toBe(200);
      const refused = await limited.app.inject({
        method: 'POST',
        url: '/api/blade-log/web/saveLogs',
        headers: { 'blade-auth': `bearer ${nurse.token}` },
        payload: [],
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: 429, success: false, msg: expect.stringMatching(/^操作过于频繁，请\d+秒后再试$/) });
      expect((await nurse.get('/api/blade-auth/oauth/user-info')).status).toBe(200);
      expect((await leader.post('/api/blade-log/web/saveLogs', [])).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
