// 消息模板 (spec 001 §7 msgtemp): a resource document kept by administrators, and its two lookups of
// the enabled templates for everyone signed in.
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const T = '/api/blade-iph-business/msgtemp';
const reminder = { title: '高血压随访提醒', category: '1', content: '{姓名}您好，请于{日期}到{机构}随访。' };

describe('msgtemp (a resource document) and its lookups', () => {
  it('keeps a tenant’s templates with the dialog’s rules, versions and uniqueness, and lists the enabled ones', async () => {
    const created = await admin.post(`${T}/submit`, reminder);
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...reminder, sendMethod: '1', status: 1, rowVersion: 1 } });
    const { id } = created.body.data as { id: string };
    expect((await admin.post(`${T}/submit`, { ...reminder, content: '另一个' })).body.msg).toBe('模板标题已存在');
    expect((await admin.post(`${T}/submit`, { title: '空内容' })).body.msg).toBe('请输入模板内容');
    await admin.post(`${T}/submit`, { title: '体检通知', category: '2', content: '{姓名}您好，请来体检。', status: 0 });
    expect((await admin.get(`${T}/detail?id=${id}`)).body.data.title).toBe(reminder.title);
    expect((await admin.get(`${T}/list?category_equal=2`)).body.data.total).toBe(1);
    expect((await admin.get(`${T}/list?descs=content`)).body.msg).toBe('不支持按 content 排序');
    expect((await admin.get(`${T}/list?remark_like=x`)).body.msg).toBe('不支持的查询条件: remark_like');
    expect((await admin.post(`${T}/submit`, { id, content: '改' })).status).toBe(428);
    expect((await admin.post(`${T}/submit`, { id, rowVersion: 1, content: '{姓名}您好，请按时随访。' })).body.data.rowVersion).toBe(2);
    expect((await admin.post(`${T}/submit`, { id, rowVersion: 1, content: '旧版本' })).status).toBe(409);

    // The doctor (any signed-in user) reads the enabled ones only; the disabled 体检通知 is not offered.
    const enabled = (await doctor.get(`${T}/list-msg-temp`)).body.data as { title: string }[];
    expect(enabled.map((t) => t.title)).toEqual([reminder.title]);
    expect((await doctor.get(`${T}/list-msg-temp-dis?category=1`)).body.data).toEqual([
      { label: reminder.title, value: id, category: '1', content: '{姓名}您好，请按时随访。' },
    ]);
    expect((await doctor.get(`${T}/list-msg-temp-dis?x=1`)).status).toBe(400);
    expect((await doctor.get(`${T}/list`)).status).toBe(403);
    expect((await doctor.post(`${T}/submit`, reminder)).status).toBe(403);

    // Another tenant neither sees nor removes it.
    expect((await otherAdmin.get(`${T}/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${T}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${T}/list-msg-temp`)).body.data).toEqual([]);
    expect((await admin.post(`${T}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await doctor.get(`${T}/list-msg-temp`)).body.data).toEqual([]);
  });
});
