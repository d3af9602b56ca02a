// dict-biz backups and recovery (spec 002 §7): a snapshot of the caller's tenant's own business
// dictionaries, and putting one back in a single transaction (all or nothing). A tenant backs up
// and restores only its own rows; the platform's dictionaries it sees are the platform's to keep.
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import type { DictBackupView } from '../../../src/shared/contract/dicts';
import { NotFound } from '../../domain/errors';
import { findBackup, insertBackup, restoreRows, toBackupRow } from '../repositories/dict-backups';
import { ownDictRows } from '../repositories/dict-biz-rows';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { requireDictAdmin } from './dict-admin';
import { dateTime } from '../../forms/index';

type DictDeps = Pick<AppDeps, 'db' | 'caches'>;

export async function backupDicts(deps: DictDeps, auth: AccessClaims, now: Date): Promise<DictBackupView> {
  requireDictAdmin(auth);
  const rows = (await ownDictRows(deps.db, auth.tenant_id)).map(toBackupRow);
  const id = await insertBackup(deps.db, auth.tenant_id, rows, auth.user_id, now);
  return { id, rowCount: rows.length, createTime: dateTime(now) };
}

/** Restores the backup `id` (the latest when none is given); answers what was restored. */
export async function recoverDicts(deps: DictDeps, auth: AccessClaims, id: string | undefined, now: Date): Promise<DictBackupView> {
  requireDictAdmin(auth);
  const tenantId = auth.tenant_id;
  const backup = await findBackup(deps.db, tenantId, id);
  if (!backup) throw new NotFound('备份不存在');
  await inTransaction(deps.db, (trx) => restoreRows(trx, tenantId, backup.snapshot, auth.user_id, now));
  deps.caches.clear(tenantId === ROOT_TENANT ? ['*'] : [tenantId]);
  return { id: backup.id, rowCount: backup.row_count, createTime: dateTime(new Date(backup.create_time)) };
}
