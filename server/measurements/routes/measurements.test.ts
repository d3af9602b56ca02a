// 测量 / 检验 / 检查报告 (issue 33, decision 0037): usermeasure/* and usermeasureproject/* — a report
// saved by the entry dialog or put by a lab system, overwritten by its jyid, read back in every shape
// the spec names, feeding the health-record values, imported from a sheet all or none, linked to
// archives by id card, removed; another tenant sees and changes nothing; bad input is a 4xx.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const callers = careTeamCallers();
const { admin, otherAdmin, doctor, nurse, cdc } = callers;
const B = '/api/blade-iph-business';
const M = `${B}/usermeasure`;
const P = `${B}/usermeasureproject`;

const archives = async (): Promise<{ id: string; personName: string }[]> =>
  (await admin.get(`${B}/commuserarchives/list?current=1&size=6`)).body.data.records as { id: string; personName: string }[];
const idCardOf = async (archId: string): Promise<string> =>
  (await callers.app().deps.db.selectFrom('user_archive').select('id_card').where('id', '=', archId).executeTakeFirstOrThrow()).id_card;

const today = new Date();
const day = (offset: number) => {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The lab project 血常规 (XCG) of the tree with two indicators, made once per file. */
let projectId = '';
async function labProject(): Promise<string> {
  if (projectId) return projectId;
  projectId = (await admin.post(`${B}/ehrproject/submit`, { projType: 2, projCode: 'MXCG', projName: '血常规' })).body.data.id as string;
  await admin.post(`${B}/ehr/submit`, {
    ehrCode: 'MWBC',
    ehrName: '白细胞计数',
    unit: '10^9/L',
    projectId,
    normalLow: 3.5,
    normalHigh: 9.5,
  });
  await admin.post(`${B}/ehr/submit`, { ehrCode: 'MHGB', ehrName: '血红蛋白', unit: 'g/L', projectId, normalLow: 115, normalHigh: 150 });
  return projectId;
}

const labReport = (archId: string, jyid: string, wbc = '6.1', hgb = '132') => ({
  arch_id: archId,
  jyid,
  uname: '陈明',
  proj_type: 2,
  proj_code: 'MXCG',
  charge: 3,
  card_type: '1',
  source_code: '0',
  cjrq: day(-1),
  jyrq: day(0),
  bgrq: day(0),
  bgys_xm: '张伟',
  results: [
    { jyzb_code: 'WBC', jyzb_name: '白细胞计数', jyzb_result: wbc, ehr_code: 'MWBC' },
    { jyzb_code: 'HGB', jyzb_name: '血红蛋白', jyzb_result: hgb, jyzb_unit: 'g/L', ehr_code: 'MHGB' },
  ],
});

async function sheet(
  rows: (string | number)[][],
  header = ['检验单号*', '姓名*', '证件号码', '报告类型*', '项目编码', '检验日期*', '指标名称*', '结果*', '单位', '健康档案指标编码'],
) {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('报告');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function upload(caller: typeof admin, file: Buffer, filename = '报告.xlsx') {
  const boundary = '----measureimport';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return caller.post(`${P}/import-measure`, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

describe('usermeasure: saving reports, overwriting by jyid', () => {
  it('saves a lab report with its result rows, overwrites it by jyid saying so, and feeds the resident’s health-record values', async () => {
    await labProject();
    const [a] = await archives();
    const first = await doctor.post(`${M}/save-measure-data`, labReport(a!.id, 'JY-T-001'));
    expect(first.body).toMatchObject({ msg: '保存成功', data: { jyid: 'JY-T-001', arch_id: a!.id, overwritten: false } });
    const { id } = first.body.data as { id: string };

    const detail = (await nurse.get(`${P}/detail?id=${id}`)).body.data;
    expect(detail).toMatchObject({
      jyid: 'JY-T-001',
      proj_type: 2,
      proj_type_text: '检验报告',
      proj_name: '血常规',
      charge_text: '未知',
      source_name: '本系统',
      yydm: '100001',
      jyrq: day(0),
      cjrq: day(-1),
    });
    expect(detail.yymc).not.toBe('');
    expect(detail.results).toMatchObject([
      { sort: 1, jyzb_name: '白细胞计数', jyzb_result: '6.1', jyzb_unit: '10^9/L', ehr_code: 'MWBC', ehr_name: '白细胞计数' },
      { sort: 2, jyzb_name: '血红蛋白', jyzb_result: '132', jyzb_unit: 'g/L', ehr_code: 'MHGB' },
    ]);
    const value = await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'MWBC', arch_id: a!.id, hasRules: 1 });
    expect(value.body.data).toMatchObject({ value: '6.1', judgement: '正常' });

    // The same jyid again: the earlier report is overwritten, not doubled, and the answer says so.
    const again = await doctor.post(`${M}/save-measure-data`, {
      ...labReport(a!.id, 'JY-T-001', '12.4'),
      results: [{ jyzb_code: 'WBC', jyzb_name: '白细胞计数', jyzb_result: '12.4', ehr_code: 'MWBC' }],
    });
    expect(again.body).toMatchObject({ msg: '检验单号 JY-T-001 已存在，已覆盖原报告', data: { id, overwritten: true } });
    expect((await doctor.get(`${P}/list?jyid_equal=JY-T-001`)).body.data.total).toBe(1);
    expect((await doctor.get(`${P}/detail-list?id=${id}`)).body.data).toMatchObject([{ jyzb_result: '12.4', jyid: 'JY-T-001' }]);
    expect((await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'MWBC', arch_id: a!.id, hasRules: 1 })).body.data).toMatchObject({
      value: '12.4',
      judgement: '偏高',
    });
    // The overwritten report's haemoglobin is gone from the resident's values.
    expect((await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'MHGB', arch_id: a!.id, hasRules: 0 })).body.data.value).toBeNull();
  });

  it('reads a resident’s reports and results in every shape the spec names', async () => {
    await labProject();
    const [, b] = await archives();
    const one = (
      await doctor.post(`${M}/save-measure-data`, { ...labReport(b!.id, 'JY-R-001', '5.0'), jyrq: day(-3), cjrq: day(-3), bgrq: day(-2) })
    ).body.data as { id: string };
    const two = (await doctor.post(`${M}/save-measure-data`, labReport(b!.id, 'JY-R-002', '7.0'))).body.data as { id: string };

    const page = (await doctor.get(`${P}/list?archId=${b!.id}&current=1&size=10`)).body.data;
    expect(page).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(page.records.map((r: { jyid: string }) => r.jyid)).toEqual(['JY-R-002', 'JY-R-001']);
    expect((await doctor.get(`${P}/list?archId=${b!.id}&ascs=jyrq`)).body.data.records[0].jyid).toBe('JY-R-001');
    expect((await doctor.get(`${P}/list?archId=${b!.id}&startDate=${day(-1)}`)).body.data.total).toBe(1);
    expect((await doctor.get(`${P}/list?uname_like=陈&projType=2&archId=${b!.id}`)).body.data.total).toBe(2);
    expect((await doctor.get(`${P}/list?archId=${b!.id}&proj_type_equal=1`)).body.data.total).toBe(0);
    expect((await doctor.get(`${P}/list?descs=uname`)).body.msg).toBe('不支持按 uname 排序');

    const lists = (await doctor.get(`${P}/detail-lists?ids=${one.id},${two.id}`)).body.data as { measure_id: string }[];
    expect(lists).toHaveLength(4);
    const history = (await doctor.get(`${P}/detail-list-arch?archId=${b!.id}&ehrCode=MWBC`)).body.data as {
      jyzb_result: string;
      jyrq: string;
    }[];
    expect(history.map((h) => [h.jyrq, h.jyzb_result])).toEqual([
      [day(0), '7.0'],
      [day(-3), '5.0'],
    ]);
    const range = (await doctor.get(`${P}/cl-project-new-List?archId=${b!.id}&startDate=${day(-5)}&endDate=${day(-1)}&projType=2`)).body
      .data;
    expect(range.map((r: { jyid: string }) => r.jyid)).toEqual(['JY-R-001']);
    const ofDay = (await doctor.get(`${P}/get-cl-data-cureent-day?archId=${b!.id}&date=${day(-3)}`)).body.data as { jyzb_name: string }[];
    expect(ofDay.map((r) => r.jyzb_name)).toEqual(['白细胞计数', '血红蛋白']);

    expect((await doctor.get(`${M}/measure-list?archId=${b!.id}`)).body.data).toMatchObject([
      { jyid: 'JY-R-002', jyrq: day(0), jyxmDm_projCode: 'MXCG', isType: 2, result_count: 2 },
      { jyid: 'JY-R-001', isType: 2 },
    ]);
    expect((await doctor.get(`${M}/cl-new-list?jyid=JY-R-001`)).body.data).toMatchObject({ id: one.id, bgrq: day(-2) });
    expect((await doctor.get(`${M}/cl-new-list?jyid=NOPE`)).status).toBe(404);
    const projects = (await doctor.get(`${M}/measure-project-list?projType=2&projCode=MXCG`)).body.data;
    expect(projects).toMatchObject([
      {
        proj_code: 'MXCG',
        proj_name: '血常规',
        // In the indicators' sort, then code.
        indicators: [
          { ehr_code: 'MHGB', ehr_name: '血红蛋白', unit: 'g/L' },
          { ehr_code: 'MWBC', ehr_name: '白细胞计数', unit: '10^9/L' },
        ],
      },
    ]);
  });

  it('refuses bad reports with the form’s and the report’s messages, saving nothing', async () => {
    await labProject();
    const [a] = await archives();
    const good = labReport(a!.id, 'JY-BAD-1');
    const refused = async (body: object, status = 400) => {
      const answer = await doctor.post(`${M}/save-measure-data`, body);
      expect(answer.status).toBe(status);
      return answer.body.msg as string;
    };
    expect(await refused({ ...good, jyid: '' })).toBe('请输入检验单号');
    expect(await refused({ ...good, jyid: 'JY 1' })).toBe('检验单号只能包含字母、数字、下划线和短横线，最长50位');
    expect(await refused({ ...good, uname: ' ' })).toBe('请输入姓名');
    expect(await refused({ ...good, proj_code: '' })).toBe('请选择项目');
    expect(await refused({ ...good, cjrq: day(0), jyrq: day(-1), bgrq: day(0) })).toBe('检验日期不能早于采集日期');
    expect(await refused({ ...good, jyrq: day(2), bgrq: day(2) })).toBe('检验日期不能晚于今天');
    expect(await refused({ ...good, proj_code: 'NOPE' })).toBe('项目不存在：NOPE');
    expect(await refused({ ...good, results: [{ jyzb_name: '', jyzb_result: '1' }] })).toBe('第1行结果：请输入指标名称');
    expect(await refused({ ...good, results: [{ jyzb_name: 'x', jyzb_result: '1', ehr_code: 'NOPE' }] })).toBe(
      '第1行结果：健康档案指标 NOPE 不存在',
    );
    expect(await refused({ ...good, reports: [{ file_url: '/oss/a.png', check_result: '正常' }] })).toBe('只有检查报告可以上传报告图片');
    expect(await refused({ ...good, proj_type: 4 })).toMatch(/proj_type/);
    expect(await refused({ ...good, usex: '7' })).toBe('性别不正确');
    expect(await refused({ ...good, arch_id: '999999999' }, 404)).toBe('档案不存在');
    expect(await refused({ ...good, extra: 1 })).toMatch(/extra/);
    expect((await doctor.get(`${P}/list?jyid_equal=JY-BAD-1`)).body.data.total).toBe(0);
  });

  it('takes an exam report with its image only as an exam report', async () => {
    const exam = (await admin.post(`${B}/ehrproject/submit`, { projType: 3, projCode: 'MECG', projName: '心电图' })).body.data.id as string;
    expect(exam).toBeTruthy();
    const [a] = await archives();
    const body = {
      arch_id: a!.id,
      jyid: 'JC-T-001',
      uname: a!.personName,
      proj_type: 3,
      proj_code: 'MECG',
      jyrq: day(0),
      reports: [{ file_type: 1, file_url: '/api/blade-resource/oss/ecg.png', check_find: '窦性心律', check_result: '正常心电图' }],
    };
    const saved = (await doctor.post(`${M}/save-measure-data`, body)).body.data as { id: string };
    expect((await doctor.get(`${P}/detail?id=${saved.id}`)).body.data).toMatchObject({
      proj_type_text: '检查报告',
      proj_name: '心电图',
      reports: [{ file_type: 1, check_find: '窦性心律', check_result: '正常心电图', file_url: '/api/blade-resource/oss/ecg.png' }],
    });
    expect((await doctor.post(`${M}/save-measure-data`, { ...body, reports: [{ file_url: 'javascript:alert(1)' }] })).body.msg).toBe(
      '报告图片地址不正确',
    );
  });
});

describe('usermeasure/put-data, linking by id card, refreshing, removing', () => {
  it('takes a lab system’s reports all or none, links them by id card later and removes them by id or jyid', async () => {
    await labProject();
    const [, , c, d] = await archives();
    const card = await idCardOf(c!.id);
    const fromLab = (jyid: string, idCard: string) => ({
      ...labReport('', jyid),
      arch_id: undefined,
      id_card: idCard,
      source_code: '3',
      uname: '化验',
    });

    const bad = await doctor.post(`${M}/put-data`, {
      data: [fromLab('LIS-1', '110101199001011237'), { ...fromLab('LIS-2', ''), jyrq: 'x' }],
    });
    expect(bad.body.msg).toBe('第2份报告（检验单号 LIS-2）：检验日期格式不正确');
    expect((await doctor.get(`${P}/list?jyid_equal=LIS-1`)).body.data.total).toBe(0);

    const put = await doctor.post(`${M}/put-data`, {
      data: [fromLab('LIS-1', '110101199001011237'), fromLab('LIS-2', card.toLowerCase())],
    });
    expect(put.body.msg).toBe('已接收 2 份报告');
    const [stranger, known] = put.body.data as { id: string; arch_id: string | null }[];
    expect(stranger!.arch_id).toBeNull();
    // Found by the id card at once (X in either case).
    expect(known!.arch_id).toBe(c!.id);
    expect((await doctor.get(`${P}/detail?id=${known!.id}`)).body.data).toMatchObject({
      source_code: '3',
      source_name: '医院信息系统',
      // The id card is answered masked, as an archive's is.
      id_card: `${card.slice(0, 3).toLowerCase()}***********${card.slice(-4).toLowerCase()}`,
    });
    const again = await doctor.post(`${M}/put-data`, { data: [fromLab('LIS-2', card)] });
    expect(again.body).toMatchObject({
      msg: '已接收 1 份报告，其中 1 份覆盖了同一检验单号的原报告',
      data: [{ id: known!.id, overwritten: true }],
    });

    // A report put before the resident had an archive of that id card: linked afterwards.
    const late = (await doctor.post(`${M}/put-data`, { data: [fromLab('LIS-3', '110101199001011238')] })).body.data[0] as { id: string };
    await callers.app().deps.db.updateTable('user_archive').set({ id_card: '110101199001011238' }).where('id', '=', d!.id).execute();
    const linked = await nurse.post(`${M}/associated-archives`, { ids: late.id });
    expect(linked.body).toMatchObject({ msg: '已关联 1 份报告', data: { linked: [{ id: late.id, archId: d!.id }], unmatched: 0 } });
    expect((await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'MHGB', arch_id: d!.id, hasRules: 0 })).body.data.value).toBe('132');
    expect((await doctor.post(`${M}/associated-archives`, {})).body.data).toMatchObject({ linked: [], unmatched: 1 });
    expect((await doctor.post(`${M}/associated-archives`, { ids: '999999999' })).status).toBe(404);

    const refreshed = await doctor.post(`${M}/refresh-user-measure-by-ids?ids=${late.id},${known!.id}`);
    expect(refreshed.body).toMatchObject({ msg: '已刷新 2 份报告', data: { refreshed: 2, linked: 0, values: 4 } });
    expect((await doctor.post(`${M}/refresh-user-measure-by-ids?ids=${late.id},999999999`)).status).toBe(404);

    expect((await doctor.post(`${P}/remove-measurement?jyids=LIS-1,NOPE`)).body.msg).toBe('检验单号 NOPE 的报告不存在');
    expect((await doctor.get(`${P}/list?jyid_equal=LIS-1`)).body.data.total).toBe(1);
    expect((await doctor.post(`${P}/remove-measurement?jyids=LIS-1`)).body.msg).toBe('已删除 1 份报告');
    expect((await doctor.post(`${P}/remove?ids=${late.id}`)).body.msg).toBe('删除成功');
    expect((await doctor.get(`${P}/detail?id=${late.id}`)).status).toBe(404);
    expect((await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'MHGB', arch_id: d!.id, hasRules: 0 })).body.data.value).toBeNull();
    expect((await doctor.post(`${P}/remove?ids=${late.id}`)).status).toBe(404);
    expect((await doctor.post(`${P}/remove`)).body.msg).toBe('参数[ids]不能为空');
    expect((await doctor.post(`${P}/remove?ids=abc`)).status).toBe(400);
  });
});

describe('usermeasureproject/import-measure', () => {
  it('imports a sheet’s rows as reports, and refuses the whole file when one row is bad', async () => {
    await labProject();
    const [a] = await archives();
    const card = await idCardOf(a!.id);
    const rows = [
      ['IMP-1', '陈明', card, '检验报告', 'MXCG', day(0), '白细胞计数', '5.5', '10^9/L', 'MWBC'],
      ['IMP-1', '陈明', card, '检验报告', 'MXCG', day(0), '血红蛋白', '140', 'g/L', 'MHGB'],
      ['IMP-2', '李四', '', '测量报告', '', day(-1), '收缩压', '128', 'mmHg', ''],
    ];
    const bad = await upload(
      doctor,
      await sheet([
        ...rows,
        ['IMP-3', '王五', '', '化验', '', day(0), '血糖', '5.1', '', ''],
        ['IMP-4', '赵六', '', '2', '', day(0), '血糖', '', '', ''],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('导入失败，未导入任何报告。第5行：报告类型只能填写测量报告、检验报告或检查报告；第6行：请填写结果');
    expect((await doctor.get(`${P}/list?uname_like=陈明&jyid_equal=IMP-1`)).body.data.total).toBe(0);
    const badCode = await upload(
      doctor,
      await sheet([...rows.slice(0, 1), ['IMP-1', '陈明', card, '检验报告', 'MXCG', day(0), '血红蛋白', '140', 'g/L', 'NOPE']]),
    );
    expect(badCode.body.msg).toBe('导入失败，未导入任何报告。第3行：健康档案指标 NOPE 不存在');
    expect((await upload(doctor, await sheet(rows, ['检验单号', '姓名']))).body.msg).toBe(
      '导入文件缺少列：报告类型、检验日期、指标名称、结果',
    );
    expect((await upload(doctor, Buffer.from('not a sheet'), 'x.xlsx')).body.msg).toBe('无法读取Excel文件，请使用xlsx格式');
    expect((await upload(doctor, await sheet(rows), 'x.csv')).body.msg).toBe('只能导入xlsx格式的Excel文件');

    const ok = await upload(doctor, await sheet(rows));
    expect(ok.body).toMatchObject({ msg: '导入成功：2份报告', data: { fileName: '报告.xlsx', rows: 3 } });
    const [imp1] = ok.body.data.reports as { id: string; arch_id: string }[];
    expect(imp1!.arch_id).toBe(a!.id);
    expect((await doctor.get(`${P}/detail-list?id=${imp1!.id}`)).body.data.map((r: { jyzb_result: string }) => r.jyzb_result)).toEqual([
      '5.5',
      '140',
    ]);
    const again = await upload(doctor, await sheet(rows.slice(0, 1)));
    expect(again.body.msg).toBe('导入成功：1份报告，其中1份覆盖了同一检验单号的原报告');
    expect(await (await doctor.get(`${P}/detail-list?id=${imp1!.id}`)).body.data).toHaveLength(1);
  });
});

describe('tenants and roles', () => {
  it('keeps another tenant and callers without the menu out, changing nothing', async () => {
    await labProject();
    const [a] = await archives();
    const own = (await doctor.post(`${M}/save-measure-data`, labReport(a!.id, 'JY-TEN-1'))).body.data as { id: string };
    expect((await otherAdmin.get(`${P}/detail?id=${own.id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${P}/list?jyid_equal=JY-TEN-1`)).body.data.total).toBe(0);
    expect((await otherAdmin.get(`${M}/cl-new-list?jyid=JY-TEN-1`)).status).toBe(404);
    expect((await otherAdmin.get(`${P}/detail-list-arch?archId=${a!.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${P}/remove?ids=${own.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${P}/remove-measurement?jyids=JY-TEN-1`)).status).toBe(404);
    expect((await otherAdmin.post(`${M}/refresh-user-measure-by-ids?ids=${own.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${M}/associated-archives`, { ids: own.id })).status).toBe(404);
    // Their own report of the same jyid is theirs: ours is not overwritten, and our resident is not theirs.
    const theirs = { ...labReport('', 'JY-TEN-1'), arch_id: undefined, proj_code: '' };
    expect((await otherAdmin.post(`${M}/save-measure-data`, { ...theirs, arch_id: a!.id })).status).toBe(400);
    expect((await otherAdmin.post(`${M}/put-data`, { data: [{ ...theirs, arch_id: a!.id }] })).status).toBe(404);
    const put = await otherAdmin.post(`${M}/put-data`, { data: [{ ...theirs, results: [{ jyzb_name: '白细胞计数', jyzb_result: '1' }] }] });
    expect(put.body.data).toMatchObject([{ overwritten: false, arch_id: null }]);
    expect((await doctor.get(`${P}/detail?id=${own.id}`)).body.data.results[0].jyzb_result).toBe('6.1');
    expect((await otherAdmin.get(`${M}/measure-project-list`)).body.data).toEqual([]);

    for (const [method, url] of [
      ['get', `${P}/list`],
      ['get', `${M}/measure-list?archId=${a!.id}`],
      ['post', `${M}/save-measure-data`],
      ['post', `${P}/remove?ids=${own.id}`],
    ] as const) {
      const answer = method === 'get' ? await cdc.get(url) : await cdc.post(url, labReport(a!.id, 'JY-CDC'));
      expect(answer.status).toBe(403);
    }
  });
});
