// 统计报表 (issue 34 "Statistics"; decision 0035): the numbers equal the counts of residents and
// records planted in 2011 (a year no seed reaches), each role sees its own scope, another tenant's
// rows never count, the Excel files hold the same numbers, and bad months are refused in Chinese.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import type { Caller } from '../../forms/routes/form-test-support';

const c = careTeamCallers();
const S = '/api/blade-iph-business/statisticalreport';
const YEAR = 'start=2011-01&end=2011-12';

interface Resident {
  id: string;
  tenant?: string;
  doctor: [string, string];
  team: [string, string];
  labels?: string;
  birthday: string;
  created: string;
}
const ZHANG: [string, string] = ['2302', '张伟'];
const LIU: [string, string] = ['2306', '刘洋'];
const TEAM1: [string, string] = ['2401', '家庭医生一团队'];
const TEAM2: [string, string] = ['2402', '家庭医生二团队'];

const residents: Resident[] = [
  // A1: hypertensive, 61, four visits in 2011 (one a quarter), the newest 135/85 — standard and controlled.
  { id: '7711000001', doctor: ZHANG, team: TEAM1, labels: 'hypertension', birthday: '1950-05-01', created: '2011-03-10' },
  // A2: hypertensive, 71 at the visit: 145/80 is on target from 65 (below 150/90); one visit — not standard.
  { id: '7711000002', doctor: ZHANG, team: TEAM1, labels: 'hypertension', birthday: '1940-01-01', created: '2010-06-01' },
  // A3: diabetic, fasting glucose 6.5 then 8.1 (the newest) — not controlled.
  { id: '7711000003', doctor: ZHANG, team: TEAM1, labels: 'diabetes', birthday: '1960-01-01', created: '2011-03-11' },
  // A4: 刘洋's (second team), hypertensive and 66: 120/70 and a health exam (an elderly resident managed).
  { id: '7711000004', doctor: LIU, team: TEAM2, labels: 'hypertension', birthday: '1945-06-01', created: '2011-03-20' },
  // A5: a child of two, one health check.
  { id: '7711000005', doctor: ZHANG, team: TEAM1, birthday: '2009-01-01', created: '2011-05-05' },
  // A6: hypertensive, 51: 145/80 is above target below 65.
  { id: '7711000006', doctor: ZHANG, team: TEAM1, labels: 'hypertension', birthday: '1960-02-02', created: '2010-01-01' },
  // B1: another tenant's hypertensive resident — never counted in 100001.
  {
    id: '7711000007',
    tenant: '100002',
    doctor: ['3302', '其他'],
    team: ['3401', '其他团队'],
    labels: 'hypertension',
    birthday: '1950-01-01',
    created: '2011-03-01',
  },
];

const records: [string, string, string, Record<string, unknown>][] = [
  ['7711000001', 'hypertensionfollowup', '2011-01-15', { sbp: 150, dbp: 95 }],
  ['7711000001', 'hypertensionfollowup', '2011-04-15', { sbp: 142, dbp: 88 }],
  ['7711000001', 'hypertensionfollowup', '2011-07-15', { sbp: 138, dbp: 86 }],
  ['7711000001', 'hypertensionfollowup', '2011-10-20', { sbp: 135, dbp: 85 }],
  ['7711000002', 'hypertensionfollowup', '2011-05-01', { sbp: 145, dbp: 80 }],
  ['7711000003', 'diabetesfollowup', '2011-02-01', { fbg: 6.5 }],
  ['7711000003', 'diabetesfollowup', '2011-06-01', { fbg: '8.1' }],
  ['7711000004', 'hypertensionfollowup', '2011-08-01', { sbp: 120, dbp: 70 }],
  ['7711000004', 'physicalexamination', '2011-08-02', {}],
  ['7711000005', 'childexam12to30', '2011-01-10', {}],
  ['7711000006', 'hypertensionfollowup', '2011-09-09', { sbp: 145, dbp: 80 }],
  ['7711000007', 'hypertensionfollowup', '2011-04-01', { sbp: 120, dbp: 70 }],
  // Outside the period: never counted.
  ['7711000001', 'hypertensionfollowup', '2012-01-05', { sbp: 170, dbp: 100 }],
];

let planted = false;
/** The key populations of 2011 before the residents are planted (the seed's residents are in them by label and age). */
let before: Record<string, PopRow> = {};
async function plant() {
  if (planted) return;
  planted = true;
  before = await populations(c.admin, YEAR);
  const db = c.app().deps.db;
  for (const r of residents)
    await db
      .insertInto('user_archive')
      .values({
        id: r.id,
        tenant_id: r.tenant ?? '100001',
        archives_no: `S${r.id}`,
        person_name: `统计${r.id.slice(-1)}`,
        birthday: r.birthday,
        id_card: `4416021950${r.id.slice(-8)}`,
        main_doctor_id: r.doctor[0],
        doctor_name: r.doctor[1],
        team_id: r.team[0],
        team_name: r.team[1],
        crowd_labels: r.labels ?? '',
        create_user: r.doctor[0],
        create_time: new Date(`${r.created}T10:00:00+08:00`),
        update_user: r.doctor[0],
        update_time: new Date(`${r.created}T10:00:00+08:00`),
      })
      .execute();
  let n = 0;
  for (const [archId, formCode, day, values] of records) {
    const tenant = residents.find((r) => r.id === archId)?.tenant ?? '100001';
    await db
      .insertInto('form_record')
      .values({
        id: String(7_712_000_000 + n++),
        tenant_id: tenant,
        form_code: formCode,
        form_version: 1,
        arch_id: archId,
        other_id: null,
        values: JSON.stringify({ visitDate: day, ...values }),
        status: 1,
        acknowledgements: '[]',
        visit_date: day,
        next_visit_date: null,
        create_user: '2302',
        create_user_name: '张伟',
        create_time: new Date(`${day}T09:00:00+08:00`),
        update_user: '2302',
        update_user_name: '张伟',
        update_time: new Date(`${day}T09:00:00+08:00`),
        row_version: 1,
      })
      .execute();
  }
}

interface WorkRow {
  key: string;
  label: string;
  teamName: string;
  archives: number;
  followups: number;
  exams: number;
  others: number;
  total: number;
  byForm: Record<string, number>;
}
interface PopRow {
  code: string;
  population: number | null;
  managed: number;
  managementRate: number | null;
  standard: number | null;
  standardRate: number | null;
  requiredVisits: number | null;
  controlled: number | null;
  controlRate: number | null;
}

async function workload(caller: Caller, query: string) {
  const res = await caller.get(`${S}/workload-statistics?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { rows: WorkRow[]; totals: WorkRow; scope: string; forms: { formCode: string; kind: string }[] };
}
async function populations(caller: Caller, query: string): Promise<Record<string, PopRow>> {
  const res = await caller.get(`${S}/key-population-health-manage?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries((res.body.data.rows as PopRow[]).map((r) => [r.code, r]));
}
const pick = (r: WorkRow | undefined) => r && { archives: r.archives, followups: r.followups, exams: r.exams, total: r.total };

describe('工作量统计', () => {
  it('counts the archives created and the records of the period per doctor, team and month, by form', async () => {
    // Nothing of 2011 before the residents are planted.
    expect((await workload(c.admin, YEAR)).rows).toEqual([]);
    await plant();
    const byDoctor = await workload(c.admin, `${YEAR}&groupBy=doctor`);
    expect(byDoctor.scope).toBe('tenant');
    const zhang = byDoctor.rows.find((r) => r.key === '2302');
    // A1, A3, A5 created in 2011 (A2 and A6 before); follow-ups A1 ×4, A2, A3 ×2, A5's child check, A6.
    expect(pick(zhang)).toEqual({ archives: 3, followups: 9, exams: 0, total: 12 });
    expect(zhang?.teamName).toBe('家庭医生一团队');
    expect(zhang?.byForm).toEqual({ hypertensionfollowup: 6, diabetesfollowup: 2, childexam12to30: 1 });
    expect(pick(byDoctor.rows.find((r) => r.key === '2306'))).toEqual({ archives: 1, followups: 1, exams: 1, total: 3 });
    expect(byDoctor.rows).toHaveLength(2);
    expect(pick(byDoctor.totals)).toEqual({ archives: 4, followups: 10, exams: 1, total: 15 });
    expect(byDoctor.forms.find((f) => f.formCode === 'physicalexamination')?.kind).toBe('exam');

    const byTeam = await workload(c.admin, `${YEAR}&groupBy=team`);
    expect(byTeam.rows.map((r) => [r.label, r.total])).toEqual([
      ['家庭医生一团队', 12],
      ['家庭医生二团队', 3],
    ]);

    const byMonth = await workload(c.admin, `${YEAR}&groupBy=month`);
    expect(byMonth.rows.map((r) => r.key)).toHaveLength(12);
    expect(pick(byMonth.rows.find((r) => r.key === '2011-03'))).toEqual({ archives: 3, followups: 0, exams: 0, total: 3 });
    expect(pick(byMonth.rows.find((r) => r.key === '2011-08'))).toEqual({ archives: 0, followups: 1, exams: 1, total: 2 });
    expect(byMonth.rows.find((r) => r.key === '2011-12')?.total).toBe(0);

    // The filters narrow: one team, one doctor, one quarter.
    expect(pick((await workload(c.admin, `${YEAR}&teamId=2402`)).totals)).toEqual({ archives: 1, followups: 1, exams: 1, total: 3 });
    expect((await workload(c.admin, `${YEAR}&doctorId=2302`)).totals.total).toBe(12);
    expect(pick((await workload(c.admin, 'start=2011-01&end=2011-03')).totals)).toEqual({ archives: 3, followups: 3, exams: 0, total: 6 });
  });

  it('a doctor sees their own residents, a team leader the team, disease control the institution, another tenant its own', async () => {
    await plant();
    const doctor = await workload(c.doctor, YEAR);
    expect(doctor.scope).toBe('doctor');
    expect(doctor.rows.map((r) => r.key)).toEqual(['2302']);
    expect(doctor.totals.total).toBe(12);
    // Naming another doctor does not widen a doctor's numbers.
    expect((await workload(c.doctor, `${YEAR}&doctorId=2306`)).totals.total).toBe(0);
    const liu = await workload(c.multi, YEAR);
    expect(liu.rows.map((r) => r.key)).toEqual(['2306']);

    const leader = await workload(c.leader, YEAR);
    expect(leader.scope).toBe('teams');
    expect(leader.totals.total).toBe(12);
    expect(leader.rows.some((r) => r.key === '2306')).toBe(false);

    const cdc = await workload(c.cdc, YEAR);
    expect(cdc.scope).toBe('tenant');
    expect(cdc.totals.total).toBe(15);

    const other = await workload(c.otherAdmin, YEAR);
    expect(pick(other.totals)).toEqual({ archives: 1, followups: 1, exams: 0, total: 2 });
  });

  it('exports the same numbers as an Excel file', async () => {
    await plant();
    const res = await c.app().app.inject({
      method: 'GET',
      url: `${S}/workload-statistics/export?${YEAR}&groupBy=doctor`,
      headers: { 'blade-auth': `bearer ${c.cdc.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('工作量统计（2011-01 至 2011-12）.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const lines: unknown[][] = [];
    sheet.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    expect(lines[0]?.[0]).toBe('工作量统计（2011-01 至 2011-12）');
    const zhang = lines.find((l) => l[0] === '张伟');
    expect(zhang?.slice(0, 7)).toEqual(['张伟', '家庭医生一团队', 3, 9, 0, 0, 12]);
    expect(lines.find((l) => l[0] === '合计')?.[6]).toBe(15);
  });
});

describe('重点人群健康管理', () => {
  it('managed residents, standard management and control rates as the national specification defines them', async () => {
    await plant();
    const after = await populations(c.admin, YEAR);
    const ht = after.hypertension!;
    // Residents labelled: A1, A2, A4, A6 added to the seed's.
    expect(ht.population! - before.hypertension!.population!).toBe(4);
    expect(ht).toMatchObject({ managed: 4, requiredVisits: 4, standard: 1, standardRate: 25, controlled: 3, controlRate: 75 });
    expect(after.diabetes).toMatchObject({ managed: 1, standard: 0, standardRate: 0, controlled: 0, controlRate: 0 });
    // A2 (71) and A4 (66) are 65 or over at the end of 2011; only A4 had a health exam.
    expect(after.elderly!.population! - before.elderly!.population!).toBe(2);
    expect(after.elderly).toMatchObject({ managed: 1, standard: null, controlled: null });
    expect(after.children!.population! - before.children!.population!).toBe(1);
    expect(after.children!.managed).toBe(1);
    expect(after.maternal).toMatchObject({ population: null, managed: 0, managementRate: null });

    // One quarter: one visit is the standard; A1's newest visit of the quarter is 150/95 — not on target.
    const q1 = await populations(c.admin, 'start=2011-01&end=2011-03');
    expect(q1.hypertension).toMatchObject({ managed: 1, requiredVisits: 1, standard: 1, controlled: 0 });
    expect(q1.diabetes).toMatchObject({ managed: 1, controlled: 1, controlRate: 100 });

    const res = await c.admin.get(`${S}/key-population-health-manage?${YEAR}`);
    expect((res.body.data.definitions as { name: string }[]).map((d) => d.name)).toEqual(
      expect.arrayContaining(['规范管理率', '管理人群血压控制率', '管理人群血糖控制率']),
    );
  });

  it('scopes per role and tenant', async () => {
    await plant();
    expect((await populations(c.doctor, YEAR)).hypertension).toMatchObject({ managed: 3, controlled: 2 });
    expect((await populations(c.multi, YEAR)).hypertension).toMatchObject({ managed: 1, controlled: 1 });
    expect((await populations(c.leader, YEAR)).hypertension).toMatchObject({ managed: 3 });
    expect((await populations(c.cdc, YEAR)).hypertension).toMatchObject({ managed: 4 });
    expect((await populations(c.admin, `${YEAR}&teamId=2402`)).hypertension).toMatchObject({ managed: 1 });
    expect((await populations(c.otherAdmin, YEAR)).hypertension).toMatchObject({ managed: 1, controlled: 1, standard: 0 });
  });

  it('exports the table with the definitions', async () => {
    await plant();
    const res = await c.app().app.inject({
      method: 'GET',
      url: `${S}/key-population-health-manage/export?${YEAR}`,
      headers: { 'blade-auth': `bearer ${c.cdc.token}` },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const lines: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    const ht = lines.find((l) => l[0] === '高血压患者');
    expect(ht?.slice(2)).toEqual([4, expect.stringMatching(/%$/), 1, '25.0%', 3, '75.0%']);
    expect(String(lines.at(-1)?.[0])).toContain('管理人群血压控制率');
  });
});

describe('bad input', () => {
  it('refuses a month that is not one, an end before the start and an unknown grouping, in Chinese', async () => {
    for (const url of [`${S}/workload-statistics`, `${S}/key-population-health-manage`]) {
      const bad = await c.admin.get(`${url}?start=2011-13&end=2011-12`);
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('开始月份格式不正确，应为 yyyy-MM（如 2026-01）');
      const text = await c.admin.get(`${url}?start=2011-01&end=abc`);
      expect(text.status).toBe(400);
      expect(text.body.msg).toBe('结束月份格式不正确，应为 yyyy-MM（如 2026-01）');
      const reversed = await c.admin.get(`${url}?start=2011-05&end=2011-01`);
      expect(reversed.status).toBe(400);
      expect(reversed.body.msg).toBe('结束月份不能早于开始月份');
      const long = await c.admin.get(`${url}?start=2000-01&end=2011-01`);
      expect(long.status).toBe(400);
      expect(long.body.msg).toBe('统计区间不能超过60个月');
    }
    expect((await c.admin.get(`${S}/workload-statistics?groupBy=week`)).status).toBe(400);
    expect((await c.admin.get(`${S}/workload-statistics?teamId=abc`)).status).toBe(400);
  });
});
