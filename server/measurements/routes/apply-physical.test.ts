// 体检申请 (issue 33, decision 0037): userapplyphysical/* and userapplyproject/listBarCodeData — an
// application of projects for one resident or many, a bar code per resident and project, the label
// rows, and a report saved with a label's bar code marking that project 已出报告.
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { ageOn } from '../services/apply-physical';

const callers = careTeamCallers();
const { admin, otherAdmin, doctor, nurse, cdc } = callers;
const B = '/api/blade-iph-business';
const A = `${B}/userapplyphysical`;

const today = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
})();

const archives = async (): Promise<{ id: string; personName: string }[]> =>
  (await admin.get(`${B}/commuserarchives/list?current=1&size=3`)).body.data.records as { id: string; personName: string }[];

describe('userapplyphysical: physical-exam applications and their labels', () => {
  it('applies for one resident or many, lists the projects with bar codes and prints the label rows', async () => {
    const [a, b] = await archives();
    const xcg = (await admin.post(`${B}/ehrproject/submit`, { projType: 2, projCode: 'AXCG', projName: '血常规' })).body.data.id as string;
    const ecg = (await admin.post(`${B}/ehrproject/submit`, { projType: 3, projCode: 'AECG', projName: '心电图' })).body.data.id as string;

    const one = await doctor.post(`${A}/apply-modal`, { archId: a!.id, projIds: [xcg, ecg], remark: '年度体检' });
    expect(one.body).toMatchObject({ msg: '申请成功', data: { residents: 1, projects: 2 } });
    const many = await nurse.post(`${A}/apply-modal-archs`, { archIds: [a!.id, b!.id], projIds: [xcg], applyDate: today });
    expect(many.body.data).toMatchObject({ residents: 2, projects: 2 });

    const list = (await doctor.get(`${A}/list?current=1&size=10&startDate=${today}`)).body.data;
    expect(list.total).toBe(2);
    expect(list.records.find((r: { id: string }) => r.id === one.body.data.id)).toMatchObject({
      apply_date: today,
      apply_doctor: '张伟',
      resident_count: 1,
      project_names: expect.stringContaining('血常规'),
      remark: '年度体检',
    });

    const detail = (await doctor.get(`${A}/detail-right?id=${one.body.data.id}`)).body.data;
    expect(detail.projects).toHaveLength(2);
    expect(detail.projects[0]).toMatchObject({ arch_id: a!.id, name: a!.personName, status: '0', measure_id: null });

    const labels = (await doctor.get(`${B}/userapplyproject/listBarCodeData?mainId=${many.body.data.id}`)).body.data as {
      bar_code: string;
      name: string;
      proj_name: string;
      apply_date: string;
      sex_text: string;
      ageDetail: string;
    }[];
    expect(labels.map((l) => l.name).sort()).toEqual([a!.personName, b!.personName].sort());
    expect(labels[0]).toMatchObject({ proj_name: '血常规', apply_date: today });
    expect(labels[0]!.sex_text).toMatch(/^(男|女)$/);
    expect(labels[0]!.ageDetail).toMatch(/(岁|月|天)$/);
    expect(new Set(labels.map((l) => l.bar_code)).size).toBe(2);

    // The lab's report comes back with the label's bar code: that project is 已出报告.
    const label = labels.find((l) => l.name === b!.personName)!;
    const saved = await doctor.post(`${B}/usermeasure/put-data`, {
      data: [
        { arch_id: b!.id, jyid: 'APPLY-1', bar_code: label.bar_code, uname: b!.personName, proj_type: 2, proj_code: 'AXCG', jyrq: today },
      ],
    });
    expect(saved.status).toBe(200);
    const done = (await doctor.get(`${A}/new-list?archId=${b!.id}&status=1`)).body.data;
    expect(done).toMatchObject({ total: 1, records: [{ bar_code: label.bar_code, status: '1', measure_id: saved.body.data[0].id }] });
    expect((await doctor.get(`${A}/new-list?mainId=${many.body.data.id}&status=0`)).body.data.total).toBe(1);
    expect((await doctor.get(`${A}/new-list?name_like=${encodeURIComponent(b!.personName)}`)).body.data.total).toBe(1);
  });

  it('refuses bad applications whole and keeps other tenants and roles out', async () => {
    const [a] = await archives();
    const xcg = (await admin.post(`${B}/ehrproject/submit`, { projType: 2, projCode: 'BXCG', projName: '血常规' })).body.data.id as string;
    expect((await doctor.post(`${A}/apply-modal`, { archId: a!.id, projIds: [] })).status).toBe(400);
    expect((await doctor.post(`${A}/apply-modal`, { archId: a!.id, projIds: ['999999999'] })).body.msg).toBe('项目不存在：999999999');
    expect((await doctor.post(`${A}/apply-modal-archs`, { archIds: [a!.id, 'nope'], projIds: [xcg] })).body.msg).toBe('档案不存在：nope');
    expect((await doctor.post(`${A}/apply-modal`, { archId: a!.id, projIds: [xcg], applyDate: '2020-01-01' })).body.msg).toBe(
      '申请日期不能早于今天',
    );
    expect((await doctor.post(`${A}/apply-modal`, { archId: a!.id, projIds: [xcg], applyDate: '2026-02-30' })).body.msg).toBe(
      '申请日期格式不正确',
    );
    expect((await doctor.get(`${A}/list?startDate=2026-02-30`)).body.msg).toBe('开始日期格式不正确，应为 yyyy-MM-dd');
    expect((await doctor.get(`${A}/detail-right?id=999999999`)).status).toBe(404);
    expect((await doctor.get(`${B}/userapplyproject/listBarCodeData?mainId=abc`)).status).toBe(400);

    const mine = (await doctor.post(`${A}/apply-modal`, { archId: a!.id, projIds: [xcg] })).body.data.id as string;
    expect((await otherAdmin.get(`${A}/detail-right?id=${mine}`)).status).toBe(404);
    expect((await otherAdmin.get(`${B}/userapplyproject/listBarCodeData?mainId=${mine}`)).status).toBe(404);
    expect((await otherAdmin.get(`${A}/new-list?mainId=${mine}`)).body.data.total).toBe(0);
    expect((await otherAdmin.post(`${A}/apply-modal`, { archId: a!.id, projIds: [xcg] })).status).toBe(404);
    expect((await cdc.get(`${A}/list`)).status).toBe(403);
    expect((await cdc.post(`${A}/apply-modal`, { archId: a!.id, projIds: [xcg] })).status).toBe(403);
  });

  it('says a resident’s age on the label as years, years and months, months or days', () => {
    expect(ageOn('1980-05-20', '2026-11-29')).toEqual({ age: 46, ageDetail: '46岁' });
    expect(ageOn('2025-08-30', '2026-11-29')).toEqual({ age: 1, ageDetail: '1岁2月' });
    expect(ageOn('2026-03-01', '2026-11-29')).toEqual({ age: 0, ageDetail: '8月' });
    expect(ageOn('2026-11-09', '2026-11-29')).toEqual({ age: 0, ageDetail: '20天' });
    expect(ageOn('', '2026-11-29')).toEqual({ age: null, ageDetail: '' });
  });
});
