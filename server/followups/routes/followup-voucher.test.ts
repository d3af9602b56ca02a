import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../../db/tenant-rls';
import type { Database } from '../../db/schema';
import { VoucherView } from '../../../src/shared/contract/followups-care';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../../forms/routes/form-test-support';

const V = '/api/blade-iph-business/userfollowupvoucher';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%test\n');

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
/** A hypertension follow-up of tenant 100001. */
let followId: string;
/** Files uploaded by the doctor (100001) and by tenant 100002's admin. */
let pngA: Uploaded;
let pdfA: Uploaded;
let pngB: Uploaded;

interface Uploaded {
  link: string;
  name: string;
  originalName: string;
}

function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----phwvoucher';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(caller: Caller, filename: string, type: string, content: Buffer): Promise<Uploaded> {
  const body = multipart(filename, type, content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file?type=voucher',
    headers: { 'blade-auth': `bearer ${caller.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.json()).toMatchObject({ success: true });
  const { link, name, originalName } = res.json().data as Uploaded;
  return { link, name, originalName };
}

const vdb = () => t.deps.db as Kysely<Database>;
const rowsOf = (id: string) => vdb().selectFrom('user_followup_voucher').selectAll().where('follow_id', '=', id).orderBy('id').execute();
const list = (caller: Caller, id = followId) => caller.get(`${V}/new-list?followId=${id}`);
/** Saves to `id` (default: the follow-up above; null: no followId at all). */
const save = (caller: Caller, vouchers: object[], id: string | null = followId) =>
  caller.post(`${V}/save-vouchers`, { ...(id !== null && { followId: id }), vouchers });

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  const [archId] = await demoArchiveIds(t.deps.db, 'hypertension');
  const saved = await doctor.post('/api/blade-iph-business/userfollowup/high-blood-pressure-follow-up', {
    archId,
    values: goodHypertensionValues(),
  });
  expect(saved.body.success).toBe(true);
  followId = saved.body.data.followId as string;
  pngA = await upload(doctor, '血压计读数.png', 'image/png', PNG);
  pdfA = await upload(doctor, '随访单.pdf', 'application/pdf', PDF);
  pngB = await upload(otherTenant, 'b.png', 'image/png', PNG);
});
afterAll(() => t.close());

describe('saving, listing and removing vouchers', () => {
  it('adds vouchers to a follow-up and lists them newest first', async () => {
    expect((await list(doctor)).body).toMatchObject({ success: true, data: [] });
    const first = await save(doctor, [pngA]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      msg: '保存成功',
      data: [
        { followId, link: pngA.link, originalName: '血压计读数.png', name: pngA.name, documentUrl: '', createUserName: expect.any(String) },
      ],
    });
    t.advance(1000);
    const second = await save(doctor, [{ ...pdfA, documentUrl: pdfA.link }]);
    expect(second.body.data[0]).toMatchObject({ link: pdfA.link, documentUrl: pdfA.link, originalName: '随访单.pdf' });
    const listed = (await list(doctor)).body.data as { id: string; originalName: string; createTime: string }[];
    expect(listed.map((v) => v.originalName)).toEqual(['随访单.pdf', '血压计读数.png']);
    expect(listed[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Exactly the contract's fields (src/shared/contract/followups-care.ts), in a save and a list.
    const fields = Object.keys(VoucherView.properties).sort();
    expect(Object.keys(first.body.data[0]).sort()).toEqual(fields);
    expect(Object.keys(listed[0]!).sort()).toEqual(fields);
    // The link is the oss file itself.
    const file = await t.app.inject({ method: 'GET', url: pngA.link });
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('removes vouchers softly, all or none', async () => {
    const [pdf, png] = (await list(doctor)).body.data as { id: string }[];
    const unknown = await doctor.post(`${V}/remove?ids=${png!.id},123456789`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('数据不存在!');
    expect((await list(doctor)).body.data).toHaveLength(2);
    const removed = await doctor.post(`${V}/remove?ids=${pdf!.id}`);
    expect(removed.body).toMatchObject({ success: true, msg: '删除成功', data: true });
    expect(((await list(doctor)).body.data as { id: string }[]).map((v) => v.id)).toEqual([png!.id]);
    const row = (await rowsOf(followId)).find((r) => r.id === pdf!.id)!;
    expect(row).toMatchObject({ is_deleted: 1, update_user: expect.any(String) });
    expect((await doctor.post(`${V}/remove?ids=${pdf!.id}`)).body.msg).toBe('数据不存在!');
  });
});

describe('across tenants', () => {
  it('gives tenant B not-found for tenant A’s follow-up and vouchers, and leaves A unchanged', async () => {
    const before = await rowsOf(followId);
    const listedBefore = (await list(doctor)).body.data;
    expect(listedBefore.length).toBeGreaterThan(0);
    const listed = await list(otherTenant);
    expect(listed.status).toBe(404);
    expect(listed.body).toMatchObject({ success: false, msg: '数据不存在!', data: null });
    const saved = await save(otherTenant, [pngB]);
    expect(saved.status).toBe(404);
    expect(saved.body.msg).toBe('数据不存在!');
    const removed = await otherTenant.post(`${V}/remove?ids=${listedBefore[0].id}`);
    expect(removed.status).toBe(404);
    expect(removed.body.msg).toBe('数据不存在!');
    expect(await rowsOf(followId)).toEqual(before);
    expect((await list(doctor)).body.data).toEqual(listedBefore);
  });

  it('has the table under forced row-level security: the database itself hides A’s vouchers from B', async () => {
    const flags = await sql<{
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
    }>`select relrowsecurity, relforcerowsecurity from pg_class where relname = 'user_followup_voucher'`.execute(t.owner);
    expect(flags.rows).toEqual([{ relrowsecurity: true, relforcerowsecurity: true }]);
    const countAs = (tenant: string) =>
      t.owner.transaction().execute(async (trx) => {
        await sql`select set_config('role', ${APP_ROLE}, true), set_config('app.bypass_rls', 'off', true), set_config('app.tenant_id', ${tenant}, true)`.execute(
          trx,
        );
        return (await sql<{ n: number }>`select count(*)::int as n from user_followup_voucher where follow_id = ${followId}`.execute(trx))
          .rows[0]!.n;
      });
    expect(await countAs('100001')).toBeGreaterThan(0);
    expect(await countAs('100002')).toBe(0);
  });

  it('refuses another tenant’s file as a voucher', async () => {
    const res = await save(doctor, [pngB]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('凭证文件不存在，请重新上传：b.png');
    const asDocument = await save(doctor, [{ ...pngA, documentUrl: pngB.link }]);
    expect(asDocument.body.msg).toBe(`凭证文件不存在，请重新上传：${pngA.originalName}`);
  });
});

describe('bad input', () => {
  it('answers each with a Chinese message and saves nothing', async () => {
    const before = await rowsOf(followId);
    const cases: [Promise<{ status: number; body: { msg: string } }>, string][] = [
      [save(doctor, [pngA], null), '参数[followId]不能为空'],
      [save(doctor, [pngA], 'abc'), '参数[followId]格式不正确'],
      [save(doctor, [pngA], '999999999'), '数据不存在!'],
      [doctor.post(`${V}/save-vouchers`, { followId }), '参数[vouchers]不能为空'],
      [save(doctor, []), '请先上传凭证'],
      [
        save(
          doctor,
          Array.from({ length: 21 }, () => pngA),
        ),
        '每次最多保存20个凭证',
      ],
      [save(doctor, [{ ...pngA, link: 'https://example.com/x.png' }]), '参数[vouchers.0.link]格式不正确'],
      [save(doctor, [{ ...pngA, link: '/api/blade-resource/oss/file/../../etc' }]), '参数[vouchers.0.link]格式不正确'],
      [save(doctor, [{ ...pngA, documentUrl: 'javascript:alert(1)' }]), '参数[vouchers.0.documentUrl]格式不正确'],
      [save(doctor, [{ link: pngA.link, name: pngA.name }]), '参数[originalName]不能为空'],
      [save(doctor, [{ ...pngA, originalName: 'x'.repeat(201) }]), '参数[vouchers.0.originalName]长度不能超过200'],
      [doctor.get(`${V}/new-list`), '参数[followId]不能为空'],
      [doctor.get(`${V}/new-list?followId=999999999`), '数据不存在!'],
      [doctor.post(`${V}/remove`), '请选择至少一条数据'],
      [doctor.post(`${V}/remove?ids=1,abc`), '参数[ids]格式不正确'],
    ];
    for (const [call, msg] of cases) {
      const res = await call;
      expect(res.body.msg, msg).toBe(msg);
      expect(res.status, msg).toBeGreaterThanOrEqual(400);
    }
    expect(await rowsOf(followId)).toEqual(before);
  });

  it('takes at most twenty in one save', async () => {
    const res = await save(
      doctor,
      Array.from({ length: 20 }, () => pngA),
    );
    expect(res.body.data).toHaveLength(20);
  });
});
