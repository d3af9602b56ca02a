// 家庭档案 (spec 001 §3, §7 userfamilyarchives, userfamilyarchivesdts, userinfomain/family-archives):
// the family is a resource document; its members are named handlers because adding and removing one
// changes the member's archive (family_id, with its version and history).
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const { admin, otherAdmin, doctor, cdc } = careTeamCallers();
const F = '/api/blade-iph-business/userfamilyarchives';
const M = '/api/blade-iph-business/userfamilyarchivesdts';
const FAMILY_OF = '/api/blade-iph-business/userinfomain/family-archives';

interface Archive {
  id: string;
  personName: string;
  familyId: string;
  rowVersion: number;
}
const archives = async (): Promise<Archive[]> =>
  (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=8')).body.data.records as Archive[];
const archive = async (id: string): Promise<Archive> =>
  (await doctor.get(`/api/blade-iph-business/commuserarchives/detail?id=${id}`)).body.data as Archive;

describe('family archives (a resource document) and members (named handlers)', () => {
  it('keeps a family of three: each member’s archive joins it (version and history), and each member’s detail shows the family', async () => {
    const [head, spouse, child] = await archives();
    const created = await doctor.post(`${F}/submit`, { familyNo: 'F-0001', householderArchId: head!.id, address: '幸福路 1 号' });
    expect(created.body).toMatchObject({ msg: '新增成功', data: { familyNo: 'F-0001', householderArchId: head!.id, rowVersion: 1 } });
    const familyId = created.body.data.id as string;
    // save-or-update is the same call; the dialog's rules and uniqueness are the document's.
    expect((await doctor.post(`${F}/save-or-update`, { familyNo: 'F-0001', householderArchId: spouse!.id })).body.msg).toBe(
      '家庭编号已存在',
    );
    expect((await doctor.post(`${F}/save-or-update`, { familyNo: 'F 2', householderArchId: spouse!.id })).body.msg).toBe(
      '家庭编号只含字母、数字和 -, 不超过 32 位',
    );
    expect((await doctor.post(`${F}/submit`, { familyNo: 'F-0002', householderArchId: head!.id })).body.msg).toBe(
      '该居民已是另一个家庭的户主',
    );
    expect((await doctor.post(`${F}/submit`, { familyNo: 'F-0003', householderArchId: '999999999' })).body.msg).toBe('户主档案不存在');

    const before = await archive(spouse!.id);
    const headMember = await doctor.post(`${M}/save-or-update`, { familyId, archId: head!.id, relation: '02' });
    expect(headMember.body).toMatchObject({ msg: '新增成功', data: { archId: head!.id, relation: '02', relationName: '户主' } });
    const spouseMember = await doctor.post(`${M}/submit`, { familyId, archId: spouse!.id, relation: '10' });
    expect(spouseMember.body.data).toMatchObject({ personName: spouse!.personName, relationName: '配偶' });
    await doctor.post(`${M}/save-or-update`, { familyId, archId: child!.id, relation: '20' });
    const after = await archive(spouse!.id);
    expect(after).toMatchObject({ familyId, rowVersion: before.rowVersion + 1 });
    const history = (await doctor.get(`/api/blade-iph-business/userarchivesdev/history?archId=${spouse!.id}`)).body.data as {
      changes: { field: string; after: unknown }[];
    }[];
    expect(history[0]!.changes).toEqual([{ field: 'familyId', before: before.familyId, after: familyId }]);

    // Twice in a family, a relation outside the dictionary, a missing one: clear refusals, nothing added.
    expect((await doctor.post(`${M}/save-or-update`, { familyId, archId: child!.id, relation: '30' })).body.msg).toBe(
      '该居民已是家庭 F-0001 的成员，请先从原家庭移除',
    );
    expect((await doctor.post(`${M}/save-or-update`, { familyId, archId: '999999999', relation: '77' })).body.msg).toBe(
      '与户主关系不在字典 family_relation 中',
    );
    expect((await doctor.post(`${M}/save-or-update`, { familyId, archId: (await archives())[3]!.id })).body.msg).toBe('请选择与户主关系');

    for (const member of [head!, spouse!, child!]) {
      const family = (await doctor.get(`${FAMILY_OF}?archId=${member.id}`)).body.data;
      expect(family.family).toMatchObject({ familyNo: 'F-0001', householderName: head!.personName });
      expect(family.members.map((m: { personName: string; relationName: string }) => `${m.personName}:${m.relationName}`)).toEqual([
        `${head!.personName}:户主`,
        `${spouse!.personName}:配偶`,
        `${child!.personName}:子`,
      ]);
    }
    const list = (await doctor.get(`${M}/list?familyId=${familyId}`)).body.data;
    expect(list.total).toBe(3);
    expect((await doctor.get(`${M}/new-list?archId=${child!.id}`)).body.data.records).toHaveLength(1);
    const member = (await doctor.get(`${M}/detail?id=${spouseMember.body.data.id}`)).body.data;
    expect(member).toMatchObject({ relation: '10', rowVersion: 1 });

    // A member's relation changes over the version read: 428 without, 409 stale; family and archive stay.
    expect((await doctor.post(`${M}/save-or-update`, { id: member.id, relation: '70' })).status).toBe(428);
    expect((await doctor.post(`${M}/save-or-update`, { id: member.id, rowVersion: 1, relation: '80' })).body.data.relation).toBe('80');
    expect((await doctor.post(`${M}/save-or-update`, { id: member.id, rowVersion: 1, relation: '70' })).status).toBe(409);
    expect((await doctor.post(`${M}/save-or-update`, { id: member.id, rowVersion: 2, archId: head!.id })).body.msg).toBe(
      '成员档案和所属家庭不可修改，请移除后重新添加',
    );

    // Removing a member takes the archive out of the family.
    expect((await doctor.post(`${M}/remove?ids=${member.id}`)).body.msg).toBe('删除成功');
    expect(await archive(spouse!.id)).toMatchObject({ familyId: '', rowVersion: before.rowVersion + 2 });
    expect((await doctor.get(`${FAMILY_OF}?archId=${spouse!.id}`)).body.data).toEqual({ family: null, members: [] });
    expect((await doctor.post(`${M}/remove?ids=${member.id}`)).status).toBe(404);

    // The family itself: the generic list, detail, update over versions.
    expect((await doctor.get(`${F}/new-list?familyNo_like=F-00`)).body.data.total).toBe(1);
    expect((await doctor.get(`${F}/detail?id=${familyId}`)).body.data).toMatchObject({ address: '幸福路 1 号' });
    expect((await doctor.post(`${F}/submit`, { id: familyId, address: '幸福路 2 号' })).status).toBe(428);
    expect((await doctor.post(`${F}/submit`, { id: familyId, rowVersion: 1, address: '幸福路 2 号' })).body.data.rowVersion).toBe(2);
    expect((await doctor.post(`${F}/save-or-update`, { id: familyId, rowVersion: 1, address: '幸福路 3 号' })).status).toBe(409);
  });

  it('refuses bad list parameters and another tenant’s rows and archives, changing nothing', async () => {
    expect((await doctor.get(`${F}/list?descs=remark`)).body.msg).toBe('不支持按 remark 排序');
    expect((await doctor.get(`${F}/list?remark_like=x`)).body.msg).toBe('不支持的查询条件: remark_like');
    expect((await doctor.get(`${M}/list?personName=x`)).status).toBe(400);
    const [, , , lone] = await archives();
    const theirs = await otherAdmin.post(`${F}/submit`, { familyNo: 'F-0001', householderArchId: lone!.id });
    expect(theirs.body.msg).toBe('户主档案不存在');
    const own = (await otherAdmin.post(`${F}/submit`, { familyNo: 'F-9', householderArchId: '1' })).body;
    expect(own.msg).toBe('户主档案不存在');
    const family = (await doctor.post(`${F}/submit`, { familyNo: 'F-0100', householderArchId: lone!.id })).body.data as { id: string };
    expect((await otherAdmin.get(`${F}/detail?id=${family.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${F}/remove?ids=${family.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${M}/save-or-update`, { familyId: family.id, archId: lone!.id, relation: '02' })).body.msg).toBe(
      '家庭档案不存在',
    );
    expect((await otherAdmin.get(`${FAMILY_OF}?archId=${lone!.id}`)).status).toBe(404);
    const member = (await doctor.post(`${M}/save-or-update`, { familyId: family.id, archId: lone!.id, relation: '02' })).body.data as {
      id: string;
    };
    expect((await otherAdmin.post(`${M}/remove?ids=${member.id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${M}/detail?id=${member.id}`)).status).toBe(404);
    expect((await archive(lone!.id)).familyId).toBe(family.id);
    // The disease-control user has neither menu.
    expect((await cdc.get(`${F}/list`)).status).toBe(403);
    expect((await cdc.post(`${M}/save-or-update`, { familyId: family.id, archId: lone!.id, relation: '02' })).status).toBe(403);
    // The family can be removed by its tenant.
    expect((await doctor.post(`${F}/remove?ids=${family.id}`)).body.msg).toBe('删除成功');
  });
});
