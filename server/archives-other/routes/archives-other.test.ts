// userarchivesother/*: every call with its bad inputs, the tenant wall (another tenant's otherId is
// 404), the roles (disease control and the nurse where refused), one open pregnancy per resident —
// also when two creates race — and the child calls (birth weight, duplicate filing).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { formatDate, fromClock } from '../../../src/engine';

const c = careTeamCallers();
const B = '/api/blade-iph-business/userarchivesother';

interface Resident {
  id: string;
  sex: string;
  birthday: string;
  person_name: string;
}
let residents: Resident[] = [];
async function demo(): Promise<Resident[]> {
  if (residents.length === 0) {
    const { rows } = await sql<Resident>`select id, sex, birthday, person_name from user_archive
      where tenant_id = '100001' and is_deleted = 0 and archives_status = '1' order by id`.execute(c.app().deps.db);
    residents = rows;
  }
  return residents;
}
const today = () => formatDate(fromClock(new Date(c.app().deps.now())));
const daysAgo = (n: number) => formatDate(fromClock(new Date(c.app().deps.now() - n * 86_400_000)));
const age = (birthday: string) => Number(today().slice(0, 4)) - Number(birthday.slice(0, 4));
/** A new woman of 30 in tenant 100001 for each test (the 20 demo residents hold too few). */
let womenMade = 0;
async function woman(birthday = '1995-03-01'): Promise<Resident> {
  womenMade++;
  const id = String(8_800_000_000 + womenMade);
  const person_name = `孕妇${womenMade}`;
  const now = new Date(c.app().deps.now());
  await c
    .app()
    .deps.db.insertInto('user_archive')
    .values({
      id,
      tenant_id: '100001',
      archives_no: `M${id}`,
      person_name,
      sex: '2',
      birthday,
      id_card: `44160219950301${String(womenMade).padStart(3, '0')}X`,
      create_user: '2302',
      create_time: now,
      update_user: '2302',
      update_time: now,
    })
    .execute();
  return { id, sex: '2', birthday, person_name };
}
async function addRecord(archId: string, otherId: string | null, formCode: string, values: Record<string, unknown> = {}): Promise<string> {
  const id = String(9_000_000_000 + Math.floor(Math.random() * 1_000_000));
  await sql`insert into form_record (id, tenant_id, form_code, form_version, arch_id, other_id, values, status, acknowledgements,
      create_user, create_user_name, create_time, update_user, update_user_name, update_time, row_version)
    values (${id}, '100001', ${formCode}, 1, ${archId}, ${otherId}, ${JSON.stringify(values)}::jsonb, 1, '[]'::jsonb,
      '2302', '张伟', now(), '2302', '张伟', now(), 1)`.execute(c.app().deps.db);
  return id;
}
const file = (archId: string, extra: Record<string, unknown> = {}) =>
  c.doctor.post(`${B}/create-or-update`, {
    kind: 'maternal',
    archId,
    lastMenstrualPeriod: daysAgo(70),
    gravidity: 2,
    parity: 1,
    pregnantBookId: 'YC-001',
    ...extra,
  });

describe('filing a pregnancy (create-or-update, detail)', () => {
  it('files it with the due date made on the server and today’s gestation in the detail', async () => {
    const w = await woman();
    const lmp = daysAgo(70);
    const res = await file(w.id, { lastMenstrualPeriod: lmp, restRegion: '城北' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.restRegion).toBe('城北');
    expect(res.body.msg).toBe('建档成功');
    const made = res.body.data;
    const due = formatDate(fromClock(new Date(Date.parse(`${lmp}T00:00:00Z`) + 280 * 86_400_000)));
    expect(made).toMatchObject({
      archId: w.id,
      kind: 'maternal',
      status: '1',
      lastMenstrualPeriod: lmp,
      dateOfPrenatal: due,
      gravidity: 2,
      parity: 1,
    });
    expect(made.gestation).toEqual({ weeks: 10, days: 0, text: '孕10周' });
    // 建档单位: the filing doctor's department, as the session names it.
    const session = await c.doctor.get('/api/blade-user/info');
    expect(made.unitName).not.toBe('');
    expect(made.unitName).toBe(session.body.data.deptName);
    const detail = await c.nurse.get(`${B}/detail?otherId=${made.otherId}`);
    expect(detail.body.data).toMatchObject({ otherId: made.otherId, personName: w.person_name, pregnantBookId: 'YC-001' });
    expect(detail.body.data.idCard).toMatch(/\*/);

    // An edit needs the version read; a stale one is 409; the LMP moves the due date.
    expect((await file(w.id, { id: made.id })).body.msg).toBe('请提供读取时的数据版本(rowVersion)');
    const edited = await file(w.id, {
      id: made.id,
      rowVersion: made.rowVersion,
      lastMenstrualPeriod: daysAgo(77),
      restRegion: ' 城南街道12号 ',
    });
    expect(edited.body.data, JSON.stringify(edited.body)).toMatchObject({
      rowVersion: made.rowVersion + 1,
      gestation: { weeks: 11, days: 0 },
      restRegion: '城南街道12号',
    });
    // An edit that does not send the 休养地 keeps it.
    const kept = await file(w.id, { id: made.id, rowVersion: made.rowVersion + 1 });
    expect(kept.body.data.restRegion).toBe('城南街道12号');
    expect((await file(w.id, { id: made.id, rowVersion: made.rowVersion })).status).toBe(409);
    expect((await file(w.id, { id: made.id, rowVersion: made.rowVersion + 2, restRegion: '街'.repeat(101) })).status).toBe(400);
  });

  it('refuses a future LMP, one more than 45 weeks back, an invalid one, bad G/P — and changes nothing', async () => {
    const w = await woman();
    const cases = [
      [{ lastMenstrualPeriod: formatDate(fromClock(new Date(c.app().deps.now() + 86_400_000))) }, '末次月经日期不能晚于今天'],
      [{ lastMenstrualPeriod: daysAgo(45 * 7 + 1) }, '末次月经日期距今超过45周，请核对'],
      [{ lastMenstrualPeriod: '2024-02-30' }, '末次月经日期格式不正确'],
      [{ lastMenstrualPeriod: null }, '末次月经日期格式不正确'],
      [{ gravidity: 2, parity: 2 }, '产次应小于孕次（产次为本次妊娠之前的分娩次数）'],
    ] as const;
    for (const [extra, msg] of cases) {
      const res = await file(w.id, extra);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await file(w.id, { gravidity: 0 })).status).toBe(400);
    expect((await file(w.id, { kind: 'other' })).status).toBe(400);
    expect((await c.doctor.get(`${B}/maternal-pregnancy?archId=${w.id}`)).body.data).toBeNull();
  });

  it('files pregnancies for women of 10–60 only', async () => {
    const man = (await demo()).find((r) => r.sex === '1')!;
    expect((await file(man.id)).body.msg).toBe('孕产妇档案只能为女性居民建立');
    const valid = await c.doctor.get(`${B}/maternal-valid?archId=${man.id}`);
    expect(valid.body.data).toEqual({ valid: false, reason: '孕产妇档案只能为女性居民建立' });
    const old = await woman('1950-01-01');
    expect((await file(old.id)).body.msg).toBe('孕产妇年龄应在10～60岁之间，请核对出生日期');
    const girl = await woman(daysAgo(365 * 9));
    expect((await file(girl.id)).body.msg).toBe('孕产妇年龄应在10～60岁之间，请核对出生日期');
    const w = await woman();
    expect((await c.doctor.get(`${B}/maternal-valid?archId=${w.id}`)).body.data).toEqual({ valid: true, reason: '' });
    expect((await file('999999999')).status).toBe(404);
  });

  it('keeps one open pregnancy per resident, also when two creates race', async () => {
    const w = await woman();
    const [a, b] = await Promise.all([file(w.id), file(w.id)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body.msg).toBe('该居民已有在管的孕产妇档案');
    expect((await file(w.id)).body.msg).toBe('该居民已有在管的孕产妇档案');
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from iph_user_archives_other where arch_id = ${w.id} and is_deleted = 0`.execute(c.app().deps.db);
    expect(Number(rows[0]?.n)).toBe(1);
    const open = await c.doctor.get(`${B}/maternal-pregnancy?archId=${w.id}`);
    expect(open.body.data.archId).toBe(w.id);
    expect((await c.doctor.get(`${B}/maternal-valid?archId=${w.id}`)).body.data.valid).toBe(false);
  });
});

describe('the tenant wall and the roles', () => {
  it('answers 404 to another tenant and refuses disease control; the nurse may not cancel', async () => {
    const w = await woman();
    const made = (await file(w.id)).body.data;
    expect((await c.otherAdmin.get(`${B}/detail?otherId=${made.id}`)).status).toBe(404);
    expect((await c.otherAdmin.post(`${B}/close-off`, { otherId: made.id, closeDate: today(), closeReason: '2' })).status).toBe(404);
    expect((await c.otherAdmin.post(`${B}/remove?ids=${made.id}`)).status).toBe(404);
    expect((await c.otherAdmin.get(`${B}/maternal-pregnancy?archId=${w.id}`)).status).toBe(404);
    expect((await c.otherAdmin.post(`${B}/cancel-archives-other`, { otherId: made.id, cancelReason: '2' })).status).toBe(404);
    const list = await c.otherAdmin.get(`${B}/list-by-param?archId=${w.id}`);
    expect(list.body.data.total).toBe(0);
    expect((await c.cdc.post(`${B}/create-or-update`, { kind: 'maternal', archId: w.id, lastMenstrualPeriod: daysAgo(10) })).status).toBe(
      403,
    );
    expect((await c.cdc.get(`${B}/detail?otherId=${made.id}`)).status).toBe(403);
    expect((await c.nurse.post(`${B}/cancel-archives-other`, { otherId: made.id, cancelReason: '2' })).status).toBe(403);
    expect((await c.doctor.get(`${B}/detail?otherId=abc`)).status).toBe(400);
    expect((await c.doctor.get(`${B}/detail?otherId=123`)).status).toBe(404);
  });
});

describe('list-by-param', () => {
  it('filters by kind, status, archId, LMP and due ranges, name or ID; BladeX pages newest first', async () => {
    const w = await woman();
    const made = (await file(w.id, { lastMenstrualPeriod: daysAgo(100) })).body.data;
    const byName = await c.doctor.get(`${B}/list-by-param?keyword=${encodeURIComponent(w.person_name)}&status=1`);
    expect(byName.body.data.records.map((r: { id: string }) => r.id)).toContain(made.id);
    const range = await c.doctor.get(
      `${B}/list-by-param?lmpStart=${daysAgo(101)}&lmpEnd=${daysAgo(99)}&dueStart=${made.dateOfPrenatal}&dueEnd=${made.dateOfPrenatal}`,
    );
    expect(range.body.data.records.map((r: { id: string }) => r.id)).toEqual([made.id]);
    const all = await c.doctor.get(`${B}/list-by-param?size=2&current=1`);
    expect(all.body.data).toMatchObject({ size: 2, current: 1 });
    expect(all.body.data.records[0].createTime >= all.body.data.records[1].createTime).toBe(true);
    expect((await c.doctor.get(`${B}/list-by-param?kind=child&archId=${w.id}`)).body.data.total).toBe(0);
    expect((await c.doctor.get(`${B}/list-by-param?size=0`)).status).toBe(400);
    expect((await c.doctor.get(`${B}/list-by-param?lmpStart=yesterday`)).status).toBe(400);
    expect((await c.doctor.get(`${B}/list-by-param?riskColor=blue`)).status).toBe(400);
  });
});

describe('remove, close-off, cancel and restore', () => {
  it('removes a case without records; refuses one with records, all or none', async () => {
    const a = await woman();
    const b = await woman();
    const caseA = (await file(a.id)).body.data;
    const caseB = (await file(b.id)).body.data;
    await addRecord(b.id, caseB.id, 'maternalprenatal');
    const refused = await c.doctor.post(`${B}/remove?ids=${caseA.id},${caseB.id}`);
    expect(refused).toMatchObject({ status: 400, body: { msg: '该档案已有随访记录，不能删除' } });
    expect((await c.doctor.get(`${B}/detail?otherId=${caseA.id}`)).status).toBe(200);
    expect((await c.doctor.post(`${B}/remove?ids=${caseA.id},999`)).status).toBe(404);
    expect((await c.doctor.post(`${B}/remove?ids=x`)).status).toBe(400);
    expect((await c.doctor.post(`${B}/remove?ids=${caseA.id}`)).status).toBe(200);
    expect((await c.doctor.get(`${B}/detail?otherId=${caseA.id}`)).status).toBe(404);
  });

  it('closes a pregnancy by the 42-day exam only when that exam is recorded, or by an outcome', async () => {
    const w = await woman();
    const made = (await file(w.id, { lastMenstrualPeriod: daysAgo(300) })).body.data;
    const close = (body: Record<string, unknown>) =>
      c.doctor.post(`${B}/close-off`, { otherId: made.id, closeDate: today(), closeReason: '1', ...body });
    expect((await close({})).body.msg).toBe('尚无产后42天健康检查记录，不能以此结案');
    expect((await close({ closeReason: '99' })).body.msg).toBe('结案原因取值不正确');
    expect((await close({ closeDate: daysAgo(-2) })).body.msg).toBe('结案日期不能晚于今天');
    expect((await close({ closeDate: daysAgo(301) })).body.msg).toBe('结案日期不能早于末次月经或出生日期');
    await addRecord(w.id, made.id, 'maternalpostpartum42');
    const closed = await close({});
    expect(closed.body.data).toMatchObject({ status: '2', closeReason: '1', closeReasonText: '产后42天健康检查', gestation: null });
    expect((await close({})).body.msg).toBe('只有在管的档案可以结案');
    // Her next pregnancy may be filed; not-lgt-detail offers G+1 and P+1 after a delivery.
    const defaults = await c.doctor.get(`${B}/not-lgt-detail?archId=${w.id}`);
    expect(defaults.body.data).toMatchObject({ archId: w.id, filed: false, gravidity: 3, parity: 2, refusal: null });
    expect(defaults.body.data.idCard).toMatch(/\*/);
    expect((await c.doctor.get(`${B}/not-lgt-detail?archId=999999999`)).status).toBe(404);
  });

  it('cancels with a reason of reason_cancellation, greys it out, restores it; the aliases answer the same', async () => {
    const w = await woman();
    const made = (await file(w.id)).body.data;
    expect((await c.doctor.post(`${B}/cancel-archives-other`, { otherId: made.id, cancelReason: '77' })).body.msg).toBe(
      '注销原因取值不正确',
    );
    const cancelled = await c.doctor.post(`${B}/cancelArchivesOtehr`, { otherId: made.id, cancelReason: '1' });
    expect(cancelled.body.data).toMatchObject({ status: '3', statusText: '已注销', cancelReason: '1' });
    expect((await c.doctor.post(`${B}/cancel-archives-other`, { otherId: made.id, cancelReason: '1' })).body.msg).toBe('该档案已注销');
    expect((await file(w.id, { id: made.id, rowVersion: cancelled.body.data.rowVersion })).body.msg).toBe('该档案已注销，不能修改');
    // While cancelled she may have another pregnancy filed; restoring then meets the open one.
    const second = (await file(w.id)).body.data;
    expect((await c.leader.post(`${B}/restore-archives-other`, { otherId: made.id })).body.msg).toBe('该居民已有在管的孕产妇档案');
    await c.doctor.post(`${B}/cancel-archives-other`, { otherId: second.id, cancelReason: '9' });
    const restored = await c.leader.post(`${B}/restoreArchivesOther`, { otherId: made.id });
    expect(restored.body.data).toMatchObject({ status: '1', cancelReason: '' });
    expect((await c.leader.post(`${B}/restore-archives-other`, { otherId: made.id })).body.msg).toBe('该档案未注销，无需恢复');
    // The card's aliases under the business base answer the same.
    const again = await c.doctor.post('/api/blade-iph-business/cancelArchivesOtehr', { otherId: made.id, cancelReason: '9' });
    expect(again.body.data).toMatchObject({ status: '3', cancelReason: '9' });
    const back = await c.leader.post('/api/blade-iph-business/restoreArchivesOther', { otherId: made.id });
    expect(back.body.data).toMatchObject({ status: '1', cancelReason: '' });
  });
});

describe('create-by-follow', () => {
  it('files the pregnancy from a 第1次产前检查 record and ties the record to it', async () => {
    const w = await woman();
    const lmp = daysAgo(84);
    const followId = await addRecord(w.id, null, 'maternalfirstvisit', {
      lastMenstrualPeriod: lmp,
      gravidity: '1',
      parity: '0',
      visitDate: daysAgo(3),
    });
    const made = await c.doctor.post(`${B}/create-by-follow`, { followId });
    expect(made.body.data, JSON.stringify(made.body)).toMatchObject({ archId: w.id, lastMenstrualPeriod: lmp, gravidity: 1, parity: 0 });
    const { rows } = await sql<{ other_id: string }>`select other_id from form_record where id = ${followId}`.execute(c.app().deps.db);
    expect(rows[0]?.other_id).toBe(made.body.data.id);
    expect((await c.doctor.post(`${B}/create-by-follow`, { followId })).body.msg).toBe('该产前检查记录已属于一份孕产妇档案');
    const other = await addRecord(w.id, null, 'hypertensionfollowup', {});
    expect((await c.doctor.post(`${B}/create-by-follow`, { followId: other })).body.msg).toBe('只能从第1次产前检查记录建立孕产妇档案');
    const w2 = await woman();
    const future = await addRecord(w2.id, null, 'maternalfirstvisit', { lastMenstrualPeriod: daysAgo(-5), visitDate: today() });
    expect((await c.doctor.post(`${B}/create-by-follow`, { followId: future })).body.msg).toBe('末次月经日期不能晚于今天');
    expect((await c.doctor.post(`${B}/create-by-follow`, { followId: '123' })).status).toBe(404);
    expect((await c.otherAdmin.post(`${B}/create-by-follow`, { followId })).status).toBe(404);
  });
});

describe('child cases and child_plagiarism_check', () => {
  it('files a child with birth weight 0.5–7 kg, answers 已建档 for the same child, refuses a second', async () => {
    const kids = await demo();
    const child = kids.find((r) => age(r.birthday) > 20)!; // any resident archive stands in for the child's own
    const mother = await woman();
    const fileChild = (extra: Record<string, unknown> = {}) =>
      c.doctor.post(`${B}/create-or-update`, {
        kind: 'child',
        archId: child.id,
        birthDate: daysAgo(30),
        childSex: '1',
        birthWeight: 3.2,
        motherArchId: mother.id,
        ...extra,
      });
    expect((await fileChild({ birthWeight: 0 })).body.msg).toBe('出生体重应在0.5～7kg之间, 请核对 (单位: 千克)');
    expect((await fileChild({ birthWeight: 9 })).body.msg).toBe('出生体重应在0.5～7kg之间, 请核对 (单位: 千克)');
    // The newborn visit's lower bound (0.5 kg), not the 0.3 kg the filing once took.
    expect((await fileChild({ birthWeight: 0.4 })).body.msg).toBe('出生体重应在0.5～7kg之间, 请核对 (单位: 千克)');
    expect((await fileChild({ birthDate: daysAgo(-1) })).body.msg).toBe('出生日期不能晚于今天');
    expect((await fileChild({ birthDate: daysAgo(366 * 7 + 2) })).body.msg).toBe('出生日期早于7年前，已超出0～6岁儿童健康管理范围');
    expect((await fileChild({ birthDate: null })).body.msg).toBe('请填写出生日期');
    expect((await fileChild({ childSex: 'x' })).body.msg).toBe('性别取值不正确');
    expect((await fileChild({ motherArchId: child.id })).body.msg).toBe('母亲档案不能是儿童本人');
    expect((await fileChild({ motherArchId: '999999999' })).status).toBe(404);
    const before = await c.doctor.get(`${B}/child_plagiarism_check?archId=${child.id}`);
    expect(before.body).toMatchObject({ msg: '未建档', data: { filed: false, case: null } });
    const made = await fileChild();
    expect(made.body.data).toMatchObject({ kind: 'child', birthWeight: 3.2, motherArchId: mother.id, gestation: null });
    const same = await c.doctor.get(`${B}/child_plagiarism_check?archId=${child.id}`);
    expect(same.body).toMatchObject({ msg: '已建档', data: { filed: true, case: { id: made.body.data.id } } });
    const byMother = await c.doctor.get(
      `${B}/child_plagiarism_check?birthDate=${daysAgo(30)}&personName=${encodeURIComponent(child.person_name)}&motherArchId=${mother.id}`,
    );
    expect(byMother.body.data.case.id).toBe(made.body.data.id);
    // The mother's children: list-by-param by motherArchId (the maternal shell's 新生儿访视 tab).
    const children = await c.doctor.get(`${B}/list-by-param?kind=child&motherArchId=${mother.id}`);
    expect(children.body.data.records.map((r: { id: string }) => r.id)).toEqual([made.body.data.id]);
    expect((await c.doctor.get(`${B}/list-by-param?kind=child&motherArchId=${child.id}`)).body.data.total).toBe(0);
    expect((await c.otherAdmin.get(`${B}/list-by-param?kind=child&motherArchId=${mother.id}`)).body.data.total).toBe(0);
    expect((await c.doctor.get(`${B}/list-by-param?kind=child&motherArchId=${'9'.repeat(60)}`)).status).toBe(400);
    expect((await fileChild()).body.msg).toBe('该儿童已建档');
    expect((await c.doctor.get(`${B}/child_plagiarism_check`)).status).toBe(400);
    expect((await c.otherAdmin.get(`${B}/child_plagiarism_check?archId=${child.id}`)).body.data.filed).toBe(false);
  });
});
