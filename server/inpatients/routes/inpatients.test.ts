// 住院记录 (spec 001 §7 userinpatient): a resource document (list, detail, submit, remove) and
// associated-archives, the named handler that links records without an archive by id card.
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const callers = careTeamCallers();
const { admin, otherAdmin, doctor, nurse, cdc } = callers;
const I = '/api/blade-iph-business/userinpatient';
const LINK = `${I}/associated-archives`;
const stay = {
  patientName: '陈明',
  hospital: '河源市人民医院',
  department: '呼吸内科',
  admissionDate: '2026-11-01',
  diagnosis: '社区获得性肺炎',
};

const archives = async (): Promise<{ id: string; personName: string }[]> =>
  (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=4')).body.data.records as {
    id: string;
    personName: string;
  }[];
const idCardOf = async (archId: string): Promise<string> =>
  (await callers.app().deps.db.selectFrom('user_archive').select('id_card').where('id', '=', archId).executeTakeFirstOrThrow()).id_card;

describe('in-patient records (a resource document) and linking them to archives (named handler)', () => {
  it('keeps a resident’s stays with the dialog’s rules and versions, and links reported stays by id card', async () => {
    const [a, b] = await archives();
    const created = await doctor.post(`${I}/submit`, { ...stay, archId: a!.id, dischargeDate: '2026-11-08' });
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...stay, archId: a!.id, dischargeDate: '2026-11-08', rowVersion: 1 } });
    const { id } = created.body.data as { id: string };
    expect((await doctor.post(`${I}/submit`, stay)).body.msg).toBe('请选择居民档案或填写身份证号');
    expect((await doctor.post(`${I}/submit`, { ...stay, archId: a!.id, dischargeDate: '2026-10-30' })).body.msg).toBe(
      '出院日期不能早于入院日期',
    );
    expect((await doctor.post(`${I}/submit`, { ...stay, archId: '999999999' })).body.msg).toBe('档案不存在');
    expect((await doctor.post(`${I}/submit`, { ...stay, idCard: '12345' })).body.msg).toBe('身份证号应为18位');
    expect((await doctor.post(`${I}/submit`, { ...stay, archId: a!.id, diagnosis: '' })).body.msg).toBe('请输入诊断');

    // The list, its filters and order; detail; versions.
    expect((await doctor.get(`${I}/list?archId_equal=${a!.id}`)).body.data.total).toBe(1);
    expect((await doctor.get(`${I}/list?hospital=人民医院&admissionDate_ge=2026-11-01&descs=dischargeDate`)).body.data.total).toBe(1);
    expect((await doctor.get(`${I}/list?descs=diagnosis`)).body.msg).toBe('不支持按 diagnosis 排序');
    expect((await doctor.get(`${I}/list?dischargeSummary_like=x`)).body.msg).toBe('不支持的查询条件: dischargeSummary_like');
    expect((await nurse.get(`${I}/detail?id=${id}`)).body.data).toMatchObject({ department: '呼吸内科', dischargeSummary: '' });
    expect((await doctor.post(`${I}/submit`, { id, dischargeSummary: '好转出院' })).status).toBe(428);
    expect((await doctor.post(`${I}/submit`, { id, rowVersion: 1, dischargeSummary: '好转出院' })).body.data.rowVersion).toBe(2);
    expect((await doctor.post(`${I}/submit`, { id, rowVersion: 1, dischargeSummary: '旧' })).status).toBe(409);

    // Reported by a hospital with the id card only: linked to the tenant's archive of that card.
    const card = await idCardOf(b!.id);
    const reported = (await doctor.post(`${I}/submit`, { ...stay, patientName: b!.personName, idCard: card.toLowerCase() })).body.data as {
      id: string;
      archId: string | null;
    };
    expect(reported.archId).toBeNull();
    const stranger = (await doctor.post(`${I}/submit`, { ...stay, patientName: '外院病人', idCard: '110101199001011237' })).body.data as {
      id: string;
    };
    const linked = await nurse.post(LINK, { ids: reported.id });
    expect(linked.body).toMatchObject({
      msg: '已关联 1 条住院记录',
      data: { linked: [{ id: reported.id, archId: b!.id, personName: b!.personName }], unmatched: 0 },
    });
    expect((await doctor.get(`${I}/detail?id=${reported.id}`)).body.data).toMatchObject({ archId: b!.id, rowVersion: 2 });
    // All the tenant's: the linked and the record of an archive stay as they are; the stranger has no archive.
    expect((await doctor.post(LINK, {})).body.data).toEqual({ linked: [], unmatched: 1 });
    expect((await doctor.get(`${I}/detail?id=${id}`)).body.data).toMatchObject({ archId: a!.id, rowVersion: 2 });
    expect((await doctor.post(LINK, { ids: '999999999' })).status).toBe(404);
    expect((await doctor.post(LINK, { ids: 'x,1' })).status).toBe(400);
    expect((await doctor.post(LINK, { ids: stranger.id, archId: b!.id })).status).toBe(400);

    expect((await doctor.post(`${I}/remove?ids=${stranger.id}`)).body.msg).toBe('删除成功');
    expect((await doctor.post(`${I}/remove?ids=${stranger.id}`)).status).toBe(404);
  });

  it('keeps another tenant and callers without the menu out, changing nothing', async () => {
    const [, , c] = await archives();
    const own = (await doctor.post(`${I}/submit`, { ...stay, idCard: await idCardOf(c!.id) })).body.data as { id: string };
    expect((await otherAdmin.get(`${I}/detail?id=${own.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${I}/remove?ids=${own.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${I}/submit`, { id: own.id, rowVersion: 1, diagnosis: '改' })).status).toBe(404);
    expect((await otherAdmin.post(LINK, { ids: own.id })).status).toBe(404);
    expect((await otherAdmin.post(`${I}/submit`, { ...stay, archId: c!.id })).body.msg).toBe('档案不存在');
    // Their own record with our resident's id card finds no archive of theirs.
    const theirs = (await otherAdmin.post(`${I}/submit`, { ...stay, idCard: await idCardOf(c!.id) })).body.data as { id: string };
    expect((await otherAdmin.post(LINK, { ids: theirs.id })).body.data).toEqual({ linked: [], unmatched: 1 });
    expect((await otherAdmin.get(`${I}/list`)).body.data.total).toBe(1);
    expect((await cdc.get(`${I}/list`)).status).toBe(403);
    expect((await cdc.post(LINK, {})).status).toBe(403);
    expect((await doctor.get(`${I}/detail?id=${own.id}`)).body.data).toMatchObject({ archId: null, rowVersion: 1 });
    expect((await doctor.post(LINK, { ids: own.id })).body.data.linked).toEqual([{ id: own.id, archId: c!.id, personName: c!.personName }]);
  });
});
