// blade-resource uploads beside put-file (put-file-attach, put-base64, put-base64-json) and the
// attachment screen (attach list, detail, submit, remove): put-file's checks, tenant isolation, and
// a file a follow-up voucher shows cannot be removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { AttachView, UploadView } from '../../../src/shared/contract/resource';

let t: TestApp;
let admin: Caller;
let otherAdmin: Caller;
let doctor: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
  doctor = await loginAs(t.app, 'doctor');
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n%test\n');

function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----phwattach';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function putFileAttach(caller: Caller, filename: string, type: string, content: Buffer, query = '') {
  const body = multipart(filename, type, content);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-resource/oss/endpoint/put-file-attach${query}`,
    headers: { 'blade-auth': `bearer ${caller.token}`, 'content-type': body.contentType, platform: 'PC' },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const base64Json = (caller: Caller, base64: string, fileName: string, query = '') =>
  caller.post(`/api/blade-resource/oss/endpoint/put-base64-json${query}`, { base64, fileName });

async function rawPost(caller: Caller, url: string, payload: string | Buffer, contentType: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'blade-auth': `bearer ${caller.token}`, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('uploads beside put-file', () => {
  it('put-file-attach stores the file and answers its attachment row; the link serves it', async () => {
    const res = await putFileAttach(doctor, '随访凭证.pdf', 'application/pdf', PDF);
    expect(res.body.success).toBe(true);
    const row = res.body.data;
    expect(row).toMatchObject({
      originalName: '随访凭证.pdf',
      extension: 'pdf',
      attachSize: PDF.length,
      contentType: 'application/pdf',
      rowVersion: 1,
    });
    expect(row.attachId).toBe(row.id);
    // Exactly the contract's fields (src/shared/contract/resource.ts).
    expect(Object.keys(row).sort()).toEqual([...Object.keys(AttachView.properties), 'attachId'].sort());
    expect(row.link).toBe(`/api/blade-resource/oss/file/${row.id}`);
    // The file's bytes arrive whole, past the route's declared (binary) answer.
    const file = await t.app.inject({ method: 'GET', url: row.link });
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-length']).toBe(String(PDF.length));
    // The administrator's attachment screen lists it.
    const listed = await admin.get('/api/blade-resource/attach/list?originalName_like=随访凭证');
    expect(listed.body.data.records.map((r: { id: string }) => r.id)).toContain(row.id);
  });

  it('put-file-attach refuses what put-file refuses', async () => {
    expect((await putFileAttach(doctor, 'a.exe', 'application/octet-stream', PNG)).body.msg).toBe('只能上传图片文件或PDF文件！');
    // Declared a PNG, is not one.
    expect((await putFileAttach(doctor, 'a.png', 'image/png', Buffer.from('MZ not an image'))).body.msg).toBe(
      '只能上传图片文件或PDF文件！',
    );
    const big = Buffer.concat([PNG, Buffer.alloc(1100 * 1024)]);
    const avatar = await putFileAttach(doctor, 'face.png', 'image/png', big, '?type=avatar');
    expect(avatar.status).toBe(400);
    expect(avatar.body.msg).toBe('超出文件类型限制');
    const notMultipart = await doctor.post('/api/blade-resource/oss/endpoint/put-file-attach', { file: 'x' });
    expect(notMultipart.body.msg).toBe('请以multipart/form-data上传文件');
  });

  it('put-base64-json and put-base64 store a file (plain base64 or a data URL) that the link serves', async () => {
    const json = await base64Json(doctor, PNG.toString('base64'), '签名.png');
    expect(json.body).toMatchObject({ success: true, data: { originalName: '签名.png', domain: '' } });
    expect(Object.keys(json.body.data).sort()).toEqual(Object.keys(UploadView.properties).sort());
    const served = await t.app.inject({ method: 'GET', url: json.body.data.link });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const form = new URLSearchParams({ base64: `data:image/png;base64,${PNG.toString('base64')}`, fileName: 'sign.png' }).toString();
    const viaForm = await rawPost(doctor, '/api/blade-resource/oss/endpoint/put-base64', form, 'application/x-www-form-urlencoded');
    expect(viaForm.body).toMatchObject({ success: true, data: { originalName: 'sign.png' } });
    expect(viaForm.body.data.attachId).toMatch(/^[0-9a-f-]{36}$/);
    const viaJson = await doctor.post('/api/blade-resource/oss/endpoint/put-base64?fileName=doc.pdf', { base64: PDF.toString('base64') });
    expect(viaJson.body.success).toBe(true);
  });

  it('refuses base64 uploads of a forbidden type, with content that is not what the name says, or not base64', async () => {
    expect((await base64Json(doctor, PNG.toString('base64'), 'run.exe')).body.msg).toBe('只能上传图片文件或PDF文件！');
    expect((await base64Json(doctor, Buffer.from('<svg/>').toString('base64'), 'x.png')).body.msg).toBe('只能上传图片文件或PDF文件！');
    expect((await base64Json(doctor, `data:application/pdf;base64,${PNG.toString('base64')}`, 'x.png')).body.msg).toBe(
      '只能上传图片文件或PDF文件！',
    );
    expect((await base64Json(doctor, 'not base64 at all!', 'x.png')).body.msg).toBe('文件内容不是有效的Base64编码');
    expect((await base64Json(doctor, PNG.toString('base64'), '')).body.msg).toBe('参数[fileName]不能为空');
    const noBase64 = await doctor.post('/api/blade-resource/oss/endpoint/put-base64?fileName=a.png', {});
    expect(noBase64.body.msg).toBe('参数[base64]不能为空');
  });

  it('refuses oversize base64 uploads: over the policy, over 5 MB, and a body past the route’s limit', async () => {
    const avatar = await base64Json(doctor, Buffer.concat([PNG, Buffer.alloc(1100 * 1024)]).toString('base64'), 'face.png', '?type=avatar');
    expect(avatar.status).toBe(400);
    expect(avatar.body.msg).toBe('超出文件类型限制');
    const tooBig = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    const over = await base64Json(doctor, tooBig, 'big.png');
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('文件过大');
    const form = new URLSearchParams({ base64: tooBig, fileName: 'big.png' }).toString();
    expect((await rawPost(doctor, '/api/blade-resource/oss/endpoint/put-base64', form, 'application/x-www-form-urlencoded')).body.msg).toBe(
      '文件过大',
    );
    const huge = JSON.stringify({ base64: 'A'.repeat(9 * 1024 * 1024), fileName: 'huge.png' });
    const past = await rawPost(doctor, '/api/blade-resource/oss/endpoint/put-base64-json', huge, 'application/json');
    expect(past.status).toBe(413);
    expect(past.body.success).toBe(false);
  });
});

describe('attach: the attachment screen', () => {
  it('lists, shows and renames the tenant’s attachments with the version read', async () => {
    const up = (await base64Json(doctor, PNG.toString('base64'), '原名.png')).body.data;
    const shown = await admin.get(`/api/blade-resource/attach/detail?id=${up.attachId}`);
    expect(shown.body.data).toMatchObject({
      id: up.attachId,
      originalName: '原名.png',
      extension: 'png',
      attachSize: PNG.length,
      rowVersion: 1,
    });
    expect(shown.body.data).not.toHaveProperty('content');
    const renamed = await admin.post('/api/blade-resource/attach/submit', { id: up.attachId, originalName: '新名.png', rowVersion: 1 });
    expect(renamed.body).toMatchObject({ success: true, msg: '修改成功', data: { rowVersion: 2 } });
    expect((await admin.post('/api/blade-resource/attach/submit', { id: up.attachId, originalName: '再改.png' })).status).toBe(428);
    const stale = await admin.post('/api/blade-resource/attach/submit', { id: up.attachId, originalName: '再改.png', rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect((await admin.post('/api/blade-resource/attach/submit', { originalName: 'x.png' })).body.msg).toBe(
      '附件请通过上传生成（oss/endpoint/put-file-attach）',
    );
    expect((await admin.post('/api/blade-resource/attach/submit', { id: up.attachId, originalName: ' ', rowVersion: 2 })).body.msg).toBe(
      '请输入附件名称',
    );
    const listed = await admin.get('/api/blade-resource/attach/list?originalName_equal=新名.png');
    expect(listed.body.data.records).toHaveLength(1);
  });

  it('removes an attachment from the screen (its link still serves, as BladeX’s logical delete) and refuses one a voucher shows', async () => {
    const free = (await base64Json(doctor, PNG.toString('base64'), 'free.png')).body.data;
    const used = (await base64Json(doctor, PDF.toString('base64'), '凭证.pdf')).body.data;
    await t.deps.db
      .insertInto('user_followup_voucher')
      .values({
        id: '990000000000001',
        tenant_id: '100001',
        follow_id: '1',
        link: used.link,
        original_name: '凭证.pdf',
        name: used.name,
        create_user: '2302',
        create_time: new Date(),
      })
      .execute();
    const refused = await admin.post(`/api/blade-resource/attach/remove?ids=${free.attachId},${used.attachId}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('附件已被随访凭证引用，不能删除：凭证.pdf');
    // All or nothing: the free one is still there too.
    expect((await admin.get(`/api/blade-resource/attach/detail?id=${free.attachId}`)).status).toBe(200);
    expect((await admin.post('/api/blade-resource/attach/remove', { ids: free.attachId })).body).toMatchObject({
      success: true,
      msg: '删除成功',
    });
    expect((await admin.get(`/api/blade-resource/attach/detail?id=${free.attachId}`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: free.link })).statusCode).toBe(200);
    expect((await admin.post('/api/blade-resource/attach/remove?ids=1,2')).body.msg).toBe('参数[ids]格式不正确');
  });

  it('keeps tenants apart and refuses a doctor the screen', async () => {
    const mine = (await base64Json(doctor, PNG.toString('base64'), 'mine.png')).body.data;
    expect((await otherAdmin.get(`/api/blade-resource/attach/detail?id=${mine.attachId}`)).status).toBe(404);
    const theirs = (await otherAdmin.get('/api/blade-resource/attach/list?size=200')).body.data.records as { id: string }[];
    expect(theirs.map((r) => r.id)).not.toContain(mine.attachId);
    expect(
      (await otherAdmin.post('/api/blade-resource/attach/submit', { id: mine.attachId, originalName: 'x.png', rowVersion: 1 })).status,
    ).toBe(404);
    expect((await otherAdmin.post(`/api/blade-resource/attach/remove?ids=${mine.attachId}`)).status).toBe(404);
    expect((await admin.get(`/api/blade-resource/attach/detail?id=${mine.attachId}`)).body.data.originalName).toBe('mine.png');
    expect((await doctor.get('/api/blade-resource/attach/list')).status).toBe(403);
    expect((await doctor.get(`/api/blade-resource/attach/detail?id=${mine.attachId}`)).status).toBe(403);
    expect(
      (await doctor.post('/api/blade-resource/attach/submit', { id: mine.attachId, originalName: 'x.png', rowVersion: 1 })).status,
    ).toBe(403);
    expect((await doctor.post(`/api/blade-resource/attach/remove?ids=${mine.attachId}`)).status).toBe(403);
  });
});
