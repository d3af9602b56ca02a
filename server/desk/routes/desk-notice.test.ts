import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { NoticeView } from '../../../src/shared/contract/desk';

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let nurse: Caller;
let otherAdmin: Caller;

const BASE = '/api/blade-desk/notice';
const titles = (records: { title: string }[]) => records.map((r) => r.title);

async function draft(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await admin.post(`${BASE}/submit`, { title, category: 1, content: `<p>${title}的内容</p>`, ...extra });
  expect(res.body).toMatchObject({ success: true, msg: '新增成功' });
  return res.body.data.id as string;
}

async function released(title: string): Promise<string> {
  const id = await draft(title);
  expect((await admin.post(`${BASE}/message-release`, { id })).body).toMatchObject({ success: true, msg: '发布成功' });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  nurse = await loginAs(t.app, 'nurse');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
});
afterAll(() => t.close());

describe('blade-desk notices', () => {
  it('answers exactly the contract’s fields (src/shared/contract/desk.ts), in a detail and the lists', async () => {
    const id = await released('合同字段检查通知');
    const fields = Object.keys(NoticeView.properties).sort();
    expect(Object.keys((await doctor.get(`${BASE}/detail?id=${id}`)).body.data).sort()).toEqual(fields);
    for (const row of (await admin.get(`${BASE}/list`)).body.data.records) expect(Object.keys(row).sort()).toEqual(fields);
    for (const row of (await doctor.get(`${BASE}/dynamic-newList`)).body.data) expect(Object.keys(row).sort()).toEqual(fields);
  });

  it('a draft is the administrators’ until released; then every user of the tenant sees it, unread', async () => {
    const id = await draft('春季流感疫苗接种安排');
    expect(titles((await admin.get(`${BASE}/list?title_like=流感`)).body.data.records)).toEqual(['春季流感疫苗接种安排']);
    expect(titles((await doctor.get(`${BASE}/list?title_like=流感`)).body.data.records)).toEqual([]);
    expect((await doctor.get(`${BASE}/detail?id=${id}`)).status).toBe(404);

    expect((await admin.post(`${BASE}/message-release?ids=${id}`)).body.success).toBe(true);
    const seen = (await doctor.get(`${BASE}/detail?id=${id}`)).body.data;
    expect(seen).toMatchObject({
      title: '春季流感疫苗接种安排',
      category: 1,
      categoryName: '发布通知',
      status: 2,
      isRead: 0,
      createUserName: '赵敏',
    });
    expect(seen.releaseTime).not.toBe('');
    const page = (await nurse.get(`${BASE}/new-page?current=1&size=10&title_like=流感`)).body.data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(page.records[0]).toMatchObject({ id, isRead: 0 });
  });

  it('read state is per user: the doctor reading it leaves it unread for the nurse', async () => {
    const id = await released('家庭医生签约培训通知');
    expect((await doctor.post(`${BASE}/read`, { ids: id })).body.success).toBe(true);
    expect((await doctor.get(`${BASE}/detail?id=${id}`)).body.data.isRead).toBe(1);
    expect((await nurse.get(`${BASE}/detail?id=${id}`)).body.data.isRead).toBe(0);
    expect(titles((await doctor.get(`${BASE}/new-page?isRead=1`)).body.data.records)).toContain('家庭医生签约培训通知');
    expect(titles((await doctor.get(`${BASE}/new-page?isRead=0`)).body.data.records)).not.toContain('家庭医生签约培训通知');
    expect(titles((await nurse.get(`${BASE}/new-page?isRead=0`)).body.data.records)).toContain('家庭医生签约培训通知');
    // Reading again keeps the first read time.
    const first = (await doctor.get(`${BASE}/detail?id=${id}`)).body.data.readTime as string;
    t.advance(60_000);
    await doctor.post(`${BASE}/read`, { id });
    expect((await doctor.get(`${BASE}/detail?id=${id}`)).body.data.readTime).toBe(first);
  });

  it('a draft cannot be marked read; a notice of another tenant does not exist', async () => {
    const id = await draft('尚未发布的通知');
    expect((await doctor.post(`${BASE}/read`, { ids: id })).status).toBe(404);
    expect((await otherAdmin.get(`${BASE}/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${BASE}/submit`, { id, title: '乙改甲的通知' })).status).toBe(404);
    expect((await otherAdmin.post(`${BASE}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${BASE}/message-release`, { ids: id })).status).toBe(404);
    expect(titles((await otherAdmin.get(`${BASE}/list?size=200`)).body.data.records)).not.toContain('尚未发布的通知');
    expect((await admin.get(`${BASE}/detail?id=${id}`)).body.data.title).toBe('尚未发布的通知');
  });

  it('removeByMe clears a notice from the caller’s own list only', async () => {
    const id = await released('辖区居民体检通知');
    expect((await doctor.post(`${BASE}/removeByMe`, { ids: id })).body).toMatchObject({ success: true, msg: '删除成功' });
    expect(titles((await doctor.get(`${BASE}/new-page?size=200`)).body.data.records)).not.toContain('辖区居民体检通知');
    expect(titles((await nurse.get(`${BASE}/new-page?size=200`)).body.data.records)).toContain('辖区居民体检通知');
    expect(titles((await admin.get(`${BASE}/list?size=200`)).body.data.records)).toContain('辖区居民体检通知');
  });

  it('submit with an id changes the notice; remove takes it away from everyone', async () => {
    const id = await released('旧标题');
    const edited = await admin.post(`${BASE}/submit`, { id, title: '新标题', category: 7, content: '改过的内容' });
    expect(edited.body).toMatchObject({ success: true, msg: '更新成功', data: { id } });
    expect((await nurse.get(`${BASE}/detail?id=${id}`)).body.data).toMatchObject({
      title: '新标题',
      category: 7,
      categoryName: '其他',
      content: '改过的内容',
    });

    expect((await admin.post(`${BASE}/remove`, { ids: id })).body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await nurse.get(`${BASE}/detail?id=${id}`)).status).toBe(404);
    expect(titles((await admin.get(`${BASE}/list?size=200`)).body.data.records)).not.toContain('新标题');
  });

  it('answers the screen’s messages for a missing title, type or selection', async () => {
    expect((await admin.post(`${BASE}/submit`, { title: '  ' })).body).toMatchObject({ success: false, msg: '请输入通知标题' });
    expect((await admin.post(`${BASE}/submit`, { title: '标题', category: 42 })).body).toMatchObject({
      success: false,
      msg: '请选择通知类型',
    });
    const none = await admin.post(`${BASE}/remove`, {});
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请选择至少一条数据');
  });

  it('only administrators write or release', async () => {
    const id = await draft('仅管理员可发布');
    expect((await doctor.post(`${BASE}/submit`, { title: '医生写的' })).status).toBe(403);
    expect((await doctor.post(`${BASE}/message-release`, { id })).status).toBe(403);
    expect((await doctor.post(`${BASE}/remove`, { ids: id })).status).toBe(403);
  });

  it('dynamic-newList gives the caller’s newest notices first, as many as asked', async () => {
    await released('最新通知甲');
    t.advance(1_000);
    await released('最新通知乙');
    const newest = (await doctor.get(`${BASE}/dynamic-newList?size=2`)).body.data as { title: string; isRead: number }[];
    expect(titles(newest)).toEqual(['最新通知乙', '最新通知甲']);
  });
});
