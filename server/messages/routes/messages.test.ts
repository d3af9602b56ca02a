// 消息 (issue 33, decision 0040): the detail page's messages — a template or free text sent to chosen
// colleagues with its placeholders filled for the resident, rich text cleaned on the server, drafts
// kept version by version and restored — and message tasks to chosen residents or a crowd label,
// each under the caller's tenant, permission and scope, with the spec's Chinese refusals.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const c = careTeamCallers();
const M = '/api/blade-iph-business/msgtemp';

let mine: string[] = [];
let others = '';
let leaderId = '';
let nurseId = '';
let personName = '';
let templateId = '';

async function setUp() {
  if (mine.length) return;
  const db = c.app().deps.db;
  const users = await sql<{ id: string; account: string }>`select id, account from blade_user where tenant_id = '100001'`.execute(db);
  const idOf = (account: string) => users.rows.find((u) => u.account === account)?.id ?? '';
  leaderId = idOf('leader');
  nurseId = idOf('nurse');
  const own = await sql<{ id: string; person_name: string }>`select id, person_name from user_archive where tenant_id = '100001'
    and main_doctor_id = ${idOf('doctor')} and is_deleted = 0 and archives_status = '1' order by id`.execute(db);
  mine = own.rows.map((r) => r.id);
  personName = own.rows[0]?.person_name ?? '';
  // A resident of another doctor (刘洋, account multi): outside 张伟's reach.
  others = mine.pop() ?? '';
  await sql`update user_archive set main_doctor_id = ${idOf('multi')} where id = ${others}`.execute(db);
  expect(mine.length).toBeGreaterThanOrEqual(3);
  expect(others).not.toBe('');
  const t = await c.admin.post(`${M}/submit`, {
    title: '随访提醒',
    category: '1',
    sendMethod: '2',
    content: '<p>{姓名}您好，请于{日期}到{机构}随访。{未知}</p>',
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  templateId = t.body.data.id as string;
}

interface Listed {
  id: string;
  category: string;
  title: string;
  content: string;
  status: number;
  users: string;
  userIds: string;
  publishUserName: string;
  rowVersion: number;
  missionId: string;
}

async function listed(archId: string, query = ''): Promise<{ records: Listed[]; total: number }> {
  const res = await c.doctor.get(`${M}/message-list?archId=${archId}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { records: Listed[]; total: number };
}

describe('send-message from the detail page', () => {
  it('sends a template to chosen colleagues with the resident’s placeholders filled, and lists it', async () => {
    await setUp();
    const sent = await c.doctor.post(`${M}/send-message`, {
      archId: mine[0],
      templateId,
      userIds: `${leaderId},${nurseId}`,
      date: '2026-06-01',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.msg).toBe('发送成功!');
    expect(sent.body.data).toMatchObject({
      status: 1,
      category: '1',
      title: '随访提醒',
      sendMethod: '2',
      userIds: `${leaderId},${nurseId}`,
      users: '王强,李娜',
      publishUserName: '张伟',
      content: `<p>${personName}您好，请于2026-06-01到源城区示范社区卫生服务中心随访。{未知}</p>`,
    });
    const { records } = await listed(mine[0]!);
    expect(records[0]?.id).toBe(sent.body.data.id);
    // The leader (care team) reads the same resident's messages; disease control holds no archives.
    expect((await c.leader.get(`${M}/message-list?archId=${mine[0]}`)).body.data.total).toBeGreaterThanOrEqual(1);
    expect((await c.cdc.get(`${M}/message-list?archId=${mine[0]}`)).status).toBe(403);
  });

  it('stores rich text cleaned on the server whatever the caller sent, and a filled name cannot add markup', async () => {
    await setUp();
    const payload =
      '<p onclick="x()">复诊<img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">链接</a><span style="color:red">红</span></p>';
    const sent = await c.nurse.post(`${M}/send-message`, { archId: mine[1], content: payload, userIds: [leaderId] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const content = sent.body.data.content as string;
    expect(content).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(content).toContain('<span style="color:red">红</span>');
    expect(content).toContain('<img src="x">');

    await c
      .app()
      .deps.db.executeQuery(sql`update user_archive set person_name = '<b>赵</b>' where id = ${mine[2]}`.compile(c.app().deps.db));
    const named = await c.doctor.post(`${M}/send-message`, { archId: mine[2], content: '{姓名}', userIds: leaderId });
    expect(named.body.data.content).toBe('&lt;b&gt;赵&lt;/b&gt;');
  });

  it('refuses with the spec’s messages and changes nothing', async () => {
    await setUp();
    const before = (await listed(mine[0]!)).total;
    const refuse = async (body: Record<string, unknown>, status: number, msg: string) => {
      const res = await c.doctor.post(`${M}/send-message`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.msg).toBe(msg);
    };
    await refuse({ archId: mine[0], content: '<p> &nbsp; </p>', userIds: leaderId }, 400, '请输入内容');
    await refuse({ archId: mine[0], content: '<script>alert(1)</script>', userIds: leaderId }, 400, '请输入内容');
    await refuse({ archId: mine[0], content: '请复诊' }, 400, '请选择接收人');
    await refuse({ archId: mine[0], content: '请复诊', userIds: '' }, 400, '请选择接收人');
    await refuse({ archId: '999999999', content: '请复诊', userIds: leaderId }, 404, '档案不存在');
    await refuse({ archId: mine[0], content: '请复诊', userIds: '123456789' }, 400, '接收人不存在或已停用：123456789');
    await refuse({ archId: mine[0], templateId: '123', userIds: leaderId }, 404, '消息模板不存在或已停用');
    await refuse({ archId: mine[0], content: 'x'.repeat(5001), userIds: leaderId }, 400, '消息内容过长（最多5000个字符）');
    expect((await c.doctor.post(`${M}/send-message`, { archId: mine[0], content: 'x', userIds: leaderId, extra: 1 })).status).toBe(400);
    expect((await c.doctor.post(`${M}/send-message`, { archId: mine[0], content: 'x', userIds: leaderId, category: '5' })).status).toBe(
      400,
    );
    // Another tenant sees neither the archive nor its messages, and cannot name this tenant's users.
    expect((await c.otherAdmin.post(`${M}/send-message`, { archId: mine[0], content: 'x', userIds: leaderId })).status).toBe(404);
    expect((await c.otherAdmin.get(`${M}/message-list?archId=${mine[0]}`)).status).toBe(404);
    expect((await listed(mine[0]!)).total).toBe(before);
  });
});

describe('drafts and their history versions', () => {
  it('keeps each save as a version, restores an earlier one, sends the draft and then refuses changes', async () => {
    await setUp();
    const first = await c.doctor.post(`${M}/save-draft`, {
      archId: mine[0],
      title: '复诊',
      content: '<p>第一稿 {姓名}</p>',
      userIds: [leaderId],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ msg: '保存成功', data: { status: 0, rowVersion: 1, content: '<p>第一稿 {姓名}</p>' } });
    const id = first.body.data.id as string;
    expect((await c.doctor.post(`${M}/save-draft`, { id, archId: mine[0], content: '第二稿' })).status).toBe(428);
    const second = await c.doctor.post(`${M}/save-draft`, {
      id,
      rowVersion: 1,
      archId: mine[0],
      content: '<p>第二稿<img src=x onerror=alert(1)></p>',
      userIds: leaderId,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toMatchObject({ rowVersion: 2, content: '<p>第二稿<img src="x"></p>' });
    expect((await c.doctor.post(`${M}/save-draft`, { id, rowVersion: 1, archId: mine[0], content: '旧的' })).status).toBe(409);
    expect((await c.doctor.post(`${M}/save-draft`, { id, rowVersion: 2, archId: mine[1], content: '别人的' })).status).toBe(404);

    const history = await c.nurse.get(`${M}/message-history?id=${id}`);
    expect(history.status).toBe(200);
    expect(
      (history.body.data as { version: number; content: string; updateUserName: string }[]).map((v) => [
        v.version,
        v.content,
        v.updateUserName,
      ]),
    ).toEqual([
      [2, '<p>第二稿<img src="x"></p>', '张伟'],
      [1, '<p>第一稿 {姓名}</p>', '张伟'],
    ]);
    expect((await c.doctor.post(`${M}/restore-version`, { id, version: 9, rowVersion: 2 })).body.msg).toBe('历史版本不存在');
    const restored = await c.doctor.post(`${M}/restore-version`, { id, version: 1, rowVersion: 2 });
    expect(restored.body).toMatchObject({ msg: '已恢复到所选版本', data: { rowVersion: 3, content: '<p>第一稿 {姓名}</p>', status: 0 } });
    expect(((await c.doctor.get(`${M}/message-history?id=${id}`)).body.data as unknown[]).length).toBe(3);
    expect((await listed(mine[0]!, '&status=0')).records.map((r) => r.id)).toContain(id);

    const sent = await c.doctor.post(`${M}/send-message`, { id, rowVersion: 3, archId: mine[0] });
    expect(sent.body).toMatchObject({ msg: '发送成功!', data: { id, status: 1, content: `<p>第一稿 ${personName}</p>` } });
    expect((await c.doctor.post(`${M}/save-draft`, { id, rowVersion: 4, archId: mine[0], content: '再改' })).body.msg).toBe(
      '消息已发送，不能再修改',
    );
    expect((await c.doctor.post(`${M}/restore-version`, { id, version: 1, rowVersion: 4 })).status).toBe(409);
    expect((await c.otherAdmin.get(`${M}/message-history?id=${id}`)).status).toBe(404);
    expect((await c.cdc.get(`${M}/message-history?id=${id}`)).status).toBe(403);
  });
});

describe('message tasks to many residents', () => {
  it('mission: one category-6 message per chosen resident, filled for each; outside the scope refuses all', async () => {
    await setUp();
    const res = await c.doctor.post(`${M}/mission`, {
      archIds: [mine[0], mine[1]],
      title: '高血压随访提醒',
      content: '{姓名}，请按时服药。',
      sendMethod: '1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ msg: '发送成功!', data: { count: 2 } });
    const row = (await listed(mine[0]!)).records.find((r) => r.missionId === res.body.data.missionId);
    expect(row).toMatchObject({
      category: '6',
      title: '高血压随访提醒',
      content: `${personName}，请按时服药。`,
      users: personName,
      status: 1,
    });

    const before = (await listed(mine[1]!)).total;
    const refused = await c.doctor.post(`${M}/mission`, { archIds: [mine[1], others], content: '提醒' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`以下居民不在您可发送的范围内：${others}`);
    expect((await listed(mine[1]!)).total).toBe(before);
    expect((await c.doctor.post(`${M}/mission`, { archIds: [], content: '提醒' })).body.msg).toBe('请选择要发送的居民');
    expect((await c.doctor.post(`${M}/mission`, { archIds: [mine[1]], content: ' ' })).body.msg).toBe('请输入内容');
    expect((await c.nurse.post(`${M}/mission`, { archIds: [mine[1]], content: '提醒' })).status).toBe(403);
    // The administrator reaches the tenant's residents; another tenant's administrator none of them.
    expect(await c.admin.post(`${M}/mission`, { archIds: [others], templateId }).then((r) => r.body.data.count)).toBe(1);
    expect((await c.otherAdmin.post(`${M}/mission`, { archIds: [others], content: '提醒' })).status).toBe(400);
  });

  it('mission-crowd-label: every resident of the label the caller reaches, the template filled for each', async () => {
    await setUp();
    const db = c.app().deps.db;
    const labelled = await sql<{ n: number }>`select count(*)::int as n from user_archive where tenant_id = '100001' and is_deleted = 0
      and archives_status = '1' and 'hypertension' = any(string_to_array(crowd_labels, ','))
      and main_doctor_id = (select id from blade_user where account = 'doctor' and tenant_id = '100001')`.execute(db);
    const n = labelled.rows[0]?.n ?? 0;
    expect(n).toBeGreaterThan(0);
    const res = await c.doctor.post(`${M}/mission-crowd-label`, { crowdLabel: 'hypertension', templateId, date: '2026-07-01' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.count).toBe(n);
    const rows = await sql<{ content: string; person_name: string }>`select m.content, a.person_name from iph_message m
      join user_archive a on a.id = m.arch_id and a.tenant_id = m.tenant_id where m.mission_id = ${res.body.data.missionId as string}`.execute(
      db,
    );
    expect(rows.rows.length).toBe(n);
    for (const r of rows.rows)
      expect(r.content).toContain(`${r.person_name.replace(/</g, '&lt;').replace(/>/g, '&gt;')}您好，请于2026-07-01`);
    expect((await c.doctor.post(`${M}/mission-crowd-label`, { crowdLabel: 'nonsense', content: '提醒' })).body.msg).toBe('人群标签不正确');
    expect(
      (await c.doctor.post(`${M}/mission-crowd-label`, { crowdLabel: 'hypertension', teamId: 'none', content: '提醒' })).body.msg,
    ).toBe('该人群中没有您可发送的居民');
    expect((await c.nurse.post(`${M}/mission-crowd-label`, { crowdLabel: 'hypertension', content: '提醒' })).status).toBe(403);
  });
});
