// 家庭医生团队 (doctorteam over blade_team) and 团队成员 (doctorteamdts): the generic routes of their
// resource documents, and the named calls team-list, list-team-dis, blade-iph-business/doctorteam/select
// and grant — with the users' team lists (blade_user.team_id) kept in step with the memberships.
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const T = '/api/blade-iph-business/doctorteam';
const M = '/api/blade-iph-business/doctorteamdts';

/** The team ids a user's list names, as list-team-dis reads them. */
const teamsOf = async (userId: string) =>
  ((await admin.get(`${T}/list-team-dis?doctorId=${userId}`)).body.data as { id: string }[]).map((t) => t.id).sort();
const membersOf = async (teamId: string) =>
  ((await admin.get(`${T}/team-list`)).body.data as { id: string; members: { userId: string }[] }[])
    .find((t) => t.id === teamId)!
    .members.map((m) => m.userId)
    .sort();

describe('doctorteam (家庭医生团队 over blade_team)', () => {
  it('serves the seeded teams and keeps new ones with the dialog’s rules, versions and uniqueness', async () => {
    const list = await doctor.get(`${T}/list?size=50`);
    expect(list.body.data.records.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['家庭医生一团队', '家庭医生二团队']),
    );
    expect((await doctor.get(`${T}/detail?id=2401`)).body.data).toMatchObject({
      id: '2401',
      name: '家庭医生一团队',
      deptId: '2100',
      status: 1,
      rowVersion: 1,
    });

    const third = { name: '家庭医生三团队', teamCode: 'T03', deptId: '2100', leaderId: '2304', phone: '0762-3388123' };
    const created = await admin.post(`${T}/submit`, third);
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...third, status: 1, sort: 0, rowVersion: 1 } });
    const id = created.body.data.id as string;
    expect((await admin.post(`${T}/submit`, { ...third, teamCode: 'T04' })).body.msg).toBe('团队名称已存在');
    expect((await admin.post(`${T}/submit`, { ...third, name: '别的团队' })).body.msg).toBe('团队编码已存在');
    expect((await admin.post(`${T}/submit`, { name: '无科室团队' })).body.msg).toBe('请选择所属科室');
    expect((await admin.post(`${T}/submit`, { name: '外机构科室', deptId: '3100' })).body.msg).toBe('所属科室不存在');
    expect((await admin.post(`${T}/submit`, { name: '坏电话', deptId: '2100', phone: '电话' })).body.msg).toBe(
      '联系电话只能是 5–20 位数字、+、- 或空格',
    );
    expect((await admin.get(`${T}/list?teamCode_equal=T03`)).body.data.records).toHaveLength(1);
    expect((await admin.get(`${T}/list?descs=sort&name_like=${encodeURIComponent('三团队')}`)).body.data.total).toBe(1);

    const missing = await admin.post(`${T}/submit`, { id, introduction: '负责东片区' });
    expect([missing.status, missing.body.msg]).toEqual([428, '请先读取团队再修改（缺少版本号）']);
    const changed = await admin.post(`${T}/submit`, { id, rowVersion: 1, introduction: '负责东片区' });
    expect(changed.body.data).toMatchObject({ name: '家庭医生三团队', introduction: '负责东片区', rowVersion: 2 });
    const stale = await admin.post(`${T}/submit`, { id, rowVersion: 1, introduction: '旧的' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^团队已被.+修改，请刷新后重试$/);
    // The login's team names still come from blade_team (a seeded team changed in place).
    expect((await admin.post(`${T}/submit`, { id: '2401', rowVersion: 1, phone: '0762-1234567' })).body.data.name).toBe('家庭医生一团队');
    expect((await doctor.get('/api/blade-system/menu/teamSelect')).body.data).toEqual([{ id: '2401', name: '家庭医生一团队' }]);

    expect((await admin.post(`${T}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await admin.get(`${T}/detail?id=${id}`)).status).toBe(404);
  });

  it('refuses an unlisted sort or filter, another tenant’s rows and writes by non-administrators', async () => {
    expect((await admin.get(`${T}/list?ascs=dept_id`)).body.msg).toBe('不支持按 dept_id 排序');
    const filter = await admin.get(`${T}/list?phone_like=0762`);
    expect([filter.status, filter.body.msg]).toEqual([400, '不支持的查询条件: phone_like']);
    const foreign = await otherAdmin.post(`${T}/submit`, { id: '2402', rowVersion: 1, name: '改别人的' });
    expect([foreign.status, foreign.body.msg]).toEqual([404, '团队不存在']);
    expect((await otherAdmin.post(`${T}/remove?ids=2402`)).status).toBe(404);
    expect((await otherAdmin.get(`${T}/detail?id=2402`)).status).toBe(404);
    expect((await doctor.post(`${T}/submit`, { name: '医生建的', deptId: '2100' })).status).toBe(403);
    expect((await doctor.post(`${T}/remove?ids=2402`)).status).toBe(403);
    expect((await admin.get(`${T}/detail?id=2402`)).body.data).toMatchObject({ name: '家庭医生二团队', rowVersion: 1 });
  });

  it('answers team-list, list-team-dis and the login’s doctorteam/select for the caller’s tenant only', async () => {
    const list = (await doctor.get(`${T}/team-list`)).body.data as {
      id: string;
      name: string;
      members: { userId: string; realName: string }[];
    }[];
    const first = list.find((t) => t.id === '2401')!;
    expect(first.members.map((m) => m.userId).sort()).toEqual(['2302', '2303', '2304', '2306']);
    // Seeded users are members through their team list alone: no membership row, no role in the team yet.
    expect(first.members.find((m) => m.userId === '2302')).toMatchObject({ realName: '张伟', teamRole: null });
    expect((await otherAdmin.get(`${T}/team-list`)).body.data.map((t: { id: string }) => t.id)).not.toContain('2401');

    const mine = await doctor.get(`${T}/list-team-dis?doctorId=2302&tenantId=100001`);
    expect(mine.body.data.map((t: { id: string }) => t.id)).toEqual(['2401']);
    const other = await doctor.get(`${T}/list-team-dis?doctorId=2302&tenantId=100002`);
    expect([other.status, other.body.msg]).toEqual([403, '只能查询本机构的数据']);
    expect((await otherAdmin.get(`${T}/list-team-dis?doctorId=2302`)).status).toBe(404);
    expect((await doctor.get(`${T}/list-team-dis`)).status).toBe(400);

    expect((await doctor.get('/api/blade-iph-business/doctorteam/select?teamId=2401')).body.data).toEqual({
      id: '2401',
      name: '家庭医生一团队',
      teamCode: '',
      deptId: '2100',
    });
    const notMine = await doctor.get('/api/blade-iph-business/doctorteam/select?teamId=2402');
    expect([notMine.status, notMine.body.msg]).toEqual([403, '您不是该团队的成员']);
    expect((await otherAdmin.get('/api/blade-iph-business/doctorteam/select?teamId=2401')).status).toBe(404);
    expect((await doctor.get('/api/blade-iph-business/doctorteam/select')).status).toBe(400);
  });
});

describe('doctorteamdts (团队成员) and grant', () => {
  it('keeps memberships through the generic routes, the users’ team lists following', async () => {
    const added = await admin.post(`${M}/submit`, { teamId: '2402', userId: '2305', teamRole: 4 });
    expect(added.body).toMatchObject({ msg: '新增成功', data: { teamId: '2402', userId: '2305', teamRole: 4, rowVersion: 1 } });
    const id = added.body.data.id as string;
    expect(await teamsOf('2305')).toEqual(['2402']);
    expect((await admin.post(`${M}/submit`, { teamId: '2402', userId: '2305' })).body.msg).toBe('该用户已是团队成员');
    expect((await admin.post(`${M}/submit`, { teamId: '2402', userId: '3301' })).body.msg).toBe('用户不存在');
    expect((await admin.post(`${M}/submit`, { teamId: '2402' })).body.msg).toBe('请选择成员');
    expect((await doctor.get(`${M}/list?teamId_equal=2402`)).body.data.records.map((r: { userId: string }) => r.userId)).toEqual(['2305']);
    expect((await admin.get(`${M}/list?ascs=user_id`)).body.msg).toBe('不支持按 user_id 排序');
    expect((await admin.get(`${M}/list?sort_equal=1`)).body.msg).toBe('不支持的查询条件: sort_equal');

    expect((await admin.post(`${M}/submit`, { id, teamRole: 3 })).status).toBe(428);
    // Moving the membership to another team moves the id in the user's list.
    expect((await admin.post(`${M}/submit`, { id, rowVersion: 1, teamId: '2401' })).body.data.rowVersion).toBe(2);
    expect(await teamsOf('2305')).toEqual(['2401']);
    expect((await admin.post(`${M}/submit`, { id, rowVersion: 1, teamId: '2402' })).status).toBe(409);
    expect((await otherAdmin.post(`${M}/submit`, { id, rowVersion: 2, teamRole: 1 })).status).toBe(404);
    expect((await otherAdmin.post(`${M}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${M}/detail?id=${id}`)).status).toBe(404);
    expect((await doctor.get(`${M}/detail?id=${id}`)).body.data).toMatchObject({ teamId: '2401', teamRole: 4, rowVersion: 2 });
    expect((await doctor.post(`${M}/remove?ids=${id}`)).status).toBe(403);

    expect((await admin.post(`${M}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect(await teamsOf('2305')).toEqual([]);
  });

  it('grant makes exactly the users the members of the teams, in step with their team lists', async () => {
    const granted = await admin.post(`${M}/grant?userIds=2302,2303&teamIds=2402`);
    expect(granted.body).toMatchObject({ success: true, data: { added: 2, removed: 0 } });
    expect(await teamsOf('2303')).toEqual(['2401', '2402']);
    expect(await membersOf('2402')).toEqual(['2302', '2303']);
    const roles = (await admin.get(`${M}/list?teamId_equal=2402`)).body.data.records as { userId: string; teamRole: number }[];
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.teamRole]))).toEqual({ '2302': 2, '2303': 3 });

    // In the body too; 2302 leaves 2402, stays in 2401.
    expect((await admin.post(`${M}/grant`, { userIds: '2303', teamIds: '2402' })).body.data).toEqual({ added: 0, removed: 1 });
    expect(await teamsOf('2302')).toEqual(['2401']);
    // Members a user's list named before memberships were kept leave as the others.
    expect((await admin.post(`${M}/grant?userIds=2302,2304&teamIds=2401`)).body.data).toEqual({ added: 2, removed: 0 });
    expect(await membersOf('2401')).toEqual(['2302', '2304']);
    expect(await teamsOf('2306')).toEqual([]);
    expect(await teamsOf('2303')).toEqual(['2402']);
  });

  it('refuses grant with another tenant’s user or team, without changing anything', async () => {
    const other = (await otherAdmin.post(`${T}/submit`, { name: '紫金一团队', deptId: '3100' })).body.data.id as string;
    const before = await membersOf('2402');
    const foreignUser = await admin.post(`${M}/grant?userIds=2302,3301&teamIds=2402`);
    expect([foreignUser.status, foreignUser.body.msg]).toEqual([400, '用户不存在: 3301']);
    const foreignTeam = await admin.post(`${M}/grant?userIds=2302&teamIds=2402,${other}`);
    expect([foreignTeam.status, foreignTeam.body.msg]).toEqual([400, `团队不存在: ${other}`]);
    expect(await membersOf('2402')).toEqual(before);
    expect((await admin.post(`${M}/grant?teamIds=2402`)).body.msg).toBe('请选择团队成员');
    expect((await admin.post(`${M}/grant?userIds=2302`)).body.msg).toBe('请选择团队');
    expect((await admin.post(`${M}/grant?userIds=x&teamIds=2402`)).status).toBe(400);
    expect((await doctor.post(`${M}/grant?userIds=2302&teamIds=2402`)).status).toBe(403);
    expect(await membersOf('2402')).toEqual(before);
  });

  it('removing a team removes its memberships and the id from its members’ lists', async () => {
    const team = (await admin.post(`${T}/submit`, { name: '临时团队', deptId: '2100' })).body.data.id as string;
    await admin.post(`${M}/grant?userIds=2305&teamIds=${team}`);
    expect(await teamsOf('2305')).toEqual([team]);
    await admin.post(`${T}/remove?ids=${team}`);
    expect(await teamsOf('2305')).toEqual([]);
    expect((await admin.get(`${M}/list?teamId_equal=${team}`)).body.data.total).toBe(0);
  });
});
