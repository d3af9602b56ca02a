import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendGeneratedArchives } from '../../seed/archive-seed';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { ANCHOR_STEP, ARCHIVE_ACTIVE, listArchives, updateArchives, type ArchivePaging } from './archives';

const TENANT = '100001';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // 20 seeded + 1,280: several anchor blocks and a last, partial one.
  await appendGeneratedArchives(t.deps.db, {
    tenantId: TENANT,
    count: 1280,
    regionCode: '441602',
    doctor: { id: '2302', name: '张伟' },
    team: { id: '2401', name: '家庭医生一团队' },
    now: new Date('2026-06-01T08:00:00Z'),
    seed: 11,
  });
}, 60_000);
afterAll(() => t.close());

/** The same page the plain way: OFFSET over the whole ordered list. */
async function plainPage(paging: ArchivePaging, status?: string) {
  let q = t.deps.db.selectFrom('user_archive').select('id').where('tenant_id', '=', TENANT).where('is_deleted', '=', 0);
  if (status) q = q.where('archives_status', '=', status);
  for (const { column, direction } of paging.sort) q = q.orderBy(column, direction);
  const rows = await q
    .orderBy('id', 'desc')
    .limit(paging.size)
    .offset((paging.current - 1) * paging.size)
    .execute();
  return rows.map((r) => r.id);
}

describe('archive list paging', () => {
  it('gives every page, deep ones through the anchors, exactly as a plain OFFSET would, in each order', async () => {
    const orders: ArchivePaging['sort'][] = [
      [{ column: 'create_time', direction: 'desc' }],
      [{ column: 'person_name', direction: 'desc' }],
      [{ column: 'birthday', direction: 'asc' }],
    ];
    for (const sort of orders) {
      // Pages on both sides of each anchor, one across it, and one past the end.
      for (const [current, size] of [
        [1, 10],
        [10, 10],
        [11, 10],
        [20, 10],
        [21, 10],
        [50, 10],
        [51, 10],
        [49, 11],
        [100, 10],
        [101, 10],
        [129, 10],
        [130, 10],
        [131, 10],
        [3, ANCHOR_STEP],
        [2, 700],
      ] as const) {
        const paging = { current, size, sort };
        const { rows, total } = await listArchives(t.deps.db, TENANT, {}, paging);
        expect(total).toBe(1300);
        expect(
          rows.map((r) => r.id),
          `${JSON.stringify(sort)} page ${current} size ${size}`,
        ).toEqual(await plainPage(paging));
      }
    }
  });

  it('counts and anchors again right after an archive write, not a few seconds later', async () => {
    const paging: ArchivePaging = { current: 61, size: 10, sort: [{ column: 'create_time', direction: 'desc' }] };
    const filter = { status: ARCHIVE_ACTIVE };
    const before = await listArchives(t.deps.db, TENANT, filter, paging);
    expect(before.total).toBe(1300);
    // Cancel the first 25 archives of the list: every later page moves up by 25 rows.
    const first = await plainPage({ ...paging, current: 1, size: 25 }, ARCHIVE_ACTIVE);
    expect(await updateArchives(t.deps.db, TENANT, first, { archives_status: '2' })).toHaveLength(25);
    const after = await listArchives(t.deps.db, TENANT, filter, paging);
    expect(after.total).toBe(1275);
    expect(after.rows.map((r) => r.id)).toEqual(await plainPage(paging, ARCHIVE_ACTIVE));
    expect(after.rows[0]!.id).not.toBe(before.rows[0]!.id);
  });
});
