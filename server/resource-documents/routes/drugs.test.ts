// The drug catalogue (blade-iph-business/drugs) served by its resource document alone
// (schemas/crud/drugs.crud.json): the generic routes' list, search, sort, detail, submit with the
// dialog's rules, versions, uniqueness, tenants and roles, and the refusals of bad input.
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const D = '/api/blade-iph-business/drugs';

const nifedipine = { ypbm: 'A001', ypmc: '硝苯地平缓释片', pym: 'XBDPHSP', gg: '20mg*30片', jx: '片剂', dw: '盒', status: 1 };
const aspirin = { ypbm: 'B002', ypmc: '阿司匹林肠溶片', pym: 'ASPLCRP', gg: '100mg*30片', jx: '片剂', dw: '盒', status: 0 };

const codesOf = async (query = '') =>
  ((await admin.get(`${D}/list?size=50${query}`)).body.data.records as { ypbm: string }[]).map((r) => r.ypbm);

describe('drugs (a resource document, no handler of its own)', () => {
  it('creates, lists, searches, sorts, reads, updates over the version read and removes', async () => {
    const created = await admin.post(`${D}/submit`, nifedipine);
    expect(created.body).toMatchObject({ success: true, msg: '新增成功', data: { ...nifedipine, rowVersion: 1, tenantId: '100001' } });
    const id = created.body.data.id as string;
    await admin.post(`${D}/submit`, aspirin);

    expect(await codesOf()).toEqual(['A001', 'B002']);
    expect(await codesOf(`&ypmc_like=${encodeURIComponent('阿司匹林')}`)).toEqual(['B002']);
    expect(await codesOf(`&pym=${encodeURIComponent('xbdp')}`)).toEqual(['A001']);
    expect(await codesOf('&status_equal=1')).toEqual(['A001']);
    expect(await codesOf('&descs=ypbm')).toEqual(['B002', 'A001']);
    expect(await codesOf('&ascs=status')).toEqual(['B002', 'A001']);
    const page = (await admin.get(`${D}/list?current=2&size=1`)).body.data;
    expect(page).toMatchObject({ total: 2, current: 2, size: 1, pages: 2, records: [{ ypbm: 'B002' }] });
    // Any signed-in user reads the catalogue (the medication records pick from it).
    expect((await doctor.get(`${D}/detail?id=${id}`)).body.data).toMatchObject({ ...nifedipine, id, rowVersion: 1 });

    const missing = await admin.post(`${D}/submit`, { id, ...nifedipine, ypmc: '硝苯地平控释片' });
    expect([missing.status, missing.body.msg]).toEqual([428, '请先读取药品再修改（缺少版本号）']);
    const updated = await admin.post(`${D}/submit`, { id, rowVersion: 1, ypmc: '硝苯地平控释片' });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { ypbm: 'A001', ypmc: '硝苯地平控释片', gg: '20mg*30片', rowVersion: 2 } });
    const stale = await admin.post(`${D}/submit`, { id, rowVersion: 1, ypmc: '旧的' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^药品已被.+修改，请刷新后重试$/);
    expect(stale.body.data).toMatchObject({ rowVersion: 2 });

    expect((await admin.post(`${D}/remove?ids=${id}`)).body).toMatchObject({ success: true, msg: '删除成功' });
    expect(await codesOf()).toEqual(['B002']);
    expect((await admin.get(`${D}/detail?id=${id}`)).status).toBe(404);
    // The code is free again once its row is removed.
    expect((await admin.post(`${D}/submit`, nifedipine)).body.msg).toBe('新增成功');
  });

  it('runs the dialog form’s rules and the document’s uniqueness on every submit', async () => {
    expect((await admin.post(`${D}/submit`, { ypmc: '二甲双胍' })).body.msg).toBe('请输入药品编码');
    expect((await admin.post(`${D}/submit`, { ypbm: 'C 003', ypmc: '二甲双胍' })).body.msg).toBe(
      '药品编码只能是 1–32 位字母、数字、- 或 _',
    );
    expect((await admin.post(`${D}/submit`, { ypbm: 'C003', ypmc: '二甲双胍', pym: 'ejsg1' })).body.msg).toBe('拼音码只能是字母');
    const first = await admin.post(`${D}/submit`, { ypbm: 'C003', ypmc: '二甲双胍' });
    expect(first.body.data).toMatchObject({ status: 1, pym: '' });
    const twice = await admin.post(`${D}/submit`, { ypbm: 'C003', ypmc: '二甲双胍片' });
    expect([twice.status, twice.body.msg]).toEqual([400, '药品编码已存在']);
    // Another tenant may use the same code: uniqueness is per tenant.
    expect((await otherAdmin.post(`${D}/submit`, { ypbm: 'C003', ypmc: '二甲双胍' })).body.msg).toBe('新增成功');
  });

  it('keeps tenants apart and writes for administrators only', async () => {
    const mine = (await admin.post(`${D}/submit`, { ypbm: 'T001', ypmc: '本租户的药' })).body.data;
    expect((await otherAdmin.get(`${D}/detail?id=${mine.id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${D}/list?ypbm_equal=T001`)).body.data.total).toBe(0);
    const foreign = await otherAdmin.post(`${D}/submit`, { id: mine.id, rowVersion: 1, ypmc: '改别人的' });
    expect([foreign.status, foreign.body.msg]).toEqual([404, '药品不存在']);
    expect((await otherAdmin.post(`${D}/remove?ids=${mine.id}`)).status).toBe(404);
    expect((await doctor.post(`${D}/submit`, { ypbm: 'D001', ypmc: '医生加的' })).status).toBe(403);
    expect((await doctor.post(`${D}/remove?ids=${mine.id}`)).status).toBe(403);
    expect((await admin.get(`${D}/detail?id=${mine.id}`)).body.data).toMatchObject({ ypmc: '本租户的药', rowVersion: 1 });
  });

  it('refuses what the document does not list: an unknown sort or filter, a wrong type, an over-long text', async () => {
    const sort = await admin.get(`${D}/list?ascs=tenant_id`);
    expect([sort.status, sort.body.msg]).toEqual([400, '不支持按 tenant_id 排序']);
    expect((await admin.get(`${D}/list?descs=gg`)).body.msg).toBe('不支持按 gg 排序');
    const filter = await admin.get(`${D}/list?gg_like=20mg`);
    expect([filter.status, filter.body.msg]).toEqual([400, '不支持的查询条件: gg_like']);
    expect((await admin.get(`${D}/list?is_deleted_equal=1`)).status).toBe(400);
    expect((await admin.get(`${D}/list?status=1`)).body.msg).toBe('不支持的查询条件: status');
    expect((await admin.post(`${D}/submit`, { ypbm: 'E001', ypmc: '药', status: 'x' })).status).toBe(400);
    expect((await admin.post(`${D}/submit`, { ypbm: 'E001', ypmc: '药', status: 3 })).status).toBe(400);
    expect((await admin.post(`${D}/submit`, { ypbm: 'E001', ypmc: '药'.repeat(101) })).status).toBe(400);
    expect((await admin.post(`${D}/remove`)).body.msg).toBe('请选择至少一条数据');
    expect(await codesOf('&ypbm_equal=E001')).toEqual([]);
  });

  it('looks drugs up by a fragment of the name or the pinyin initials (drugs/newList, yaopin/listDict)', async () => {
    await admin.post(`${D}/submit`, { ypbm: 'L001', ypmc: '缬沙坦胶囊', pym: 'XSTJN', status: 1 });
    await admin.post(`${D}/submit`, { ypbm: 'L002', ypmc: '缬沙坦氨氯地平片', pym: 'XSTALDPP', status: 0 });
    await otherAdmin.post(`${D}/submit`, { ypbm: 'L003', ypmc: '缬沙坦分散片', pym: 'XSTFSP', status: 1 });
    const codes = (body: { data: { ypbm: string }[] }) => body.data.map((d) => d.ypbm);
    const byName = await doctor.get(`${D}/newList?ypmc-pym_likes=${encodeURIComponent('缬沙坦')}`);
    expect(codes(byName.body)).toEqual(['L001', 'L002']);
    expect(byName.body.data[0]).toMatchObject({ ypmc: '缬沙坦胶囊', status: 1, rowVersion: 1 });
    expect(codes((await doctor.get(`${D}/newList?ypmc-pym_likes=xstal`)).body)).toEqual(['L002']);
    expect(codes((await doctor.get(`${D}/newList?ypmc-pym_likes=xst&status=1`)).body)).toEqual(['L001']);
    // The lookup of the medication records: enabled drugs only, the caller's tenant only.
    expect(codes((await doctor.get(`/api/blade-system/yaopin/listDict?ypmc=${encodeURIComponent('缬沙坦')}`)).body)).toEqual(['L001']);
    expect((await doctor.get(`${D}/newList?status=2`)).status).toBe(400);
  });
});
