// A tablet's device reading kept as the resident's measurement record (decision 0046): the 测量 button
// puts it through usermeasure/put-data as a 测量报告 naming only the archive; the server takes the
// resident's name, sex and id card from the archive, and the record is in the resident's history
// (measure-list, cl-project-new-List) with its result rows. An archive of another tenant is 档案不存在.
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const c = careTeamCallers();
const B = '/api/blade-iph-business';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The body the 测量 button sends for a left-arm blood pressure (src/bridges/measurement-device.ts readingToReport). */
const deviceReport = (archId: string, jyid: string) => ({
  arch_id: archId,
  jyid,
  uname: '',
  proj_type: 1,
  proj_name: '血压（左臂）',
  jyxm_dm: '300005',
  jyxm_mc: '血压（左臂）',
  source_code: '0',
  jyrq: today(),
  bgrq: today(),
  remark: '平板设备测量',
  results: [
    { jyzb_code: 'L-SBP', jyzb_name: '左侧收缩压', jyzb_result: '138', jyzb_unit: 'mmHg' },
    { jyzb_code: 'L-DBP', jyzb_name: '左侧舒张压', jyzb_result: '86', jyzb_unit: 'mmHg' },
    { jyzb_code: 'PR', jyzb_name: '脉率', jyzb_result: '72', jyzb_unit: '次/分钟' },
  ],
});

describe('a device reading becomes a measurement record', () => {
  it('is stored for the archive, named from it, and listed in the resident’s history with its results', async () => {
    const archive = (await c.doctor.get(`${B}/commuserarchives/list?current=1&size=1`)).body.data.records[0] as {
      id: string;
      personName: string;
      sex: string;
    };
    const put = await c.doctor.post(`${B}/usermeasure/put-data`, { data: [deviceReport(archive.id, 'SB20261130101010000T31-dev1')] });
    expect(put.body.success, JSON.stringify(put.body)).toBe(true);
    const [saved] = put.body.data as { id: string; arch_id: string; overwritten: boolean }[];
    expect(saved).toMatchObject({ arch_id: archive.id, overwritten: false });

    const history = (await c.doctor.get(`${B}/usermeasure/measure-list?archId=${archive.id}&projType=1`)).body.data as {
      id: string;
      jyid: string;
      isType: number;
      jyxmDm_projCode: string;
      result_count: number;
    }[];
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: saved!.id,
          jyid: 'SB20261130101010000T31-dev1',
          isType: 1,
          jyxmDm_projCode: '300005',
          result_count: 3,
        }),
      ]),
    );
    const detail = (await c.doctor.get(`${B}/usermeasureproject/detail?id=${saved!.id}`)).body.data;
    expect(detail).toMatchObject({ uname: archive.personName, proj_type: 1, proj_type_text: '测量报告', jyxm_mc: '血压（左臂）' });
    expect(detail.usex).not.toBe('');
    expect(detail.results.map((r: { jyzb_name: string; jyzb_result: string }) => `${r.jyzb_name}${r.jyzb_result}`)).toEqual([
      '左侧收缩压138',
      '左侧舒张压86',
      '脉率72',
    ]);
    const range = (await c.doctor.get(`${B}/usermeasureproject/cl-project-new-List?archId=${archive.id}&projType=1`)).body.data as {
      id: string;
    }[];
    expect(range.map((r) => r.id)).toContain(saved!.id);
  });

  it('an archive not the caller’s tenant’s is 档案不存在 and nothing is kept', async () => {
    const archive = (await c.doctor.get(`${B}/commuserarchives/list?current=1&size=1`)).body.data.records[0] as { id: string };
    const put = await c.otherAdmin.post(`${B}/usermeasure/put-data`, { data: [deviceReport(archive.id, 'SB20261130101010000T31-dev2')] });
    expect(put.body.success).toBe(false);
    expect(put.body.msg).toContain('档案不存在');
    const found = await c.otherAdmin.get(`${B}/usermeasure/cl-new-list?jyid=SB20261130101010000T31-dev2`);
    expect(found.status).toBe(404);
  });
});
