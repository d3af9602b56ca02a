// 首页指标设置 (blade-iph-business/indexsetting): a two-level tree of the home page's indicators —
// its resource document's CRUD (the parent a live row of the tenant) and parent-list (the groups).
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const I = '/api/blade-iph-business/indexsetting';

describe('indexsetting (a resource document with parent-list)', () => {
  it('keeps groups and their indicators; parent-list answers the groups', async () => {
    const group = (await admin.post(`${I}/submit`, { indexCode: 'followup', indexName: '随访', sort: 1 })).body.data;
    expect(group).toMatchObject({ parentId: null, status: 1, rowVersion: 1 });
    await admin.post(`${I}/submit`, { indexCode: 'archive', indexName: '建档', sort: 2, status: 0 });
    const child = await admin.post(`${I}/submit`, { parentId: group.id, indexCode: 'followup_hbp', indexName: '高血压随访', sort: 1 });
    expect(child.body).toMatchObject({ msg: '新增成功', data: { parentId: group.id } });
    expect((await admin.post(`${I}/submit`, { parentId: '42', indexCode: 'x1', indexName: '无上级' })).body.msg).toBe('上级分组不存在');
    expect((await admin.post(`${I}/submit`, { indexCode: 'followup', indexName: '重复' })).body.msg).toBe('指标编码已存在');
    expect((await admin.post(`${I}/submit`, { indexCode: '随访', indexName: '中文编码' })).body.msg).toBe(
      '指标编码只能是 1–32 位字母、数字、- 或 _',
    );

    const parents = (await admin.get(`${I}/parent-list`)).body.data as { indexCode: string }[];
    expect(parents.map((p) => p.indexCode)).toEqual(['followup', 'archive']);
    expect(((await admin.get(`${I}/parent-list?status=1`)).body.data as { indexCode: string }[]).map((p) => p.indexCode)).toEqual([
      'followup',
    ]);
    const children = (await admin.get(`${I}/list?parentId_equal=${group.id}`)).body.data;
    expect(children).toMatchObject({ total: 1, records: [{ indexCode: 'followup_hbp' }] });
    expect(((await admin.get(`${I}/list?descs=sort`)).body.data.records as { indexCode: string }[])[0]!.indexCode).toBe('archive');

    const id = child.body.data.id as string;
    expect((await admin.post(`${I}/submit`, { id, indexName: '改' })).status).toBe(428);
    expect((await admin.post(`${I}/submit`, { id, rowVersion: 1, indexName: '高血压患者随访' })).body.data.rowVersion).toBe(2);
    const stale = await admin.post(`${I}/submit`, { id, rowVersion: 1, indexName: '旧' });
    expect([stale.status, stale.body.data.rowVersion]).toEqual([409, 2]);
    expect((await admin.get(`${I}/detail?id=${id}`)).body.data.indexName).toBe('高血压患者随访');
    // A group with a live indicator is not removed (the document's removeBlockedBy); once empty it is.
    const blocked = await admin.post(`${I}/remove?ids=${group.id}`);
    expect([blocked.status, blocked.body.msg]).toEqual([400, '请先删除该分组下的指标']);
    expect((await admin.post(`${I}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await admin.get(`${I}/list?parentId_equal=${group.id}`)).body.data.total).toBe(0);
    expect((await admin.post(`${I}/remove?ids=${group.id}`)).body.msg).toBe('删除成功');
  });

  it('refuses an unlisted sort or filter, another tenant’s rows and non-administrators', async () => {
    const mine = (await admin.post(`${I}/submit`, { indexCode: 'mine', indexName: '本租户的' })).body.data;
    expect((await admin.get(`${I}/list?ascs=remark`)).body.msg).toBe('不支持按 remark 排序');
    expect((await admin.get(`${I}/list?remark_like=x`)).body.msg).toBe('不支持的查询条件: remark_like');
    expect((await otherAdmin.get(`${I}/detail?id=${mine.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${I}/submit`, { id: mine.id, rowVersion: 1, indexName: '改别人的' })).status).toBe(404);
    expect((await otherAdmin.post(`${I}/remove?ids=${mine.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${I}/submit`, { parentId: mine.id, indexCode: 'c', indexName: '挂到别人的' })).body.msg).toBe(
      '上级分组不存在',
    );
    expect(((await otherAdmin.get(`${I}/parent-list`)).body.data as unknown[]).length).toBe(0);
    expect((await doctor.get(`${I}/parent-list`)).status).toBe(403);
    expect((await doctor.post(`${I}/submit`, { indexCode: 'd', indexName: '医生加的' })).status).toBe(403);
    expect((await admin.get(`${I}/parent-list?status=3`)).status).toBe(400);
    expect((await admin.get(`${I}/detail?id=${mine.id}`)).body.data).toMatchObject({ indexName: '本租户的', rowVersion: 1 });
  });
});
