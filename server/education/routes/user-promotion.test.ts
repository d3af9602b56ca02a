// 健康教育 and 一键宣教 (issue 34; decision 0036): records saved for a doctor's own residents and
// found in the list, one education for many residents at once, the 健康教育处方 of hypertension and
// diabetes residents, removal and pushes through the outbox — each under the caller's scope (a
// doctor their own residents, another doctor not, another tenant nothing) with Chinese refusals.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { demoArchiveIds, goodHypertensionValues, type Caller } from '../../forms/routes/form-test-support';

const c = careTeamCallers();
const P = '/api/blade-iph-business/userpromotion';

const lecture = (overrides: Record<string, unknown> = {}) => ({
  visitDate: '2026-05-12',
  eduKind: '2',
  method: '5',
  educator: '张伟',
  place: '社区卫生服务站',
  title: '高血压防治讲座',
  topics: ['1', '2'],
  content: '讲解低盐饮食和规律服药',
  ...overrides,
});
const prescription = (overrides: Record<string, unknown> = {}) => ({
  visitDate: '2026-05-20',
  method: '1',
  topics: ['2', '4'],
  mastery: '1',
  educator: '张伟',
  ...overrides,
});

interface Listed {
  id: string;
  formCode: string;
  archId: string;
  personName: string;
  title: string;
  methodName: string;
  topicNames: string;
  mainId: string | null;
  rowVersion: number;
  gwStatus: string;
}

async function list(caller: Caller, query = ''): Promise<{ records: Listed[]; total: number }> {
  const res = await caller.get(`${P}/new-list?size=200${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { records: Listed[]; total: number };
}

let residents: string[] = [];
let unlabelled = '';
async function setUp() {
  if (residents.length) return;
  residents = await demoArchiveIds(c.app().deps.db, 'hypertension');
  const all = await demoArchiveIds(c.app().deps.db);
  const labelled = new Set([
    ...(await demoArchiveIds(c.app().deps.db, 'hypertension')),
    ...(await demoArchiveIds(c.app().deps.db, 'diabetes')),
  ]);
  // A resident of the doctor without either label (the 健康教育处方 is refused for them).
  const mine = await sql<{ id: string }>`select id from user_archive where tenant_id = '100001' and main_doctor_id = (
      select id from blade_user where account = 'doctor' and tenant_id = '100001') and is_deleted = 0`.execute(c.app().deps.db);
  const mineIds = new Set(mine.rows.map((r) => r.id));
  residents = residents.filter((id) => mineIds.has(id));
  unlabelled = all.find((id) => mineIds.has(id) && !labelled.has(id)) ?? '';
  expect(residents.length).toBeGreaterThanOrEqual(2);
}

describe('a 健康教育记录 for one resident', () => {
  it('is saved for the doctor’s own resident, listed with its words, changed with its row version', async () => {
    await setUp();
    const saved = await c.doctor.post(`${P}/submit`, { archId: residents[0], values: lecture() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.msg).toBe('保存成功');
    const id = saved.body.data.id as string;
    const row = (await list(c.doctor, `&archId=${residents[0]}`)).records.find((r) => r.id === id);
    expect(row).toMatchObject({
      formCode: 'propaganda',
      title: '高血压防治讲座',
      methodName: '健康讲座',
      topicNames: '合理膳食、减少钠盐摄入 (每日食盐<5g)',
    });
    // Filters: by name fragment and by date range.
    expect(
      (await list(c.doctor, `&personName_like=${encodeURIComponent(row!.personName.slice(0, 1))}`)).records.some((r) => r.id === id),
    ).toBe(true);
    expect((await list(c.doctor, '&startDate=2026-06-01')).records.some((r) => r.id === id)).toBe(false);
    // The resident's archive menu has the form too (its placement's menu entry 健康教育).
    const menu = await c.doctor.get(`/api/blade-iph-business/healthmenu/getHealthMenuRoutes?archId=${residents[0]}`);
    expect((menu.body.data.routes as { code: string; name: string }[]).find((r) => r.code === 'propaganda')).toBeDefined();
    const detail = await c.doctor.get(`${P}/detail?id=${id}`);
    expect(detail.body.data.values).toMatchObject({ title: '高血压防治讲座', place: '社区卫生服务站' });
    // A change without the version read is 428; with a stale one 409; with the one read it is saved.
    expect((await c.doctor.post(`${P}/submit`, { id, values: lecture({ title: '改' }) })).status).toBe(428);
    const changed = await c.doctor.post(`${P}/submit`, { id, values: lecture({ title: '高血压与低盐饮食' }), rowVersion: row!.rowVersion });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.title).toBe('高血压与低盐饮食');
    expect((await c.doctor.post(`${P}/submit`, { id, values: lecture(), rowVersion: row!.rowVersion })).status).toBe(409);
    // The resident cannot be changed on an existing record.
    const moved = await c.doctor.post(`${P}/submit`, {
      id,
      archId: residents[1],
      values: lecture(),
      rowVersion: changed.body.data.rowVersion,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toBe('修改健康教育记录时不能更换居民');
  });

  it('is refused with the form’s message when incomplete, and without a resident', async () => {
    await setUp();
    const noTitle = await c.doctor.post(`${P}/submit`, { archId: residents[0], values: lecture({ title: '' }) });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.msg).toContain('教育主题');
    const future = await c.doctor.post(`${P}/submit`, { archId: residents[0], values: lecture({ visitDate: '2999-01-01' }) });
    expect(future.status).toBe(400);
    expect(future.body.msg).toContain('教育日期不能晚于今天');
    const nobody = await c.doctor.post(`${P}/submit`, { values: lecture() });
    expect(nobody.status).toBe(400);
    expect(nobody.body.msg).toBe('请选择居民');
    const badDate = await c.doctor.get(`${P}/new-list?startDate=2026-13-45`);
    expect(badDate.status).toBe(400);
    expect(badDate.body.msg).toBe('开始日期格式不正确，应为 yyyy-MM-dd');
    expect((await c.doctor.post(`${P}/remove?ids=abc`)).body.msg).toContain('ids');
    const noIds = await c.doctor.post(`${P}/remove`, {});
    expect(noIds.status).toBe(400);
    expect(noIds.body.msg).toBe('参数[ids]不能为空');
  });

  it('stays with the resident’s doctor: another doctor, a nurse and another tenant neither see nor change it', async () => {
    await setUp();
    const saved = await c.doctor.post(`${P}/submit`, { archId: residents[1], values: lecture({ title: '范围' }) });
    const id = saved.body.data.id as string;
    expect((await list(c.leader)).records.some((r) => r.id === id)).toBe(true);
    for (const caller of [c.multi, c.nurse, c.otherAdmin]) {
      expect((await list(caller)).records.some((r) => r.id === id)).toBe(false);
      expect((await caller.get(`${P}/detail?id=${id}`)).status).toBe(404);
      const removed = await caller.post(`${P}/remove?ids=${id}`);
      expect(removed.status).toBe(404);
      expect(removed.body.msg).toBe('数据不存在');
    }
    // Another doctor cannot write for this resident either.
    const other = await c.multi.post(`${P}/submit`, { archId: residents[1], values: lecture() });
    expect(other.status).toBe(400);
    expect(other.body.msg).toBe(`以下居民不在您可宣教的范围内：${residents[1]}`);
    // cdc has no 健康教育 menu.
    expect((await c.cdc.get(`${P}/new-list`)).status).toBe(403);
    // The doctor removes it; it is gone from the list.
    expect((await c.doctor.post(`${P}/remove?ids=${id}`)).status).toBe(200);
    expect((await list(c.doctor)).records.some((r) => r.id === id)).toBe(false);
  });

  it('is pushed to the regional system through the outbox, and its push state read', async () => {
    await setUp();
    const saved = await c.doctor.post(`${P}/submit`, { archId: residents[0], values: lecture({ title: '上报' }) });
    const id = saved.body.data.id as string;
    // The save itself queued the record (the outbox's trigger): 待上报, gwStatus '0'.
    const status = await c.doctor.get(`${P}/archives-submit-status?ids=${id}`);
    expect(status.body.data).toEqual([expect.objectContaining({ id, state: 0, gwStatus: '0' })]);
    const pushed = await c.doctor.post(`${P}/push-promotion`, { ids: [id] });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body.data.ids).toEqual([`GW:followup:${id}`]);
    const outbox = await c.doctor.get(`/api/blade-iph-business/pushoutbox/list?size=50&formCode=propaganda`);
    expect((outbox.body.data.records as { sourceId?: string; recordId?: string }[]).length).toBeGreaterThan(0);
    // A 健康教育记录 is not a 健康教育处方: the prescription's push call does not reach it.
    expect((await c.doctor.post(`${P}/push-promotion-jkjycf`, { ids: [id] })).status).toBe(404);
  });
});

describe('一键宣教', () => {
  it('gives one education to the residents chosen: a record each, a batch listing them', async () => {
    await setUp();
    const picked = residents.slice(0, 2);
    const candidates = await c.doctor.get(`${P}/crowd-residents?crowdLabel=hypertension&size=200`);
    const ids = (candidates.body.data.records as { archId: string }[]).map((r) => r.archId);
    expect(ids).toEqual(expect.arrayContaining(picked));
    // The nurse is nobody's responsible doctor: no candidates.
    expect((await c.nurse.get(`${P}/crowd-residents?crowdLabel=hypertension`)).body.data.total).toBe(0);
    const res = await c.doctor.post(`${P}/save-prescription-crowd-label`, {
      archIds: picked,
      crowdLabel: 'hypertension',
      values: lecture({ title: '一键宣教：限盐' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('已为2位居民保存宣教记录');
    const { mainId, count } = res.body.data as { mainId: string; count: number };
    expect(count).toBe(2);
    const rows = (await list(c.doctor, `&mainId=${mainId}`)).records;
    expect(rows.map((r) => r.archId).sort()).toEqual([...picked].sort());
    expect(rows.every((r) => r.title === '一键宣教：限盐' && r.mainId === mainId)).toBe(true);
    const batches = await c.doctor.get(`${P}/new-main-list?size=50`);
    expect(batches.body.data.records).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: mainId, residentCount: 2, crowdName: '高血压', title: '一键宣教：限盐' })]),
    );
    expect((await c.otherAdmin.get(`${P}/new-main-list?size=50`)).body.data.records).toEqual([]);
  });

  it('refuses nobody, someone else’s resident and bad values before saving anything', async () => {
    await setUp();
    const before = (await list(c.admin)).total;
    const none = await c.doctor.post(`${P}/save-prescription-crowd-label`, { archIds: [], values: lecture() });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请选择要宣教的居民');
    const foreign = await c.multi.post(`${P}/save-prescription-crowd-label`, { archIds: residents.slice(0, 2), values: lecture() });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toContain('以下居民不在您可宣教的范围内');
    const bad = await c.doctor.post(`${P}/save-prescription-crowd-label`, {
      archIds: residents.slice(0, 2),
      values: lecture({ method: '' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('教育方式');
    expect((await list(c.admin)).total).toBe(before);
  });
});

describe('健康教育处方', () => {
  it('is for hypertension or diabetes residents, found by the follow-up of its day, removed as a batch by whoever gave it', async () => {
    await setUp();
    const one = await c.doctor.post(`${P}/save-or-update-prescription`, { archId: residents[0], values: prescription() });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject({
      formCode: 'healtheducation',
      formName: '健康教育处方',
      topicNames: '减少钠盐摄入 (每日食盐<5g)、适量运动',
    });
    if (unlabelled) {
      const refused = await c.doctor.post(`${P}/save-or-update-prescription`, { archId: unlabelled, values: prescription() });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('未纳入高血压或糖尿病患者管理，不能开具健康教育处方');
    }
    // The follow-up of the same day finds it.
    const visit = await c.doctor.post('/api/blade-iph-business/userfollowup/high-blood-pressure-follow-up', {
      archId: residents[0],
      values: goodHypertensionValues({ visitDate: '2026-05-20', nextVisitDate: '2026-08-18' }),
    });
    expect(visit.body.success, JSON.stringify(visit.body)).toBe(true);
    const found = await c.doctor.get(`${P}/get-detail-follow-up-id?followUpId=${visit.body.data.id}`);
    expect(found.body.data?.id).toBe(one.body.data.id);
    expect((await c.multi.get(`${P}/get-detail-follow-up-id?followUpId=${visit.body.data.id}`)).status).toBe(404);
    // One-key prescriptions, then the batch removed: another doctor may not, the one who gave it may.
    const batch = await c.doctor.post(`${P}/save-hypersion-or-diabetes`, {
      archIds: residents.slice(0, 2),
      values: prescription({ visitDate: '2026-05-21' }),
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const { mainId, recordIds } = batch.body.data as { mainId: string; recordIds: string[] };
    expect((await c.multi.post(`${P}/remove-gxy-tnb-xj?ids=${mainId}`)).status).toBe(403);
    expect((await c.doctor.post(`${P}/remove-gxy-tnb-xj?ids=${mainId}`)).status).toBe(200);
    const left = (await list(c.doctor, '&formCode=healtheducation')).records.map((r) => r.id);
    expect(left).not.toContain(recordIds[0]);
    expect(left).toContain(one.body.data.id);
    // The single prescription removed through remove-jkjycf, not through remove (a 健康教育记录's).
    expect((await c.doctor.post(`${P}/remove?ids=${one.body.data.id}`)).status).toBe(404);
    expect((await c.doctor.post(`${P}/remove-jkjycf?ids=${one.body.data.id}`)).status).toBe(200);
  });
});
