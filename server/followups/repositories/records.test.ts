import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementAfterCommitError } from '../../db/last-statement';
import { withTenant } from '../../db/tenant-scope';
import { demoArchiveIds } from '../../forms/routes/form-test-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { insertRecordWithHistory, listHistory, requestAnswer, type NewRecord } from './records';

// One statement writes a new record and its history row, and with a claim also the client request
// id's answer: the two shapes of one template must store the same record.
let t: TestApp;
let archId: string;
beforeAll(async () => {
  t = await createTestApp();
  [archId] = (await demoArchiveIds(t.deps.db)) as [string];
});
afterAll(() => t.close());

const TENANT = '100001';
const actor = { userId: '1123598821738675201', userName: '测试' };
const history = { requestUri: '/test', changeSource: 'SYS' };
const rec = (): NewRecord => ({
  formCode: 'hypertensionfollowup',
  formVersion: 1,
  archId,
  otherId: null,
  values: { sbp: 132, note: '引号"与\\反斜杠' },
  acknowledgements: [{ ruleId: 'bp.urgent' }],
  visitDate: '2026-11-20',
  nextVisitDate: null,
});

describe('insertRecordWithHistory', () => {
  it('stores the same record and history row with and without a claim, and the claim keeps its answer', async () => {
    const now = new Date('2026-11-26T08:00:00.000Z');
    const plain = await withTenant(TENANT, () =>
      t.deps.db.transaction().execute((trx) => insertRecordWithHistory(trx, TENANT, rec(), history, actor, now)),
    );
    const claimed = await withTenant(TENANT, () =>
      t.deps.db.transaction().execute((trx) =>
        insertRecordWithHistory(trx, TENANT, rec(), history, actor, now, {
          requestId: 'records-test-1',
          payloadHash: 'h1',
          answerOf: (row) => ({ id: row.id, values: row.values }),
        }),
      ),
    );
    if (!plain.claimed || !claimed.claimed) throw new Error('both inserts should have claimed');
    const comparable = ({ id: _id, ...row }: typeof plain.saved) => row;
    expect(comparable(claimed.saved)).toEqual(comparable(plain.saved));
    expect(plain.saved).toMatchObject({
      tenant_id: TENANT,
      values: rec().values,
      acknowledgements: rec().acknowledgements,
      row_version: 1,
      status: 1,
      is_deleted: 0,
    });

    for (const { saved } of [plain, claimed]) {
      const [entry] = await withTenant(TENANT, () => listHistory(t.deps.db, TENANT, saved.id));
      expect(entry).toMatchObject({ action: 'create', row_version: 1 });
      // Exactly the record's content as historyPayload describes it (made in SQL from the row written).
      expect(entry?.payload).toEqual({
        formCode: 'hypertensionfollowup',
        formVersion: 1,
        archId,
        otherId: null,
        status: 1,
        values: rec().values,
        acknowledgements: rec().acknowledgements,
      });
    }
    expect(claimed.answer).toEqual({ id: claimed.saved.id, values: rec().values });
    expect(await withTenant(TENANT, () => requestAnswer(t.deps.db, TENANT, 'records-test-1'))).toEqual({
      answer: { id: claimed.saved.id, values: rec().values },
      payloadHash: 'h1',
    });
  });

  it('says when the request id is already claimed, keeping the first answer', async () => {
    const now = new Date('2026-11-26T09:00:00.000Z');
    const claim = (tag: string) => ({ requestId: 'records-test-2', answerOf: () => ({ tag }) });
    const first = await withTenant(TENANT, () =>
      t.deps.db.transaction().execute((trx) => insertRecordWithHistory(trx, TENANT, rec(), history, actor, now, claim('first'))),
    );
    const second = await withTenant(TENANT, () =>
      t.deps.db.transaction().execute((trx) => insertRecordWithHistory(trx, TENANT, rec(), history, actor, now, claim('second'))),
    );
    expect([first.claimed, second.claimed]).toEqual([true, false]);
    expect((await withTenant(TENANT, () => requestAnswer(t.deps.db, TENANT, 'records-test-2')))?.answer).toEqual({ tag: 'first' });
    // The losing statement wrote nothing: one record and one history row at that moment, the first's.
    const written = await withTenant(TENANT, () =>
      t.deps.db
        .selectFrom('form_record')
        .innerJoin('form_record_history', 'form_record_history.record_id', 'form_record.id')
        .select('form_record.id')
        .where('form_record.tenant_id', '=', TENANT)
        .where('form_record.create_time', '=', now)
        .execute(),
    );
    expect(written.map((r) => r.id)).toEqual([first.claimed ? first.saved.id : 'none']);
  });

  it('commits with its statement: a statement after it in the same transaction is refused, and the record stays', async () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    let savedId = '';
    await expect(
      withTenant(TENANT, () =>
        t.deps.db.transaction().execute(async (trx) => {
          const inserted = await insertRecordWithHistory(trx, TENANT, rec(), history, actor, now);
          if (inserted.claimed) savedId = inserted.saved.id;
          await trx.selectFrom('form_record').select('id').execute();
        }),
      ),
    ).rejects.toBeInstanceOf(StatementAfterCommitError);
    const kept = await withTenant(TENANT, () => t.deps.db.selectFrom('form_record').select('id').where('id', '=', savedId).execute());
    expect(kept).toHaveLength(1);
  });
});
