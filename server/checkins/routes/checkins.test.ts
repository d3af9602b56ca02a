// 签到分组 and 签到记录 (spec 001 §7 usercheckingroup, usercheckinprevent): two resource documents, and
// the groups a resident was checked into (checkin-group-archives-by-arch-id), a named handler.
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const { admin, otherAdmin, doctor, nurse, cdc } = careTeamCallers();
const G = '/api/blade-iph-business/usercheckingroup';
const P = '/api/blade-iph-business/usercheckinprevent';
const BY_ARCH = `${G}/checkin-group-archives-by-arch-id`;

const archives = async (): Promise<{ id: string; personName: string }[]> =>
  (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=4')).body.data.records as {
    id: string;
    personName: string;
  }[];

describe('check-in groups and check-ins (resource documents) and a resident’s groups (named handler)', () => {
  it('keeps groups and their residents with rules, versions and uniqueness, and answers a resident’s groups', async () => {
    const [a, b] = await archives();
    const lecture = await doctor.post(`${G}/submit`, { groupName: '高血压健康讲座', checkinDate: '2026-11-20', place: '社区活动室' });
    expect(lecture.body).toMatchObject({
      msg: '新增成功',
      data: { groupName: '高血压健康讲座', checkinDate: '2026-11-20', rowVersion: 1 },
    });
    const groupId = lecture.body.data.id as string;
    const clinic = (await nurse.post(`${G}/save-or-update`, { groupName: '义诊', checkinDate: '2026-11-25' })).body.data as { id: string };
    expect((await doctor.post(`${G}/save-or-update`, { groupName: '高血压健康讲座', checkinDate: '2026-11-20' })).body.msg).toBe(
      '同一天已有同名的签到分组',
    );
    expect((await doctor.post(`${G}/submit`, { groupName: '空日期' })).body.msg).toBe('请选择签到日期');
    expect((await doctor.post(`${G}/submit`, { groupName: '坏日期', checkinDate: '20-11-2026' })).status).toBe(400);

    // Residents checked in: the group and the archive must be the tenant's; once per group.
    const first = await doctor.post(`${P}/submit`, { groupId, archId: a!.id, measure: '测量血压，发放限盐勺' });
    expect(first.body).toMatchObject({ msg: '新增成功', data: { groupId, archId: a!.id, rowVersion: 1 } });
    await nurse.post(`${P}/save-or-update`, { groupId: clinic.id, archId: a!.id, measure: '测血糖' });
    await doctor.post(`${P}/save-or-update`, { groupId, archId: b!.id, measure: '测量血压' });
    expect((await doctor.post(`${P}/submit`, { groupId, archId: a!.id, measure: '再来一次' })).body.msg).toBe('该居民已在此签到分组中');
    expect((await doctor.post(`${P}/submit`, { groupId, archId: '999999999', measure: '测量' })).body.msg).toBe('档案不存在');
    expect((await doctor.post(`${P}/submit`, { groupId: '999999999', archId: b!.id, measure: '测量' })).body.msg).toBe('签到分组不存在');
    expect((await doctor.post(`${P}/submit`, { groupId, archId: b!.id })).body.msg).toBe('请输入预防措施');

    expect((await doctor.get(`${P}/list?groupId_equal=${groupId}`)).body.data.total).toBe(2);
    expect((await doctor.get(`${P}/new-list?archId_equal=${a!.id}`)).body.data.total).toBe(2);
    const checkin = first.body.data as { id: string };
    expect((await doctor.get(`${P}/detail?id=${checkin.id}`)).body.data).toMatchObject({ measure: '测量血压，发放限盐勺' });
    expect((await doctor.post(`${P}/save-or-update`, { id: checkin.id, measure: '改' })).status).toBe(428);
    expect((await doctor.post(`${P}/submit`, { id: checkin.id, rowVersion: 1, measure: '测量血压并随访' })).body.data.rowVersion).toBe(2);
    expect((await doctor.post(`${P}/submit`, { id: checkin.id, rowVersion: 1, measure: '旧' })).status).toBe(409);

    // A resident's groups, newest first, with the check-in's measure.
    const groupsOfA = (await doctor.post(BY_ARCH, { archId: a!.id })).body.data as {
      groupName: string;
      measure: string;
      preventId: string;
    }[];
    expect(groupsOfA.map((g) => `${g.groupName}:${g.measure}`)).toEqual(['义诊:测血糖', '高血压健康讲座:测量血压并随访']);
    expect(groupsOfA[1]!.preventId).toBe(checkin.id);
    expect((await doctor.post(BY_ARCH, { archId: '999999999' })).body.msg).toBe('档案不存在');
    expect((await doctor.post(BY_ARCH, {})).status).toBe(400);

    // The group itself: list, new-list, detail, versions; not removed while residents are checked in.
    expect((await doctor.get(`${G}/new-list?groupName=讲座`)).body.data.total).toBe(1);
    expect(
      (await doctor.get(`${G}/list?checkinDate_ge=2026-11-21`)).body.data.records.map((g: { groupName: string }) => g.groupName),
    ).toEqual(['义诊']);
    expect((await doctor.get(`${G}/detail?id=${groupId}`)).body.data).toMatchObject({ place: '社区活动室' });
    expect((await doctor.post(`${G}/submit`, { id: groupId, place: '卫生站' })).status).toBe(428);
    expect((await doctor.post(`${G}/save-or-update`, { id: groupId, rowVersion: 1, place: '卫生站' })).body.data.rowVersion).toBe(2);
    expect((await doctor.post(`${G}/submit`, { id: groupId, rowVersion: 1, place: '旧' })).status).toBe(409);
    expect((await doctor.post(`${G}/remove?ids=${groupId}`)).body.msg).toBe('该签到分组下还有签到的居民，请先移除签到记录');
    const residents = (await doctor.get(`${P}/list?groupId_equal=${groupId}`)).body.data.records as { id: string }[];
    expect((await doctor.post(`${P}/remove?ids=${residents.map((r) => r.id).join(',')}`)).body.msg).toBe('删除成功');
    expect((await doctor.post(`${G}/remove?ids=${groupId}`)).body.msg).toBe('删除成功');
    expect(((await doctor.post(BY_ARCH, { archId: a!.id })).body.data as unknown[]).length).toBe(1);
  });

  it('refuses bad list parameters, another tenant’s rows and archives, and callers without the menus', async () => {
    const [, , c] = await archives();
    expect((await doctor.get(`${G}/list?descs=place`)).body.msg).toBe('不支持按 place 排序');
    expect((await doctor.get(`${G}/list?remark_like=x`)).body.msg).toBe('不支持的查询条件: remark_like');
    expect((await doctor.get(`${P}/list?ascs=measure`)).body.msg).toBe('不支持按 measure 排序');
    expect((await doctor.get(`${P}/new-list?remark=x`)).body.msg).toBe('不支持的查询条件: remark');
    const group = (await doctor.post(`${G}/submit`, { groupName: '接种', checkinDate: '2026-11-26' })).body.data as { id: string };
    const checkin = (await doctor.post(`${P}/submit`, { groupId: group.id, archId: c!.id, measure: '接种流感疫苗' })).body.data as {
      id: string;
    };
    expect((await otherAdmin.get(`${G}/detail?id=${group.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${G}/remove?ids=${group.id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${P}/detail?id=${checkin.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${P}/remove?ids=${checkin.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${P}/submit`, { groupId: group.id, archId: c!.id, measure: '测量' })).body.msg).toBe('签到分组不存在');
    const theirs = (await otherAdmin.post(`${G}/submit`, { groupName: '接种', checkinDate: '2026-11-26' })).body.data as { id: string };
    expect((await otherAdmin.post(`${P}/submit`, { groupId: theirs.id, archId: c!.id, measure: '测量' })).body.msg).toBe('档案不存在');
    expect((await otherAdmin.post(BY_ARCH, { archId: c!.id })).status).toBe(404);
    expect((await doctor.get(`${P}/detail?id=${checkin.id}`)).body.data.measure).toBe('接种流感疫苗');
    // The disease-control user has neither menu nor the archives' work.
    expect((await cdc.get(`${G}/list`)).status).toBe(403);
    expect((await cdc.post(`${P}/save-or-update`, { groupId: group.id, archId: c!.id, measure: '测量' })).status).toBe(403);
    expect((await cdc.post(BY_ARCH, { archId: c!.id })).status).toBe(403);
  });
});
