// Issue 22 §2: no form can freeze the server. A field pattern that backtracks for ever on a
// JavaScript RegExp (`^(a+)+$` against a's and a '!') is matched on RE2, so the submit answers at
// once and another tenant's request made meanwhile is not held up; what RE2 cannot run is refused
// at publish, naming the field. PGlite, or PostgreSQL with TEST_PG_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, loginAs, type Caller } from './form-test-support';

const F = '/api/blade-iph-business/form';
const RECORD = '/api/blade-iph-business/formrecord';

const formWith = (formCode: string, regExp: string) => ({
  formCode,
  formName: '编码登记表',
  version: 1,
  placement: { kind: 'other', menu: { title: '编码登记', order: 95 } },
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '登记日期', fieldType: 5, required: 1 },
    { fieldProp: 'code', fieldLabel: '登记编码', fieldType: 3, regExp },
  ],
});

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let otherTenantAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  [admin, doctor, otherTenantAdmin] = await Promise.all([
    loginAs(t.app, 'admin'),
    loginAs(t.app, 'doctor'),
    loginAs(t.app, 'admin', '100002'),
  ]);
});
afterAll(() => t.close());

async function publish(doc: ReturnType<typeof formWith>) {
  const created = await admin.post(`${F}/submit`, { document: doc });
  expect(created.body.success).toBe(true);
  return admin.post(`${F}/publish?id=${created.body.data.id as string}`);
}

describe('field patterns cannot hold the server', () => {
  it('answers a catastrophic pattern at once, and another tenant meanwhile within one second', async () => {
    const published = await publish(formWith('redostest', '^(a+)+$'));
    expect(published.body, JSON.stringify(published.body)).toMatchObject({ success: true, data: { version: 1 } });
    const [archId] = await demoArchiveIds(t.deps.db);

    const started = performance.now();
    const submitting = doctor.post(`${RECORD}/submit`, {
      formCode: 'redostest',
      archId,
      values: { visitDate: '2024-06-10', code: `${'a'.repeat(32)}!` },
    });
    // Another tenant's call, sent while the submit is under way.
    await new Promise((resolve) => setImmediate(resolve));
    const otherStarted = performance.now();
    const other = await otherTenantAdmin.get(`${F}/list?current=1&size=10`);
    const otherMs = performance.now() - otherStarted;
    const refused = await submitting;
    const submitMs = performance.now() - started;

    expect(other.status).toBe(200);
    expect(otherMs).toBeLessThan(1000);
    expect(submitMs).toBeLessThan(2000);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ msg: '登记编码数值异常', data: { stage: 'fields', field: 'code' } });

    const good = await doctor.post(`${RECORD}/submit`, {
      formCode: 'redostest',
      archId,
      values: { visitDate: '2024-06-10', code: 'a'.repeat(32) },
    });
    expect(good.status).toBe(200);
  });

  it('refuses at publish a pattern RE2 cannot run, naming the field in Chinese', async () => {
    const lookahead = await publish(formWith('lookaheadtest', '^(?=.*\\d)[a-z\\d]+$'));
    expect(lookahead.status).toBe(400);
    expect(lookahead.body.msg).toContain('字段「登记编码」的校验正则 regExp 不支持前后断言');
    const backref = await publish(formWith('backreftest', '^(a)\\1$'));
    expect(backref.status).toBe(400);
    expect(backref.body.msg).toContain('字段「登记编码」的校验正则 regExp 不支持反向引用');
    const versions = await t.deps.db
      .selectFrom('form_version')
      .select('form_code')
      .where('form_code', 'in', ['lookaheadtest', 'backreftest'])
      .execute();
    expect(versions).toEqual([]);
  });
});
