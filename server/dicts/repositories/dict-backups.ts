import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DictBackupRow, DictBizBackupTable } from '../../db/schema';
import { newId } from '../../db/ids';
import type { DictRow } from './dict-admin';
import { jsonb } from '../../platform/repositories/form-json';
import { byIdOrLatest } from '../../platform/repositories/latest-row';

/** Snapshots of a tenant's own business dictionary rows (dict-biz backups) and their restore (recovery). */
export type DictBackup = Selectable<DictBizBackupTable>;

export const toBackupRow = (r: DictRow): DictBackupRow => ({
  id: r.id,
  parent_id: r.parent_id,
  code: r.code,
  dict_key: r.dict_key,
  dict_value: r.dict_value,
  pdf_key: r.pdf_key,
  sort: r.sort,
  remark: r.remark,
  is_sealed: r.is_sealed,
  is_admin: r.is_admin,
});

export async function insertBackup(
  db: Kysely<Database>,
  tenantId: string,
  rows: DictBackupRow[],
  userId: string,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_dict_biz_backup')
    .values({ id, tenant_id: tenantId, row_count: rows.length, snapshot: jsonb(rows), create_user: userId, create_time: now })
    .execute();
  return id;
}

/** One of the tenant's backups by id, or its latest when no id is given. */
export async function findBackup(db: Kysely<Database>, tenantId: string, id?: string): Promise<DictBackup | undefined> {
  return byIdOrLatest(db, 'blade_dict_biz_backup', tenantId, id);
}

/**
 * Makes the tenant's own rows what the snapshot holds: rows not in it are soft-deleted, rows in it
 * are written back under their own ids (a removed one comes back), each changed row's version +1.
 * The caller runs it in one transaction.
 */
export async function restoreRows(db: Kysely<Database>, tenantId: string, rows: DictBackupRow[], userId: string, now: Date): Promise<void> {
  const ids = rows.map((r) => r.id);
  await db
    .updateTable('blade_dict_biz')
    .set({ is_deleted: 1, update_time: now, update_user: userId, row_version: sql<number>`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .$if(ids.length > 0, (q) => q.where('id', 'not in', ids))
    .execute();
  for (const r of rows) {
    await db
      .insertInto('blade_dict_biz')
      .values({ ...r, tenant_id: tenantId, create_time: now, update_user: userId })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          parent_id: r.parent_id,
          code: r.code,
          dict_key: r.dict_key,
          dict_value: r.dict_value,
          pdf_key: r.pdf_key,
          sort: r.sort,
          remark: r.remark,
          is_sealed: r.is_sealed,
          is_admin: r.is_admin,
          is_deleted: 0,
          update_time: now,
          update_user: userId,
          row_version: sql<number>`blade_dict_biz.row_version + 1`,
        }),
      )
      .execute();
  }
}
