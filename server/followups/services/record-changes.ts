// Removing, closing off and restoring records: each bumps the row version and writes a history row.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { changeRecord, findRecord, insertHistory, RECORD_CLOSED, RECORD_SAVED, type RecordDb } from '../repositories/records';
import { historyPayload, type RecordContext } from './record-submit';

type Accept = (r: RecordDb) => void;

async function changeIn(
  trx: Kysely<Database>,
  ctx: RecordContext,
  id: string,
  action: string,
  set: { status?: number; isDeleted?: number },
  accept?: Accept,
): Promise<RecordDb> {
  const current = await findRecord(trx, ctx.tenantId, id);
  if (!current) throw new NotFound('记录不存在');
  accept?.(current);
  const changed = await changeRecord(trx, ctx.tenantId, id, set, ctx.actor, ctx.now);
  if (!changed) throw new NotFound('记录不存在');
  await insertHistory(
    trx,
    ctx.tenantId,
    {
      recordId: id,
      action,
      rowVersion: changed.row_version,
      payload: historyPayload(changed),
      requestUri: ctx.requestUri,
      changeSource: ctx.changeSource,
    },
    ctx.actor,
    ctx.now,
  );
  return changed;
}

/** Removes all or none: an id the tenant does not have (or another tenant's) fails the whole call. */
export async function removeRecords(ctx: RecordContext, ids: string[], accept?: Accept): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    for (const id of ids) await changeIn(trx, ctx, id, 'remove', { isDeleted: 1 }, accept);
  });
}

export const closeRecord = (ctx: RecordContext, id: string, accept?: Accept) =>
  inTransaction(ctx.db, (trx) => changeIn(trx, ctx, id, 'close', { status: RECORD_CLOSED }, accept));
export const restoreRecord = (ctx: RecordContext, id: string, accept?: Accept) =>
  inTransaction(ctx.db, (trx) => changeIn(trx, ctx, id, 'restore', { status: RECORD_SAVED }, accept));
