// 接口管理 (blade-iph-business/apimanage): a second family that is only a document, a migration and
// a dialog form — the generic routes give it its list, rules, versions, uniqueness and access.
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const A = '/api/blade-iph-business/apimanage';
const upload = { apiCode: 'ehr.upload', apiName: '健康档案上传', apiUrl: 'https://region.example.cn/api/ehr' };

describe('apimanage (a resource document)', () => {
  it('keeps a tenant’s interfaces with the dialog’s rules, the defaults, versions and uniqueness', async () => {
    const created = await admin.post(`${A}/submit`, upload);
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...upload, requestMethod: 'POST', timeoutSeconds: 30, status: 1 } });
    const { id } = created.body.data as { id: string };
    expect((await admin.post(`${A}/submit`, { ...upload, apiUrl: 'ftp://x' })).body.msg).toBe('接口地址应以 http:// 或 https:// 开头');
    expect((await admin.post(`${A}/submit`, { ...upload, apiName: '另一个' })).body.msg).toBe('接口编码已存在');
    expect((await admin.post(`${A}/submit`, { apiCode: 'x1', apiName: '无地址' })).body.msg).toBe('请输入接口地址');
    await admin.post(`${A}/submit`, {
      apiCode: 'followup.pull',
      apiName: '随访下载',
      apiUrl: 'https://region.example.cn/f',
      requestMethod: 'GET',
    });
    const gets = (await admin.get(`${A}/list?requestMethod_equal=GET`)).body.data.records as { apiCode: string }[];
    expect(gets.map((r) => r.apiCode)).toEqual(['followup.pull']);
    const changed = await admin.post(`${A}/submit`, { id, rowVersion: 1, timeoutSeconds: 60 });
    expect(changed.body.data).toMatchObject({ apiUrl: upload.apiUrl, timeoutSeconds: 60, rowVersion: 2 });
    expect((await admin.post(`${A}/submit`, { id, rowVersion: 2, timeoutSeconds: 601 })).status).toBe(400);
  });

  it('is the administrators’ of each tenant only', async () => {
    expect((await doctor.get(`${A}/list`)).status).toBe(403);
    expect((await doctor.post(`${A}/submit`, upload)).status).toBe(403);
    expect((await otherAdmin.get(`${A}/list?apiCode_like=ehr`)).body.data.total).toBe(0);
    expect((await otherAdmin.post(`${A}/submit`, upload)).body.msg).toBe('新增成功');
  });
});
