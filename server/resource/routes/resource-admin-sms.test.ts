// blade-resource/sms configurations, send-message with the console/test sender, and smsrecord
// (spec 002 §7): secrets never answered, phones checked with a Chinese message, one record per
// phone, a per-tenant cap per minute, tenants apart, doctors refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

let t: TestApp;
let admin: Caller;
let otherAdmin: Caller;
let doctor: Caller;

const SECRET = 'sms-Secret-Key-Never-Shown-7781';

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
  doctor = await loginAs(t.app, 'doctor');
});
afterAll(() => t.close());

const consoleConfig = (smsCode: string, extra: Record<string, unknown> = {}) => ({
  category: 1,
  smsCode,
  templateContent: '您的随访验证码是${code}，请于{minutes}分钟内使用',
  signName: '源城公卫',
  accessKey: 'console-access-key-0001',
  secretKey: SECRET,
  ...extra,
});
const aliConfig = (smsCode: string) => ({
  category: 4,
  smsCode,
  templateId: 'SMS_123456',
  accessKey: 'LTAIaccesskey000123',
  secretKey: SECRET,
  signName: '源城公卫',
});

async function create(caller: Caller, body: Record<string, unknown>): Promise<string> {
  const res = await caller.post('/api/blade-resource/sms/submit', body);
  expect(res.body).toMatchObject({ success: true, msg: '新增成功' });
  return res.body.data.id as string;
}

const send = (caller: Caller, body: Record<string, unknown>) => caller.post('/api/blade-resource/sms/endpoint/send-message', body);
const records = async (caller: Caller, query = '') => (await caller.get(`/api/blade-resource/smsrecord/list?size=200${query}`)).body.data;

describe('sms configurations', () => {
  it('creates, lists, shows and changes a configuration; the secret is never answered', async () => {
    const id = await create(admin, consoleConfig('verify'));
    const listed = await admin.get('/api/blade-resource/sms/list?smsCode_equal=verify');
    expect(listed.body.data.records).toHaveLength(1);
    expect(listed.body.data.records[0]).toMatchObject({
      smsCode: 'verify',
      categoryName: '控制台（测试）',
      status: 1,
      secretKey: '********7781',
    });
    const shown = await admin.get(`/api/blade-resource/sms/detail?id=${id}`);
    for (const body of [listed.body, shown.body]) expect(JSON.stringify(body)).not.toContain(SECRET);
    const edited = await admin.post('/api/blade-resource/sms/submit', { ...shown.body.data, signName: '示范中心', rowVersion: 1 });
    expect(edited.body).toMatchObject({ success: true, msg: '修改成功' });
    const stored = await t.deps.db
      .selectFrom('blade_sms')
      .select(['secret_key', 'sign_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ secret_key: SECRET, sign_name: '示范中心' });
    expect((await admin.post('/api/blade-resource/sms/submit', { ...consoleConfig('verify'), id })).status).toBe(428);
    expect((await admin.post('/api/blade-resource/sms/submit', { ...consoleConfig('verify'), id, rowVersion: 1 })).status).toBe(409);
    expect((await admin.post('/api/blade-resource/sms/submit', consoleConfig('verify'))).body.msg).toBe('资源编号已存在');
    expect((await admin.post('/api/blade-resource/sms/submit', consoleConfig('t2', { templateContent: '' }))).body.msg).toBe(
      '请输入模板内容',
    );
    expect((await admin.post('/api/blade-resource/sms/submit', { ...aliConfig('a2'), templateId: '' })).body.msg).toBe('请输入模板ID');
  });

  it('enables one configuration at a time and removes all or nothing', async () => {
    const a = await create(admin, consoleConfig('enable-a'));
    const b = await create(admin, aliConfig('enable-b'));
    expect((await admin.post(`/api/blade-resource/sms/enable?id=${a}`)).body.msg).toBe('操作成功');
    const cloudOn = await admin.post('/api/blade-resource/sms/enable', { id: b });
    expect(cloudOn.body.msg).toContain('本系统不连接外网');
    const on = ((await admin.get('/api/blade-resource/sms/list?size=200&status_equal=2')).body.data.records as { smsCode: string }[]).map(
      (r) => r.smsCode,
    );
    expect(on).toEqual(['enable-b']);
    expect((await admin.post(`/api/blade-resource/sms/remove?ids=${a},424242`)).status).toBe(404);
    expect((await admin.post(`/api/blade-resource/sms/remove?ids=${a}`)).body.msg).toBe('删除成功');
    expect((await admin.get(`/api/blade-resource/sms/detail?id=${a}`)).status).toBe(404);
    // Back to the console sender for the sends below.
    const c = await create(admin, consoleConfig('enabled-console'));
    await admin.post(`/api/blade-resource/sms/enable?id=${c}`);
  });

  it('keeps tenants apart and refuses a doctor', async () => {
    const id = await create(admin, consoleConfig('private'));
    expect((await otherAdmin.get(`/api/blade-resource/sms/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post('/api/blade-resource/sms/submit', { ...consoleConfig('private'), id, rowVersion: 1 })).status).toBe(404);
    expect((await otherAdmin.post(`/api/blade-resource/sms/enable?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`/api/blade-resource/sms/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.get('/api/blade-resource/sms/list?size=200')).body.data.records).toEqual([]);
    expect((await doctor.get('/api/blade-resource/sms/list')).status).toBe(403);
    expect((await doctor.get(`/api/blade-resource/sms/detail?id=${id}`)).status).toBe(403);
    expect((await doctor.post('/api/blade-resource/sms/submit', consoleConfig('by-doctor'))).status).toBe(403);
    expect((await doctor.post(`/api/blade-resource/sms/enable?id=${id}`)).status).toBe(403);
    expect((await doctor.post(`/api/blade-resource/sms/remove?ids=${id}`)).status).toBe(403);
    expect((await doctor.post('/api/blade-resource/sms/endpoint/send-message', { code: 'private', phones: '13800138000' })).status).toBe(
      403,
    );
    expect((await admin.get(`/api/blade-resource/sms/detail?id=${id}`)).body.data.smsCode).toBe('private');
  });
});

describe('send-message and smsrecord', () => {
  it('renders the template, writes one record per phone (masked in answers) and answers the count', async () => {
    await create(admin, consoleConfig('followup-code'));
    const res = await send(admin, {
      code: 'followup-code',
      phones: '13800138000,+8613900139000，13800138000',
      params: '{"code":"4821","minutes":5}',
    });
    expect(res.body).toMatchObject({ success: true, msg: '发送成功', data: { smsCode: 'followup-code', sent: 2 } });
    const page = await records(admin, '&smsCode_equal=followup-code');
    expect(page.total).toBe(2);
    const texts = page.records.map((r: { content: string }) => r.content);
    expect(texts).toEqual(['【源城公卫】您的随访验证码是4821，请于5分钟内使用', '【源城公卫】您的随访验证码是4821，请于5分钟内使用']);
    expect(page.records.map((r: { phone: string }) => r.phone).sort()).toEqual(['138****8000', '139****9000']);
    expect(page.records[0]).toMatchObject({ status: 1, statusName: '发送成功', categoryName: '控制台（测试）' });
    // Searching by the whole number still finds it.
    expect((await records(admin, '&phone_equal=13900139000')).total).toBe(1);
    expect(JSON.stringify(page)).not.toContain(SECRET);
  });

  it('sends with the enabled configuration when no code is given, and takes the query string too', async () => {
    const res = await admin.post(
      `/api/blade-resource/sms/endpoint/send-message?phones=13700137000&params=${encodeURIComponent('{"code":"1","minutes":"1"}')}`,
    );
    expect(res.body).toMatchObject({ success: true, data: { smsCode: 'enabled-console', sent: 1 } });
  });

  it('refuses a bad phone, a missing parameter, bad params and a provider it cannot reach, with Chinese messages, writing nothing', async () => {
    const before = (await records(admin)).total;
    const bad = await send(admin, { code: 'followup-code', phones: '13800138000,12345678', params: '{"code":"1","minutes":"1"}' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('手机号码格式不正确：12345678（请填写11位中国大陆手机号码）');
    expect((await send(admin, { code: 'followup-code', phones: '10800138000' })).body.msg).toContain('手机号码格式不正确：10800138000');
    expect((await send(admin, { code: 'followup-code', phones: ' ' })).body.msg).toBe('参数[phones]不能为空');
    expect((await send(admin, { code: 'followup-code', phones: '13800138000', params: '{"code":"1"}' })).body.msg).toBe(
      '模板参数[minutes]未提供',
    );
    expect((await send(admin, { code: 'followup-code', phones: '13800138000', params: '[1]' })).body.msg).toBe(
      '参数[params]应为JSON对象，如{"code":"1234"}',
    );
    expect((await send(admin, { code: 'nope', phones: '13800138000' })).status).toBe(404);
    await create(admin, aliConfig('aliyun'));
    expect((await send(admin, { code: 'aliyun', phones: '13800138000' })).body.msg).toBe(
      '阿里云短信需要连接外网，本系统无法发送；请启用控制台（测试）短信配置',
    );
    const many = Array.from({ length: 51 }, (_, i) => `138${String(i).padStart(8, '0')}`).join(',');
    expect((await send(admin, { code: 'followup-code', phones: many, params: '{"code":"1","minutes":"1"}' })).body.msg).toBe(
      '每次最多发送50个手机号码',
    );
    expect((await records(admin)).total).toBe(before);
  });

  it('caps each tenant at 60 messages a minute, counted in the database; the next minute sends again', async () => {
    t.advance(61_000);
    const phones = (n: number, start: number) => Array.from({ length: n }, (_, i) => `137${String(start + i).padStart(8, '0')}`).join(',');
    const params = '{"code":"1","minutes":"1"}';
    expect((await send(admin, { code: 'followup-code', phones: phones(50, 0), params })).body.data.sent).toBe(50);
    const over = await send(admin, { code: 'followup-code', phones: phones(11, 100), params });
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('短信发送过于频繁：每个机构每分钟最多发送60条，请稍后再试');
    // A refused batch used none of the minute: 10 more still fit.
    expect((await send(admin, { code: 'followup-code', phones: phones(10, 200), params })).body.data.sent).toBe(10);
    // Another tenant has its own minute.
    const theirs = await create(otherAdmin, consoleConfig('theirs'));
    await otherAdmin.post(`/api/blade-resource/sms/enable?id=${theirs}`);
    expect((await send(otherAdmin, { phones: '13600136000', params })).body.data.sent).toBe(1);
    t.advance(61_000);
    expect((await send(admin, { code: 'followup-code', phones: phones(1, 300), params })).body.data.sent).toBe(1);
  });

  it('shows, annotates and removes records within the tenant only', async () => {
    const [record] = (await records(admin, '&phone_equal=13800138000')).records;
    const shown = await admin.get(`/api/blade-resource/smsrecord/detail?id=${record.id}`);
    expect(shown.body.data).toMatchObject({ id: record.id, phone: '138****8000', rowVersion: 1 });
    const noted = await admin.post('/api/blade-resource/smsrecord/submit', { id: record.id, remark: '居民已确认收到', rowVersion: 1 });
    expect(noted.body).toMatchObject({ success: true, msg: '修改成功', data: { rowVersion: 2 } });
    expect((await admin.post('/api/blade-resource/smsrecord/submit', { id: record.id, remark: 'x', rowVersion: 1 })).status).toBe(409);
    expect((await admin.post('/api/blade-resource/smsrecord/submit', { id: record.id, remark: 'x' })).status).toBe(428);
    expect((await admin.post('/api/blade-resource/smsrecord/submit', { phone: '13800138000', content: '伪造' })).body.msg).toBe(
      '短信记录由发送短信生成，不能手动新增',
    );
    // Another tenant: its own records only, nothing of ours to read, change or remove.
    const theirs = await records(otherAdmin);
    expect(theirs.records.map((r: { smsCode: string }) => r.smsCode)).toEqual(['theirs']);
    expect((await otherAdmin.get(`/api/blade-resource/smsrecord/detail?id=${record.id}`)).status).toBe(404);
    expect((await otherAdmin.post('/api/blade-resource/smsrecord/submit', { id: record.id, remark: 'x', rowVersion: 2 })).status).toBe(404);
    expect((await otherAdmin.post(`/api/blade-resource/smsrecord/remove?ids=${record.id}`)).status).toBe(404);
    expect((await doctor.get('/api/blade-resource/smsrecord/list')).status).toBe(403);
    expect((await doctor.post(`/api/blade-resource/smsrecord/remove?ids=${record.id}`)).status).toBe(403);
    expect((await admin.get(`/api/blade-resource/smsrecord/detail?id=${record.id}`)).body.data.remark).toBe('居民已确认收到');

    expect((await admin.post('/api/blade-resource/smsrecord/remove', { ids: record.id })).body.msg).toBe('删除成功');
    expect((await admin.get(`/api/blade-resource/smsrecord/detail?id=${record.id}`)).status).toBe(404);
  });
});
