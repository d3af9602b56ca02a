// The storage and SMS configuration dialogs (schemas/adminoss.json, adminsms.json + rules), checked
// by the server with the same documents (resource/services/provider-configs.ts): what a dialog refuses is
// refused with its message and nothing is saved; a provider's keys are required for a new row only,
// an edit that leaves them empty keeps the stored ones; the embedded kind needs none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const ACCESS = 'AKIDaccessKey1234567890';
const SECRET = 'S3cr3t-Very-Long-Secret-Key-0042';
type Body = Record<string, unknown>;

const KINDS = [
  {
    kind: 'oss',
    table: 'blade_oss' as const,
    codeProp: 'ossCode',
    provider: (code: string): Body => ({
      category: 4,
      ossCode: code,
      endpoint: 'oss-cn-shenzhen.aliyuncs.com',
      accessKey: ACCESS,
      secretKey: SECRET,
      bucketName: 'phw-files',
    }),
    embedded: (code: string): Body => ({ category: 1, ossCode: code }),
    refusals: [
      [{ endpoint: ' ' }, '请输入资源地址'],
      [{ bucketName: '' }, '请输入空间名'],
    ] as [Body, string][],
    embeddedRefusals: [[{ ossCode: '' }, '请输入资源编号']] as [Body, string][],
  },
  {
    kind: 'sms',
    table: 'blade_sms' as const,
    codeProp: 'smsCode',
    provider: (code: string): Body => ({
      category: 4,
      smsCode: code,
      templateId: 'SMS_123456',
      accessKey: ACCESS,
      secretKey: SECRET,
      signName: '源城公卫',
    }),
    embedded: (code: string): Body => ({ category: 1, smsCode: code, templateContent: '请于${date}到站随访' }),
    refusals: [
      [{ templateId: '' }, '请输入模板ID'],
      [{ signName: ' ' }, '请输入短信签名'],
    ] as [Body, string][],
    embeddedRefusals: [[{ templateContent: '' }, '请输入模板内容']] as [Body, string][],
  },
];

describe.each(KINDS)('$kind configurations: the dialog’s rules on the server', (k) => {
  const submit = (body: Body) => admin.post(`/api/blade-resource/${k.kind}/submit`, body);
  const codes = async () =>
    ((await admin.get(`/api/blade-resource/${k.kind}/list?size=200`)).body.data.records as Body[]).map((r) => r[k.codeProp]);
  const storedKeys = (id: string) =>
    t.deps.db.selectFrom(k.table).select(['access_key', 'secret_key']).where('id', '=', id).executeTakeFirstOrThrow();
  async function created(body: Body): Promise<string> {
    const res = await submit(body);
    expect(res.body).toMatchObject({ success: true, msg: '新增成功' });
    return res.body.data.id as string;
  }

  it('refuses what the dialog refuses, with the dialog’s message, and saves nothing', async () => {
    const cases: [Body, string][] = [
      [{ ...k.provider('refused'), accessKey: undefined }, '请输入accessKey'],
      [{ ...k.provider('refused'), secretKey: '  ' }, '请输入secretKey'],
      // A category the dialog does not offer: its field message.
      [{ ...k.provider('refused'), category: 9 }, '分类数值异常'],
      ...k.refusals.map(([change, msg]): [Body, string] => [{ ...k.provider('refused'), ...change }, msg]),
      ...k.embeddedRefusals.map(([change, msg]): [Body, string] => [{ ...k.embedded('refused'), ...change }, msg]),
    ];
    for (const [body, msg] of cases) {
      const res = await submit(body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await codes()).not.toContain('refused');
  });

  it('saves the embedded kind without keys, and keeps a provider’s stored keys on an edit that leaves them empty', async () => {
    const local = await created(k.embedded('embedded'));
    expect(await storedKeys(local)).toEqual({ access_key: '', secret_key: '' });
    const id = await created(k.provider('provider'));
    const edited = await submit({ ...k.provider('provider'), id, rowVersion: 1, accessKey: '', secretKey: '' });
    expect(edited.body).toMatchObject({ success: true, msg: '修改成功', data: { rowVersion: 2 } });
    expect(await storedKeys(id)).toEqual({ access_key: ACCESS, secret_key: SECRET });
  });

  it('refuses to make an embedded row a provider’s without keys: none are stored to keep', async () => {
    const id = await created(k.embedded('switched'));
    const res = await submit({ ...k.provider('switched'), id, rowVersion: 1, accessKey: '', secretKey: '' });
    expect(res).toMatchObject({ status: 400, body: { msg: '请输入accessKey' } });
    const shown = (await admin.get(`/api/blade-resource/${k.kind}/detail?id=${id}`)).body.data;
    expect(shown).toMatchObject({ category: 1, rowVersion: 1 });
  });
});
