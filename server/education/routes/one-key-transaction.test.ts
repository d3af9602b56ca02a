// 一键宣教 in one transaction (issue 34; decision 0041): every resident's 健康教育记录, its push row and
// the batch are saved together — a failure in the middle (the second resident's record, or the batch
// after every record) leaves nothing written: no record, no push, no batch.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { demoArchiveIds } from '../../forms/routes/form-test-support';

const c = careTeamCallers();
const P = '/api/blade-iph-business/userpromotion';
const lecture = (title: string) => ({
  visitDate: '2026-05-12',
  eduKind: '2',
  method: '5',
  educator: '张伟',
  place: '社区卫生服务站',
  title,
  topics: ['1', '2'],
  content: '讲解低盐饮食和规律服药',
});

let picked: string[] = [];

/** What a one-key call left behind for a title: the records, their push rows and the batches. */
async function leftFor(title: string) {
  const db = c.app().deps.db;
  const records = await sql<{ id: string }>`select id from form_record where tenant_id = '100001' and form_code = 'propaganda'
    and "values"->>'title' = ${title}`.execute(db);
  const ids = records.rows.map((r) => r.id);
  const pushes = ids.length
    ? await sql<{ id: string }>`select id from iph_push_outbox where tenant_id = '100001' and source_id in (${sql.join(ids)})`.execute(db)
    : { rows: [] };
  const batches = await sql<{ id: string }>`select id from iph_user_promotion_main where tenant_id = '100001' and title = ${title}`.execute(
    db,
  );
  return { records: ids.length, pushes: pushes.rows.length, batches: batches.rows.length };
}

beforeAll(async () => {
  const mine = await sql<{ id: string }>`select id from user_archive where tenant_id = '100001' and is_deleted = 0 and main_doctor_id = (
      select id from blade_user where account = 'doctor' and tenant_id = '100001')`.execute(c.app().deps.db);
  const ids = new Set(mine.rows.map((r) => r.id));
  picked = (await demoArchiveIds(c.app().deps.db, 'hypertension')).filter((id) => ids.has(id)).slice(0, 3);
  expect(picked.length).toBeGreaterThanOrEqual(2);
  // Failures planted as the owner: the second resident's record of one title, and the batch of another.
  await sql`create or replace function test_fail_one_key() returns trigger language plpgsql as $$
    begin raise exception 'planted failure'; end $$`.execute(c.app().owner);
  await sql
    .raw(
      `create trigger test_fail_second_record before insert on form_record for each row
    when (NEW."values"->>'title' = '中途失败' and NEW.arch_id = '${picked[1]}') execute function test_fail_one_key()`,
    )
    .execute(c.app().owner);
  await sql`create trigger test_fail_batch before insert on iph_user_promotion_main for each row
    when (NEW.title = '批次失败') execute function test_fail_one_key()`.execute(c.app().owner);
});
afterAll(async () => {
  await sql`drop trigger if exists test_fail_second_record on form_record`.execute(c.app().owner);
  await sql`drop trigger if exists test_fail_batch on iph_user_promotion_main`.execute(c.app().owner);
});

describe('一键宣教 saves all or nothing', () => {
  it('saves every resident’s record, its push and the batch together', async () => {
    const res = await c.doctor.post(`${P}/save-prescription-crowd-label`, { archIds: picked, values: lecture('全部成功') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await leftFor('全部成功')).toEqual({ records: picked.length, pushes: picked.length, batches: 1 });
  });

  it('a failure at the second resident’s record leaves no record (not even the first), no push and no batch', async () => {
    const res = await c.doctor.post(`${P}/save-prescription-crowd-label`, { archIds: picked, values: lecture('中途失败') });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await leftFor('中途失败')).toEqual({ records: 0, pushes: 0, batches: 0 });
  });

  it('a failure writing the batch after every record leaves none of the records', async () => {
    const res = await c.doctor.post(`${P}/save-prescription-crowd-label`, { archIds: picked, values: lecture('批次失败') });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await leftFor('批次失败')).toEqual({ records: 0, pushes: 0, batches: 0 });
    // The app goes on: the next one-key call is saved.
    const next = await c.doctor.post(`${P}/save-prescription-crowd-label`, { archIds: picked, values: lecture('失败之后') });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(await leftFor('失败之后')).toMatchObject({ records: picked.length, batches: 1 });
  });
});
