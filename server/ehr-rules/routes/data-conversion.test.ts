// 数据转换 and 数据转换配置 (spec 002 §7 dataconversion, dataconversionconfig): two families that are only
// their resource documents — a conversion refers to an interface of 接口管理, its rows to the conversion.
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const B = '/api/blade-iph-business';

describe('dataconversion and dataconversionconfig (resource documents)', () => {
  it('keeps a tenant’s code mappings with references, uniqueness, versions and access', async () => {
    const api = (await admin.post(`${B}/apimanage/submit`, { apiCode: 'arch.up', apiName: '档案上传', apiUrl: 'https://r.example.cn/a' }))
      .body.data.id as string;
    const created = await admin.post(`${B}/dataconversion/submit`, { convCode: 'sex', convName: '性别代码', apiId: api });
    expect(created.body).toMatchObject({ msg: '新增成功', data: { convCode: 'sex', apiId: api, status: 1 } });
    const conv = created.body.data.id as string;
    expect((await admin.post(`${B}/dataconversion/submit`, { convCode: 'sex', convName: '重复' })).body.msg).toBe('转换编码已存在');
    expect((await admin.post(`${B}/dataconversion/submit`, { convCode: 'x', convName: 'x', apiId: '77' })).body.msg).toBe('适用接口不存在');
    expect((await admin.post(`${B}/dataconversion/submit`, { convCode: '9x', convName: 'x' })).status).toBe(400);

    const row = await admin.post(`${B}/dataconversionconfig/submit`, { conversionId: conv, localCode: '1', platformCode: 'M', note: '男' });
    expect(row.body.msg).toBe('新增成功');
    const rowId = row.body.data.id as string;
    expect((await admin.post(`${B}/dataconversionconfig/submit`, { conversionId: conv, localCode: '1', platformCode: 'F' })).body.msg).toBe(
      '本系统代码已有对照',
    );
    expect((await admin.post(`${B}/dataconversionconfig/submit`, { conversionId: '5', localCode: '2', platformCode: 'F' })).body.msg).toBe(
      '所属数据转换不存在',
    );
    expect((await admin.post(`${B}/dataconversionconfig/submit`, { localCode: '2', platformCode: 'F' })).body.msg).toBe('请输入所属转换');
    const rows = await admin.get(`${B}/dataconversionconfig/list?conversionId_equal=${conv}&ascs=platformCode`);
    expect(rows.body.data.records.map((r: { platformCode: string }) => r.platformCode)).toEqual(['M']);
    expect((await admin.get(`${B}/dataconversionconfig/detail?id=${rowId}`)).body.data.note).toBe('男');

    for (const [family, id, change] of [
      ['dataconversion', conv, { convName: '性别' }],
      ['dataconversionconfig', rowId, { note: '男性' }],
    ] as const) {
      const A = `${B}/${family}`;
      expect((await admin.get(`${A}/list?descs=tenant_id`)).body.msg).toBe('不支持按 tenant_id 排序');
      expect((await admin.get(`${A}/list?remark_like=x&tenant_id=1`)).status).toBe(400);
      expect((await admin.post(`${A}/submit`, { id, ...change })).status).toBe(428);
      expect((await admin.post(`${A}/submit`, { id, rowVersion: 1, ...change })).body.data.rowVersion).toBe(2);
      expect((await admin.post(`${A}/submit`, { id, rowVersion: 1, ...change })).status).toBe(409);
      expect((await otherAdmin.post(`${A}/submit`, { id, rowVersion: 2, ...change })).status).toBe(404);
      expect((await otherAdmin.post(`${A}/remove?ids=${id}`)).status).toBe(404);
      expect((await otherAdmin.get(`${A}/detail?id=${id}`)).status).toBe(404);
      expect((await admin.get(`${A}/detail?id=${id}`)).body.data.rowVersion).toBe(2);
      expect((await doctor.get(`${A}/list`)).status).toBe(403);
      expect((await doctor.post(`${A}/submit`, change)).status).toBe(403);
    }
    const blocked = await admin.post(`${B}/dataconversion/remove?ids=${conv}`);
    expect([blocked.status, blocked.body.msg]).toEqual([400, '请先删除该转换的对照项']);
    expect((await admin.post(`${B}/dataconversionconfig/remove?ids=${rowId}`)).body.msg).toBe('删除成功');
    expect((await admin.post(`${B}/dataconversion/remove?ids=${conv}`)).body.msg).toBe('删除成功');
    expect((await admin.get(`${B}/dataconversion/list`)).body.data.total).toBe(0);
  });
});

describe('avuedata (a resource document)', () => {
  const board = { dataCode: 'board', dataName: '随访大屏', content: '{"charts":[{"type":"bar"}]}' };

  it('keeps data sets whose content is JSON, with versions, uniqueness and access', async () => {
    const A = `${B}/avuedata`;
    const created = await admin.post(`${A}/submit`, board);
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...board, dataType: 1, status: 1 } });
    const id = created.body.data.id as string;
    const broken = await admin.post(`${A}/submit`, { ...board, dataCode: 'b2', content: '{charts: ]' });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toBe('内容不是有效的 JSON');
    expect((await admin.post(`${A}/submit`, { ...board, dataName: '重复' })).body.msg).toBe('数据集编码已存在');
    expect((await admin.post(`${A}/submit`, { ...board, dataCode: 'big', content: `"${'x'.repeat(10001)}"` })).status).toBe(400);
    expect((await admin.post(`${A}/submit`, { id, rowVersion: 1, content: 'not json' })).body.msg).toBe('内容不是有效的 JSON');
    expect((await admin.get(`${A}/list?ascs=content`)).body.msg).toBe('不支持按 content 排序');
    expect((await admin.get(`${A}/list?content_like=bar`)).body.msg).toBe('不支持的查询条件: content_like');
    expect((await admin.post(`${A}/submit`, { id, content: '[]' })).status).toBe(428);
    expect((await admin.post(`${A}/submit`, { id, rowVersion: 1, content: '[]' })).body.data).toMatchObject({
      content: '[]',
      rowVersion: 2,
    });
    expect((await admin.post(`${A}/submit`, { id, rowVersion: 1, content: '{}' })).status).toBe(409);
    expect((await otherAdmin.post(`${A}/submit`, { id, rowVersion: 2, content: '{}' })).status).toBe(404);
    expect((await otherAdmin.post(`${A}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${A}/detail?id=${id}`)).status).toBe(404);
    expect((await admin.get(`${A}/detail?id=${id}`)).body.data).toMatchObject({ content: '[]', rowVersion: 2 });
    expect((await admin.get(`${A}/list?dataType_equal=1&dataName_like=随访`)).body.data.total).toBe(1);
    expect((await doctor.get(`${A}/list`)).status).toBe(403);
    expect((await doctor.post(`${A}/submit`, board)).status).toBe(403);
    expect((await admin.post(`${A}/remove?ids=${id}`)).body.msg).toBe('删除成功');
  });
});
