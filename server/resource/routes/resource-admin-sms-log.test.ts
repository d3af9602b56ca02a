// The console/test sender's log (spec 002 §7 send-message, no network here): each message is one
// line of the server's JSON log with the rendered text, the phone masked and no key or secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { prepare } from '../../bootstrap';
import { testConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

const lines: string[] = [];
let opened: Awaited<ReturnType<typeof openDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let admin: Caller;
beforeAll(async () => {
  opened = await openDatabase({});
  const deps = await prepare(opened, testConfig({ logLevel: 'info' }));
  app = await buildApp(deps, { logDestination: { write: (line) => void lines.push(line) } });
  await app.ready();
  admin = await loginAs(app, 'admin');
});
afterAll(async () => {
  await app.close();
  await opened.close();
});

describe('console sms sender', () => {
  it('logs each message it “sends”, the phone masked, the secret nowhere', async () => {
    const secret = 'console-secret-never-logged-5150';
    const created = await admin.post('/api/blade-resource/sms/submit', {
      category: 1,
      smsCode: 'notify',
      templateContent: '请于${date}到站随访',
      signName: '源城公卫',
      secretKey: secret,
    });
    expect(created.body.success).toBe(true);
    const sent = await admin.post('/api/blade-resource/sms/endpoint/send-message', {
      code: 'notify',
      phones: '13812345678,15900001111',
      params: { date: '6月1日' },
    });
    expect(sent.body).toMatchObject({ success: true, data: { sent: 2 } });
    const smsLines = lines.map((l) => JSON.parse(l) as { sms?: { phone: string; content: string; tenantId: string } }).filter((l) => l.sms);
    expect(smsLines.map((l) => l.sms)).toEqual([
      { tenantId: '100001', smsCode: 'notify', phone: '138****5678', content: '【源城公卫】请于6月1日到站随访' },
      { tenantId: '100001', smsCode: 'notify', phone: '159****1111', content: '【源城公卫】请于6月1日到站随访' },
    ]);
    const all = lines.join('\n');
    expect(all).not.toContain('13812345678');
    expect(all).not.toContain(secret);
  });
});
