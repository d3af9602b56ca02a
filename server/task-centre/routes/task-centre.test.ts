// 任务中心 (issue 34 "Work lists"; decision 0032): the due classification across its boundary dates,
// whose residents each role sees (doctor, team leader, another doctor, another tenant), the
// statistics and home totals read from the same list, and bad input.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { demoArchiveIds, goodHypertensionValues, type Caller } from '../../forms/routes/form-test-support';
import { prenatalValues } from '../../test-support/maternal-values';

const c = careTeamCallers();
const F = '/api/blade-iph-business/userfollowup';
const LIST = `${F}/task-centre-list`;
const HT = 'hypertensionfollowup';

interface Row {
  archId: string;
  formCode: string;
  formName: string;
  dueDate: string;
  dueState: string;
  overdueDays: number;
  lastVisitDate: string | null;
}

async function rows(caller: Caller, query: string): Promise<{ records: Row[]; counts: Record<string, number>; total: number }> {
  const res = await caller.get(`${LIST}?size=200&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { records: Row[]; counts: Record<string, number>; total: number };
}
const rowOf = async (caller: Caller, archId: string, query: string) =>
  (await rows(caller, `formCode=${HT}&${query}`)).records.find((r) => r.archId === archId);

let visited = '';
let never = '';
async function setUp() {
  if (visited) return;
  const ids = await demoArchiveIds(c.app().deps.db, 'hypertension');
  [visited, never] = ids as [string, string];
  const saved = await c.doctor.post(`${F}/high-blood-pressure-follow-up`, {
    archId: visited,
    values: goodHypertensionValues({ visitDate: '2026-05-20', nextVisitDate: '2026-08-18' }),
  });
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
}

describe('due classification (hypertension follow-up: quarterly, next visit planned 2026-08-18)', () => {
  it('a resident seen this quarter is not due; next quarter they are due by the planned date, soon 14 days before, overdue the day after', async () => {
    await setUp();
    // Seen on 2026-05-20, in Q2: nothing due in Q2.
    expect(await rowOf(c.admin, visited, 'date=2026-06-15')).toBeUndefined();
    // Q3, not yet seen: due by the planned 2026-08-18 — in 本期 only.
    expect(await rowOf(c.admin, visited, 'date=2026-07-10')).toMatchObject({
      dueDate: '2026-08-18',
      dueState: 'later',
      lastVisitDate: '2026-05-20',
    });
    expect(await rowOf(c.admin, visited, 'date=2026-07-10&tab=period')).toBeDefined();
    expect(await rowOf(c.admin, visited, 'date=2026-07-10&tab=soon')).toBeUndefined();
    // 2026-08-03: the due date is 15 days on — still later; 2026-08-04: 14 days on — 即将到期.
    expect((await rowOf(c.admin, visited, 'date=2026-08-03'))?.dueState).toBe('later');
    expect(await rowOf(c.admin, visited, 'date=2026-08-03&tab=soon')).toBeUndefined();
    expect(await rowOf(c.admin, visited, 'date=2026-08-04&tab=soon')).toMatchObject({ dueState: 'soon' });
    // Due today is due soon, not overdue; the day after it is overdue by one day.
    expect(await rowOf(c.admin, visited, 'date=2026-08-18&tab=overdue')).toBeUndefined();
    expect(await rowOf(c.admin, visited, 'date=2026-08-18&tab=soon')).toMatchObject({ dueState: 'soon' });
    expect(await rowOf(c.admin, visited, 'date=2026-08-19&tab=overdue')).toMatchObject({ dueState: 'overdue', overdueDays: 1 });
    expect(await rowOf(c.admin, visited, 'date=2026-08-19&tab=soon')).toBeUndefined();
    // The overdue stay in 本期 (everything due by the quarter's end, 2026-09-30).
    expect(await rowOf(c.admin, visited, 'date=2026-08-19&tab=period')).toBeDefined();
  });

  it('a hypertension resident never seen is due by the end of the quarter; the counts match the tabs', async () => {
    await setUp();
    expect(await rowOf(c.admin, never, 'date=2026-07-10')).toMatchObject({ dueDate: '2026-09-30', dueState: 'later', lastVisitDate: null });
    expect(await rowOf(c.admin, never, 'date=2026-09-20&tab=soon')).toMatchObject({ dueDate: '2026-09-30' });
    const all = await rows(c.admin, 'date=2026-08-19');
    for (const tab of ['overdue', 'soon', 'period'] as const) {
      const one = await rows(c.admin, `date=2026-08-19&tab=${tab}`);
      expect(one.total).toBe(all.counts[tab]);
      expect(one.records.length).toBe(one.total);
    }
    // Soonest due first.
    const dates = (await rows(c.admin, 'date=2026-08-19&tab=period')).records.map((r) => r.dueDate);
    expect(dates).toEqual([...dates].sort());
  });

  it('the forms come from the registry: each form with a due rule, none without', async () => {
    const answer = (await c.admin.get(`${LIST}?date=2026-08-19`)).body.data as { forms: { formCode: string }[]; soonDays: number };
    const codes = answer.forms.map((f) => f.formCode);
    expect(codes).toEqual(
      expect.arrayContaining([HT, 'diabetesfollowup', 'tuberculosisfollowup', 'maternalprenatal', 'oldpeopleselfcare']),
    );
    expect(codes).not.toContain('healtheducation');
    expect(codes).not.toContain('hypertensionscreening');
    expect(answer.soonDays).toBe(14);
    // A two-cancer follow-up is for women 35–64, not a crowd label: nobody is listed before a first record plans the next visit.
    expect((await rows(c.admin, 'date=2026-08-19&formCode=breastfollowup')).total).toBe(0);
  });

  it('refuses a tab it does not know and a form without a due rule', async () => {
    expect((await c.admin.get(`${LIST}?tab=later`)).status).toBe(400);
    const res = await c.admin.get(`${LIST}?formCode=hypertensionscreening`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('表单 hypertensionscreening 没有随访到期规则，不在任务中心');
    const day = await c.admin.get(`${LIST}?date=2026-13-45`);
    expect(day.status).toBe(400);
    expect(day.body.msg).toBe('日期格式不正确，应为 yyyy-MM-dd');
  });
});

describe('prenatal visits fall due by gestational week (placement due.gestationWeeks; issue 32)', () => {
  const PRENATAL = 'maternalprenatal';
  const CASE = 'task-centre-pregnancy';
  let mother = '';
  const prenatalRow = async (query: string) =>
    (await rows(c.admin, `formCode=${PRENATAL}&${query}`)).records.find((r) => (r as Row & { otherId?: string }).otherId === CASE);

  it('a pregnancy is due by the end of the window its weeks are in, a missed window overdue until the next begins, none past 42 weeks', async () => {
    const db = c.app().deps.db;
    const woman = await db
      .selectFrom('user_archive')
      .select('id')
      .where('tenant_id', '=', '100001')
      .where('is_deleted', '=', 0)
      .where('archives_status', '=', '1')
      .where('sex', '=', '2')
      .where(sql<boolean>`birthday between '1985-01-01' and '2000-12-31'`)
      .where(sql<boolean>`not exists (select 1 from iph_user_archives_other o where o.arch_id = user_archive.id)`)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    mother = woman.id;
    // LMP 2024-04-01: 16w0d = 2024-07-22, 20w6d = 2024-08-25, 24w6d = 2024-09-22, 28w0d = 2024-10-14, 36w6d = 2024-12-15.
    await db
      .insertInto('iph_user_archives_other')
      .values({ id: CASE, tenant_id: '100001', arch_id: mother, kind: 'maternal', lmp: '2024-04-01', due_date: '2025-01-06', status: '1' })
      .execute();
    // Week 13: the 2nd visit's window (16–20 weeks) is ahead, due on its last day.
    expect(await prenatalRow('date=2024-07-01')).toMatchObject({
      archId: mother,
      dueDate: '2024-08-25',
      dueState: 'later',
      lastVisitDate: null,
    });
    // The first prenatal exam (before 13 weeks) was never recorded: overdue since 12w6d.
    const first = (await rows(c.admin, 'formCode=maternalfirstvisit&date=2024-07-01')).records.find((r) => r.archId === mother);
    expect(first).toMatchObject({ dueDate: '2024-06-30', dueState: 'overdue', overdueDays: 1 });

    const saved = await c.doctor.post(`${F}/save_or_update_prenatal_follow_up`, {
      archId: mother,
      otherId: CASE,
      values: prenatalValues(),
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    // Seen at 16 weeks: the window is done.
    expect(await prenatalRow('date=2024-08-01')).toBeUndefined();
    // 21w0d: the 3rd visit's window (21–24 weeks), due 2024-09-22, the last visit shown.
    expect(await prenatalRow('date=2024-08-26')).toMatchObject({ dueDate: '2024-09-22', lastVisitDate: '2024-07-22' });
    // Week 26, between windows: the missed 21–24 window is overdue …
    expect(await prenatalRow('date=2024-10-01&tab=overdue')).toMatchObject({ dueDate: '2024-09-22', overdueDays: 9 });
    // … until 28w0d, when the 28–36 window takes its place.
    expect(await prenatalRow('date=2024-10-14')).toMatchObject({ dueDate: '2024-12-15', dueState: 'later' });
    // 42 weeks (2025-01-20): the pregnancy has ended; the prenatal list stops asking.
    expect(await prenatalRow('date=2025-01-19')).toBeDefined();
    expect(await prenatalRow('date=2025-01-20')).toBeUndefined();
    // A recorded delivery ends the prenatal visits at once.
    await db.updateTable('iph_user_archives_other').set({ delivery_date: '2024-10-20' }).where('id', '=', CASE).execute();
    expect(await prenatalRow('date=2024-10-21')).toBeUndefined();
  });

  it('maternal-should-visit counts the same windows, read from the placement', async () => {
    const res = await c.admin.post(`${F}/maternal-should-visit`, { asOf: '2024-08-26', includeOverdue: true, size: 500 });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const due = (res.body.data.records as { otherId: string; visitNo: number; visitName: string; windowEnd: string }[]).find(
      (r) => r.otherId === CASE,
    );
    // The delivery recorded above does not close the case, so the call still names the window: the 3rd visit, 21–24 weeks.
    expect(due).toMatchObject({ visitNo: 3, visitName: '第3次产前随访（孕21~24周）', windowEnd: '2024-09-22' });
  });
});

describe('whose residents each role sees', () => {
  it('a doctor their own, a team leader the team, another doctor of the team not, another tenant nothing', async () => {
    await setUp();
    const q = 'date=2026-08-19';
    expect(await rowOf(c.doctor, visited, q)).toBeDefined();
    expect(await rowOf(c.leader, visited, q)).toBeDefined();
    expect(await rowOf(c.multi, visited, q)).toBeUndefined();
    expect(await rowOf(c.nurse, visited, q)).toBeUndefined();
    expect((await rows(c.otherAdmin, q)).records.find((r) => r.archId === visited)).toBeUndefined();
    // A doctor cannot widen the list by naming another doctor.
    expect((await rows(c.multi, `${q}&doctorId=2302`)).total).toBe(0);

    // The archive moves to 刘洋 of the second team: he sees it, 张伟 and the first team's leader no longer do.
    const db = c.app().deps.db;
    await sql`update user_archive set main_doctor_id = '2306', doctor_name = '刘洋', team_id = '2402', team_name = '家庭医生二团队' where id = ${visited}`.execute(
      db,
    );
    try {
      expect(await rowOf(c.multi, visited, q)).toBeDefined();
      expect(await rowOf(c.doctor, visited, q)).toBeUndefined();
      expect(await rowOf(c.leader, visited, q)).toBeUndefined();
      expect(await rowOf(c.admin, visited, q)).toBeDefined();
    } finally {
      await sql`update user_archive set main_doctor_id = '2302', doctor_name = '张伟', team_id = '2401', team_name = '家庭医生一团队' where id = ${visited}`.execute(
        db,
      );
    }
  });

  it('a user without the task centre is refused', async () => {
    expect((await c.cdc.get(LIST)).status).toBe(403);
  });
});

describe('statistics and home totals from the same list', () => {
  it('statistical-task-by-types counts per form as the tabs do', async () => {
    await setUp();
    const list = await rows(c.doctor, `date=2026-08-19&formCode=${HT}`);
    const byTypes = (await c.doctor.get(`${F}/statistical-task-by-types?date=2026-08-19`)).body.data as {
      formCode: string;
      overdue: number;
      soon: number;
      period: number;
    }[];
    expect(byTypes.find((t) => t.formCode === HT)).toMatchObject(list.counts);
  });

  it('statistical-task-by-user counts per responsible doctor, and refuses an inverted range', async () => {
    await setUp();
    const res = await c.leader.get(`${F}/statistical-task-by-user?start=2026-05-01&end=2026-05-31`);
    expect(res.status).toBe(200);
    const zhang = (res.body.data as { doctorId: string; doctorName: string; done: number }[]).find((r) => r.doctorId === '2302');
    expect(zhang).toMatchObject({ doctorName: '张伟', done: 1 });
    const bad = await c.leader.get(`${F}/statistical-task-by-user?start=2026-05-31&end=2026-05-01`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('结束日期不能早于开始日期');
  });

  it('get-home-page-total and home-show-page answer today’s tab counts of the caller', async () => {
    await setUp();
    const today = await rows(c.doctor, '');
    const total = (await c.doctor.get('/api/blade-iph-business/userinfomain/get-home-page-total')).body.data;
    expect(total).toMatchObject(today.counts);
    const cards = (await c.doctor.get('/api/blade-iph-business/userinfomain/home-show-page')).body.data as {
      code: string;
      count: number;
      path: string;
    }[];
    expect(cards.find((x) => x.code === 'overdue')).toMatchObject({
      count: today.counts.overdue,
      path: '/task/user_followup/index?tab=overdue',
    });
  });
});
