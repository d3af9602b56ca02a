// blade-resource/oss configurations (spec 002 §7): per tenant, administrators only, keys never
// answered whole, exactly one enabled, and remove-pools for the platform administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { OssView } from '../../../src/shared/contract/resource';

let t: TestApp;
let admin: Caller;
let otherAdmin: Caller;
let platform: Caller;
let doctor: Caller;

const SECRET = 'S3cr3t-Very-Long-Secret-Key-0042';
const ACCESS = 'AKIDaccessKey1234567890';

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
  platform = await loginAs(t.app, 'admin', '000000');
  doctor = await loginAs(t.app, 'doctor');
});
afterAll(() => t.close());

const cloud = (ossCode: string, extra: Record<string, unknown> = {}) => ({
  category: 4,
  ossCode,
  endpoint: 'oss-cn-shenzhen.aliyuncs.com',
  accessKey: ACCESS,
  secretKey: SECRET,
  bucketName: 'phw-files',
  region: 'cn-shenzhen',
  remark: '备用',
  ...extra,
});

async function create(caller: Caller, body: Record<string, unknown>): Promise<string> {
  const res = await caller.post('/api/blade-resource/oss/submit', body);
  expect(res.body).toMatchObject({ success: true, msg: '新增成功' });
  expect(JSON.stringify(res.body)).not.toContain(SECRET);
  return res.body.data.id as string;
}

const detail = async (caller: Caller, id: string) => (await caller.get(`/api/blade-resource/oss/detail?id=${id}`)).body;
const enabledCodes = async (caller: Caller) =>
  ((await caller.get('/api/blade-resource/oss/list?size=200')).body.data.records as { ossCode: string; status: number }[])
    .filter((r) => r.status === 2)
    .map((r) => r.ossCode);

describe('oss configurations', () => {
  it('creates, lists and changes a configuration; the keys are never answered whole and a masked key sent back is kept', async () => {
    const id = await create(admin, cloud('ali-1'));
    const listed = await admin.get('/api/blade-resource/oss/list?ossCode_like=ali');
    expect(listed.body.data).toMatchObject({ total: 1, current: 1 });
    const row = listed.body.data.records[0];
    expect(Object.keys(row).sort()).toEqual(Object.keys(OssView.properties).sort());
    expect(row).toMatchObject({
      ossCode: 'ali-1',
      category: 4,
      categoryName: '阿里云OSS',
      status: 1,
      bucketName: 'phw-files',
      rowVersion: 1,
    });
    expect(row.secretKey).toBe('********0042');
    expect(row.accessKey).toBe('AKI********7890');
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
    expect(JSON.stringify(listed.body)).not.toContain(ACCESS);
    const shown = await detail(admin, id);
    expect(JSON.stringify(shown)).not.toContain(SECRET);

    // The form sends back what it showed: the masked keys stay what they were.
    const edited = await admin.post('/api/blade-resource/oss/submit', { ...shown.data, bucketName: 'phw-files-2', rowVersion: 1 });
    expect(edited.body).toMatchObject({ success: true, msg: '修改成功', data: { rowVersion: 2 } });
    expect(JSON.stringify(edited.body)).not.toContain(SECRET);
    const stored = await t.deps.db
      .selectFrom('blade_oss')
      .select(['secret_key', 'access_key', 'bucket_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ secret_key: SECRET, access_key: ACCESS, bucket_name: 'phw-files-2' });

    // A new secret replaces it.
    await admin.post('/api/blade-resource/oss/submit', { ...shown.data, secretKey: 'another-secret-value-9999', rowVersion: 2 });
    expect((await detail(admin, id)).data.secretKey).toBe('********9999');
  });

  it('refuses an update without the version read (428) and a stale one (409 naming who)', async () => {
    const id = await create(admin, cloud('ali-versions'));
    const noVersion = await admin.post('/api/blade-resource/oss/submit', { ...cloud('ali-versions'), id });
    expect(noVersion.status).toBe(428);
    expect(noVersion.body.msg).toBe('请先读取数据再修改（缺少版本号）');
    expect((await admin.post('/api/blade-resource/oss/submit', { ...cloud('ali-versions'), id, rowVersion: 1 })).status).toBe(200);
    const stale = await admin.post('/api/blade-resource/oss/submit', { ...cloud('ali-versions', { remark: '旧' }), id, rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toContain('赵敏');
    expect(stale.body.data).toMatchObject({ rowVersion: 2, updateUserName: '赵敏' });
    expect((await detail(admin, id)).data.remark).toBe('备用');
  });

  it('answers the form’s Chinese messages for missing or taken values', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ossCode: 'x' }, '请选择分类'],
      [{ category: 1, ossCode: ' ' }, '请输入资源编号'],
      [cloud('c1', { endpoint: '' }), '请输入资源地址'],
      [cloud('c2', { secretKey: '' }), '请输入secretKey'],
      [cloud('c3', { bucketName: '' }), '请输入空间名'],
      [{ category: 'x', ossCode: 'x' }, '参数[category]'],
    ];
    for (const [body, msg] of cases) {
      const res = await admin.post('/api/blade-resource/oss/submit', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    await create(admin, { category: 1, ossCode: 'taken' });
    expect((await admin.post('/api/blade-resource/oss/submit', { category: 1, ossCode: 'taken' })).body.msg).toBe('资源编号已存在');
  });

  it('keeps exactly one configuration enabled: enable switches, a cloud kind says files stay local', async () => {
    const local = await create(admin, { category: 1, ossCode: 'local-db' });
    const ali = await create(admin, cloud('ali-enable'));
    const on = await admin.post(`/api/blade-resource/oss/enable?id=${local}`);
    expect(on.body).toMatchObject({ success: true, msg: '操作成功' });
    expect(await enabledCodes(admin)).toEqual(['local-db']);
    const cloudOn = await admin.post('/api/blade-resource/oss/enable', { id: ali });
    expect(cloudOn.body.success).toBe(true);
    expect(cloudOn.body.msg).toBe('已启用阿里云OSS配置。本系统不连接外网，文件仍保存在本地存储（数据库）中');
    expect(await enabledCodes(admin)).toEqual(['ali-enable']);
    expect((await detail(admin, local)).data).toMatchObject({ status: 1, statusName: '关闭' });
    // Another tenant's enabled configuration is its own business.
    const theirs = await create(otherAdmin, { category: 1, ossCode: 'local-db' });
    await otherAdmin.post(`/api/blade-resource/oss/enable?id=${theirs}`);
    expect(await enabledCodes(admin)).toEqual(['ali-enable']);
    expect(await enabledCodes(otherAdmin)).toEqual(['local-db']);
  });

  it('removes all or nothing', async () => {
    const a = await create(admin, { category: 1, ossCode: 'rm-a' });
    const b = await create(admin, { category: 1, ossCode: 'rm-b' });
    const bad = await admin.post(`/api/blade-resource/oss/remove?ids=${a},999999`);
    expect(bad.status).toBe(404);
    expect((await detail(admin, a)).success).toBe(true);
    expect((await admin.post('/api/blade-resource/oss/remove', { ids: `${a},${b}` })).body).toMatchObject({
      success: true,
      msg: '删除成功',
    });
    expect((await admin.get(`/api/blade-resource/oss/detail?id=${a}`)).status).toBe(404);
    expect((await admin.post('/api/blade-resource/oss/remove?ids=abc')).body.msg).toBe('参数[ids]格式不正确');
  });

  it('keeps tenants apart: another tenant’s administrator neither sees nor changes the rows', async () => {
    const id = await create(admin, cloud('ali-private'));
    expect((await otherAdmin.get(`/api/blade-resource/oss/detail?id=${id}`)).status).toBe(404);
    const theirList = (await otherAdmin.get('/api/blade-resource/oss/list?size=200')).body.data.records as { ossCode: string }[];
    expect(theirList.map((r) => r.ossCode)).not.toContain('ali-private');
    expect(
      (await otherAdmin.post('/api/blade-resource/oss/submit', { ...cloud('ali-private', { remark: '改' }), id, rowVersion: 1 })).status,
    ).toBe(404);
    expect((await otherAdmin.post(`/api/blade-resource/oss/enable?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`/api/blade-resource/oss/remove?ids=${id}`)).status).toBe(404);
    expect((await detail(admin, id)).data).toMatchObject({ remark: '备用', status: 1 });
    // The same code is free in another tenant.
    await create(otherAdmin, cloud('ali-private'));
  });

  it('refuses a doctor every configuration call', async () => {
    const id = await create(admin, cloud('ali-doctor'));
    expect((await doctor.get('/api/blade-resource/oss/list')).status).toBe(403);
    expect((await doctor.get(`/api/blade-resource/oss/detail?id=${id}`)).status).toBe(403);
    expect((await doctor.post('/api/blade-resource/oss/submit', cloud('ali-by-doctor'))).status).toBe(403);
    expect((await doctor.post(`/api/blade-resource/oss/enable?id=${id}`)).status).toBe(403);
    const removed = await doctor.post(`/api/blade-resource/oss/remove?ids=${id}`);
    expect(removed.body).toEqual({ code: 403, success: false, data: null, msg: '您没有权限执行此操作' });
    expect((await detail(admin, id)).success).toBe(true);
  });
});

describe('oss/remove-pools', () => {
  it('is the platform administrator’s, and clears nothing because no storage client is kept', async () => {
    const res = await platform.post('/api/blade-resource/oss/remove-pools', { tenantIds: '100001,100002' });
    expect(res.body).toMatchObject({ success: true, msg: '操作成功' });
    expect((await platform.post('/api/blade-resource/oss/remove-pools')).body.msg).toBe('参数[tenantIds]不能为空');
    const tenantAdmin = await admin.post('/api/blade-resource/oss/remove-pools?tenantIds=100001');
    expect(tenantAdmin.status).toBe(403);
    expect(tenantAdmin.body.msg).toBe('只有平台管理员可以清理存储连接池');
    expect((await doctor.post('/api/blade-resource/oss/remove-pools?tenantIds=100001')).status).toBe(403);
  });
});
