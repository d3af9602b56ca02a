// 转移管理 (spec 001 §7 usertransferdoctor, usertransferarchives): a doctor proposes, the receiving
// side confirms (the archive's doctor and team change then, with version and history) or sends back;
// the proposing side may not confirm; between institutions is refused.
import { describe, expect, it } from 'vitest';
import { careTeamCallers, loginChoosing } from '../../test-support/care-team-callers';

const callers = careTeamCallers();
const { admin, otherAdmin, doctor, leader, multi, cdc } = callers;
const D = '/api/blade-iph-business/usertransferdoctor';
const X = '/api/blade-iph-business/usertransferarchives';
const ARCHIVES = '/api/blade-iph-business/commuserarchives';

interface Archive {
  id: string;
  personName: string;
  mainDoctorId: string;
  doctorName: string;
  teamId: string;
  teamName: string;
  familyId: string;
  rowVersion: number;
}
const archives = async (): Promise<Archive[]> => (await admin.get(`${ARCHIVES}/list?current=1&size=10`)).body.data.records as Archive[];
const archive = async (id: string): Promise<Archive> => (await doctor.get(`${ARCHIVES}/detail?id=${id}`)).body.data as Archive;

describe('transfers within the institution', () => {
  it('moves an archive to another doctor only when the receiving side confirms; the proposer cannot', async () => {
    const [a] = await archives();
    const before = await archive(a!.id);
    // The target doctor alone: the team is the doctor's (刘洋, 家庭医生一团队).
    const proposed = await doctor.post(`${D}/submit`, { archId: a!.id, toDoctorId: '2306', reason: '居民搬到刘医生负责的片区' });
    expect(proposed.body).toMatchObject({
      msg: '已发起转移，等待接收方确认',
      data: {
        status: 0,
        statusText: '待确认',
        toDoctorName: '刘洋',
        toTeamId: '2401',
        toTeamName: '家庭医生一团队',
        fromDoctorName: before.doctorName,
      },
    });
    const t = proposed.body.data as { id: string; rowVersion: number };
    expect(await archive(a!.id)).toMatchObject({ mainDoctorId: before.mainDoctorId, rowVersion: before.rowVersion });
    expect((await doctor.post(`${D}/submit`, { archId: a!.id, toDoctorId: '2306', reason: '再来一次' })).body.msg).toBe(
      `${a!.personName}的档案已有待确认的转移申请`,
    );

    // Lists: 我发起的 for the proposer, 待我确认 for the target doctor and the target team's members.
    expect((await doctor.get(`${D}/list?side=mine`)).body.data.records.map((r: { id: string }) => r.id)).toContain(t.id);
    expect((await multi.get(`${D}/list?side_equal=incoming&status_equal=0`)).body.data.total).toBe(1);
    expect((await multi.get(`${D}/list?personName_like=${encodeURIComponent(a!.personName)}`)).body.data.total).toBe(1);
    expect((await doctor.get(`${D}/detail?id=${t.id}`)).body.data).toMatchObject({ reason: '居民搬到刘医生负责的片区' });

    // The proposer changes the reason over the version read: 428 without, 409 stale.
    expect((await doctor.post(`${D}/submit`, { id: t.id, reason: '改' })).status).toBe(428);
    expect((await doctor.post(`${D}/submit`, { id: t.id, rowVersion: 1, reason: '居民搬家' })).body.data).toMatchObject({
      reason: '居民搬家',
      rowVersion: 2,
    });
    expect((await doctor.post(`${D}/submit`, { id: t.id, rowVersion: 1, reason: '又改' })).status).toBe(409);
    expect((await multi.post(`${D}/submit`, { id: t.id, rowVersion: 2, reason: '不是我的' })).status).toBe(403);

    // The proposing side confirming is refused and changes nothing.
    const own = await doctor.post(`${D}/barch-confirm`, { ids: t.id });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe('不能确认或退回自己发起的转移申请，应由接收方处理');
    expect(await archive(a!.id)).toMatchObject({ mainDoctorId: before.mainDoctorId, rowVersion: before.rowVersion });
    expect((await doctor.get(`${D}/detail?id=${t.id}`)).body.data.status).toBe(0);
    // Another tenant does not see it.
    expect((await otherAdmin.post(`${D}/barch-confirm`, { ids: [t.id] })).status).toBe(404);

    // The target doctor confirms: now the archive changes (version, history).
    const confirmed = await multi.post(`${D}/barch-confirm?ids=${t.id}`);
    expect(confirmed.body).toMatchObject({ msg: '转移已确认', data: 1 });
    expect(await archive(a!.id)).toMatchObject({
      mainDoctorId: '2306',
      doctorName: '刘洋',
      teamId: '2401',
      teamName: '家庭医生一团队',
      rowVersion: before.rowVersion + 1,
    });
    const history = (await doctor.get(`/api/blade-iph-business/userarchivesdev/history?archId=${a!.id}`)).body.data as {
      updateUserName: string;
      changes: { field: string }[];
    }[];
    expect(history[0]).toMatchObject({ updateUserName: '刘洋' });
    expect(history[0]!.changes.map((c) => c.field)).toContain('doctorName');
    expect((await multi.post(`${D}/barch-confirm`, { ids: t.id })).body.msg).toBe('转移申请已处理，不能再确认或退回');
  });

  it('proposes many at once, lets a target team’s member confirm and take residents out of their family, and sends back with a reason', async () => {
    const list = await archives();
    const [b, c, d] = [list[4]!, list[5]!, list[6]!];
    // b is in a family, which removeFamilyDts=1 leaves.
    const family = (await doctor.post('/api/blade-iph-business/userfamilyarchives/submit', { familyNo: 'T-1', householderArchId: b.id }))
      .body.data as {
      id: string;
    };
    await doctor.post('/api/blade-iph-business/userfamilyarchivesdts/save-or-update', {
      familyId: family.id,
      archId: b.id,
      relation: '02',
    });
    expect((await archive(b.id)).familyId).toBe(family.id);

    const many = await multi.post(`${D}/onekey-submit`, { ids: `${b.id},${c.id}`, toTeamId: '2402', reason: '片区调整' });
    expect(many.body.data).toHaveLength(2);
    const proposals = many.body.data as { id: string; archId: string }[];
    const [tb, tc] = [proposals.find((p) => p.archId === b.id), proposals.find((p) => p.archId === c.id)];
    // The team leader is not of team 2402: not the receiving side.
    expect((await leader.post(`${D}/barch-confirm`, { ids: [tb!.id] })).body.msg).toBe('只有接收医生或接收团队的成员可以处理该转移申请');
    // All or none: an unknown id refuses the whole call.
    expect((await admin.post(`${D}/barch-confirm`, { ids: [tb!.id, '999999999'] })).status).toBe(404);
    expect((await archive(b.id)).teamId).not.toBe('2402');

    // Another doctor proposes d to the team 2401 (the leader's).
    const td = (await multi.post(`${D}/submit`, { archId: d.id, toTeamId: '2401', reason: '回到一团队' })).body.data as { id: string };
    expect((await leader.post(`${D}/send-back`, { ids: td.id })).body.msg).toBe('请输入退回原因');
    expect((await leader.post(`${D}/send-back?ids=${td.id}&backReason=${encodeURIComponent('不在服务范围')}`)).body.msg).toBe('已退回');
    expect((await leader.get(`${D}/detail?id=${td.id}`)).body.data).toMatchObject({
      status: 2,
      backReason: '不在服务范围',
      confirmUserName: '王强',
    });

    // Withdraw: only the proposer's own pending proposal.
    expect((await doctor.post(`${D}/remove?ids=${tc!.id}`)).status).toBe(404);
    expect((await multi.post(`${D}/remove?ids=${tc!.id}`)).body.msg).toBe('已撤回');

    // 2402 has no member among the seeded users: the administrator confirms? Only the receiving side may.
    expect((await admin.post(`${D}/barch-confirm`, { ids: [tb!.id], removeFamilyDts: 1 })).status).toBe(403);
    // Give the nurse team 2402 (a comma list of teams), then she confirms with removeFamilyDts.
    const nurseRow = (await admin.get('/api/blade-user/detail?id=2303')).body.data as Record<string, unknown>;
    const moved = await admin.post('/api/blade-user/update', { ...nurseRow, teamId: '2401,2402' });
    expect(moved.status).toBe(200);
    // Changing a user ends their sessions: the nurse signs in again.
    const nurse = await loginChoosing(callers.app().app, 'nurse', { 'team-id': '2402' });
    expect((await nurse.post(`${D}/barch-confirm`, { ids: [tb!.id], removeFamilyDts: 1 })).body).toMatchObject({ data: 1 });
    expect(await archive(b.id)).toMatchObject({ teamId: '2402', teamName: '家庭医生二团队', mainDoctorId: '', familyId: '' });
    expect((await doctor.get(`/api/blade-iph-business/userinfomain/family-archives?archId=${b.id}`)).body.data.family).toMatchObject({
      familyNo: 'T-1',
    });
    expect((await doctor.get(`/api/blade-iph-business/userfamilyarchivesdts/list?archId=${b.id}`)).body.data.total).toBe(0);
  });

  it('refuses bad inputs, others’ archives and users without the menu, changing nothing', async () => {
    const [a] = await archives();
    expect((await doctor.post(`${D}/submit`, { archId: a!.id, reason: '无目标' })).body.msg).toBe('请选择接收团队或接收医生');
    expect((await doctor.post(`${D}/submit`, { archId: a!.id, toTeamId: '2402' })).body.msg).toBe('请输入转移原因');
    expect((await doctor.post(`${D}/submit`, { archId: a!.id, toDoctorId: '999', reason: 'x' })).body.msg).toBe('接收医生不存在');
    expect((await doctor.post(`${D}/submit`, { archId: a!.id, toTeamId: '3999', reason: 'x' })).body.msg).toBe('接收团队不存在');
    expect((await doctor.post(`${D}/submit`, { reason: 'x', toTeamId: '2402' })).body.msg).toBe('请选择要转移的档案');
    // Another tenant's archive id is not found, and nothing is proposed.
    const foreign = await otherAdmin.post(`${D}/onekey-submit`, { ids: [a!.id], toTeamId: '2402', reason: 'x' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('接收团队不存在');
    expect((await otherAdmin.get(`${D}/list?side=all`)).body.data.total).toBe(0);
    expect((await doctor.get(`${D}/list?descs=reason`)).body.msg).toBe('不支持按 reason 排序');
    expect((await doctor.get(`${D}/list?reason_like=x`)).status).toBe(400);
    expect((await doctor.get(`${D}/list?ascs=createTime&side=all`)).status).toBe(200);
    expect((await doctor.get(`${D}/teams`)).body.data.map((t: { name: string }) => t.name)).toEqual(['家庭医生一团队', '家庭医生二团队']);
    expect((await cdc.get(`${D}/list`)).status).toBe(403);
    expect((await cdc.post(`${D}/submit`, { archId: a!.id, toTeamId: '2402', reason: 'x' })).status).toBe(403);
  });

  it('answers usertransferarchives (between institutions) with an empty list and a clear refusal', async () => {
    const [a] = await archives();
    expect((await doctor.get(`${X}/list`)).body.data).toMatchObject({ total: 0, records: [] });
    for (const call of ['submit', 'onekey-submit', 'barch-confirm']) {
      const refused = await doctor.post(`${X}/${call}`, { ids: a!.id });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('不支持跨机构转移');
    }
  });
});
