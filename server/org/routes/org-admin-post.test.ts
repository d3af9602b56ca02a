import { describe, expect, it } from 'vitest';
import type { Caller } from '../../forms/routes/form-test-support';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor, platform } = orgAdminCallers();

const P = '/api/blade-system/post';

const codes = async (caller: Caller, query = '') =>
  (await caller.get(`${P}/list?size=200${query}`)).body.data.records.map((r: { postCode: string }) => r.postCode) as string[];

describe('posts', () => {
  it('creates, lists, searches, reads, updates over the version read and removes a post', async () => {
    const created = await admin.post(`${P}/submit`, { category: 3, postCode: 'health_manager', postName: '健康管理师', sort: 2 });
    expect(created.body).toMatchObject({ success: true, msg: '新增成功', data: { rowVersion: 1 } });
    const id = created.body.data.id as string;
    expect(await codes(admin)).toEqual(['health_manager']);
    expect(await codes(admin, `&postName_like=${encodeURIComponent('健康')}`)).toEqual(['health_manager']);
    expect(await codes(admin, '&category_equal=1')).toEqual([]);
    const list = (await admin.get(`${P}/list?current=1&size=10`)).body.data;
    expect(list).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });

    expect((await admin.get(`${P}/detail?id=${id}`)).body.data).toMatchObject({
      id,
      tenantId: '100001',
      category: 3,
      categoryName: '基层',
      postCode: 'health_manager',
      postName: '健康管理师',
      rowVersion: 1,
    });
    expect((await admin.post(`${P}/submit`, { category: 2, postCode: 'health_manager', postName: '重复', sort: 1 })).body.msg).toBe(
      '岗位编号已存在',
    );

    expect(
      (await admin.post(`${P}/submit`, { id, category: 2, postCode: 'health_manager', postName: '健康管理主管', sort: 1 })).status,
    ).toBe(428);
    const updated = await admin.post(`${P}/submit`, {
      id,
      category: 2,
      postCode: 'health_manager',
      postName: '健康管理主管',
      sort: 2,
      rowVersion: 1,
    });
    expect(updated.body).toMatchObject({ msg: '修改成功', data: { rowVersion: 2 } });
    const stale = await admin.post(`${P}/submit`, {
      id,
      category: 4,
      postCode: 'health_manager',
      postName: '过时的修改',
      sort: 1,
      rowVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^岗位已被.+修改，请刷新后重试$/);
    expect((await doctor.get(`${P}/select`)).body.data).toMatchObject([{ id, postName: '健康管理主管', categoryName: '中层' }]);

    expect((await admin.post(`${P}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect(await codes(admin)).toEqual([]);
    expect((await admin.get(`${P}/detail?id=${id}`)).status).toBe(404);
  });

  it('answers the screen’s messages for missing fields', async () => {
    expect((await admin.post(`${P}/submit`, { postCode: 'x', postName: 'x' })).body.msg).toBe('请选择岗位类型');
    expect((await admin.post(`${P}/submit`, { category: 1, postCode: ' ', postName: 'x' })).body.msg).toBe('请输入岗位编号');
    expect((await admin.post(`${P}/submit`, { category: 1, postCode: 'x', postName: '' })).body.msg).toBe('请输入岗位名称');
    expect((await admin.post(`${P}/submit`, { category: 1, postCode: 'x', postName: 'x' })).body.msg).toBe('请输入岗位排序');
    expect((await admin.post(`${P}/remove`, { ids: '' })).body.msg).toBe('请选择至少一条数据');
  });

  it('keeps tenants apart and refuses a doctor the writes', async () => {
    const id = (await admin.post(`${P}/submit`, { category: 4, postCode: 'mine', postName: '本中心岗位', sort: 1 })).body.data.id as string;
    expect(await codes(otherAdmin)).not.toContain('mine');
    expect((await otherAdmin.get(`${P}/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${P}/select`)).body.data.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await otherAdmin.get(`${P}/select?tenantId=100001`)).status).toBe(403);
    expect(
      (await otherAdmin.post(`${P}/submit`, { id, category: 4, postCode: 'mine', postName: '改掉', sort: 1, rowVersion: 1 })).status,
    ).toBe(404);
    expect((await otherAdmin.post(`${P}/remove?ids=${id}`)).status).toBe(404);
    expect((await doctor.post(`${P}/submit`, { category: 4, postCode: 'doc', postName: '医生建的', sort: 1 })).status).toBe(403);
    expect((await doctor.post(`${P}/remove?ids=${id}`)).status).toBe(403);
    expect((await doctor.get(`${P}/list`)).status).toBe(403);
    expect((await admin.get(`${P}/detail?id=${id}`)).body.data).toMatchObject({ postName: '本中心岗位', rowVersion: 1 });
    // The platform may look at a tenant's posts (its tenant pickers).
    expect((await platform.get(`${P}/select?tenantId=100001`)).body.data.map((p: { id: string }) => p.id)).toContain(id);
  });

  it('syn-post: the platform copies its posts to the chosen tenants, overwriting only with over', async () => {
    const rootPosts = (await platform.get(`${P}/select`)).body.data as { id: string; postCode: string }[];
    const nurse = rootPosts.find((p) => p.postCode === 'nurse')!;
    const gp = rootPosts.find((p) => p.postCode === 'general_practitioner')!;
    // 100002 already has its own 'nurse' post.
    await otherAdmin.post(`${P}/submit`, { category: 4, postCode: 'nurse', postName: '本院护士', sort: 7 });

    const first = await platform.post(`${P}/syn-post`, { ids: `${nurse.id},${gp.id}`, tenantIds: '100001,100002', over: false });
    expect(first.body).toMatchObject({ success: true, msg: '操作成功', data: { created: 3, updated: 0, skipped: 1 } });
    expect((await otherAdmin.get(`${P}/select`)).body.data.find((p: { postCode: string }) => p.postCode === 'nurse')).toMatchObject({
      postName: '本院护士',
    });
    expect(await codes(admin)).toEqual(expect.arrayContaining(['nurse', 'general_practitioner']));

    const over = await platform.post(`${P}/syn-post?ids=${nurse.id}&tenantIds=100002&over=true`);
    expect(over.body.data).toEqual({ created: 0, updated: 1, skipped: 0 });
    const overJson = await platform.post(`${P}/syn-post`, { ids: nurse.id, tenantIds: '100002', over: true });
    expect(overJson.body.data).toEqual({ created: 0, updated: 1, skipped: 0 });
    expect((await otherAdmin.get(`${P}/select`)).body.data.find((p: { postCode: string }) => p.postCode === 'nurse')).toMatchObject({
      postName: '护士',
      category: 3,
    });

    expect((await platform.post(`${P}/syn-post`, { ids: nurse.id })).body.msg).toBe('请选择目标租户');
    expect((await platform.post(`${P}/syn-post`, { ids: nurse.id, tenantIds: '999999' })).body.msg).toBe('租户[999999]不存在');
    const own = (await admin.post(`${P}/submit`, { category: 4, postCode: 'local', postName: '本地', sort: 1 })).body.data.id as string;
    expect((await platform.post(`${P}/syn-post`, { ids: own, tenantIds: '100002' })).body.msg).toBe('不能跨租户同步数据');
    // A tenant's administrator may not synchronise.
    expect((await admin.post(`${P}/syn-post`, { ids: nurse.id, tenantIds: '100002' })).status).toBe(403);
  });
});
