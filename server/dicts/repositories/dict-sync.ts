import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DictSyncJobTable } from '../../db/schema';
import { byIdOrLatest } from '../../platform/repositories/latest-row';
import { newId } from '../../db/ids';
import type { DictRow } from './dict-admin';

/**
 * Dictionary sync (dict-biz syndict): the job rows that carry its progress (the root tenant's, in
 * the database so every server process answers syndict-progress alike) and the writes into a
 * target tenant.
 */
export type DictSyncJob = Selectable<DictSyncJobTable>;

export interface NewSyncJob {
  tenantId: string;
  dictIds: string[];
  targets: string[];
  over: boolean;
  total: number;
  userId: string;
}

export async function insertSyncJob(db: Kysely<Database>, job: NewSyncJob, now: Date): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_dict_sync_job')
    .values({
      id,
      tenant_id: job.tenantId,
      dict_ids: job.dictIds.join(','),
      target_tenants: job.targets.join(','),
      over: job.over ? 1 : 0,
      total: job.total,
      create_user: job.userId,
      create_time: now,
      update_time: now,
    })
    .execute();
  return id;
}

/** A job of the tenant by id, or its latest when no id is given. */
export async function findSyncJob(db: Kysely<Database>, tenantId: string, id?: string): Promise<DictSyncJob | undefined> {
  return byIdOrLatest(db, 'blade_dict_sync_job', tenantId, id);
}

/** A job still running that reported within `since` (a job whose process died stops counting then). */
export async function runningSyncJob(db: Kysely<Database>, tenantId: string, since: Date): Promise<DictSyncJob | undefined> {
  return db
    .selectFrom('blade_dict_sync_job')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'running')
    .where('update_time', '>=', since)
    .executeTakeFirst();
}

export async function updateSyncJob(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  patch: { done?: number; currentTenant?: string; status?: 'running' | 'done' | 'failed'; message?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('blade_dict_sync_job')
    .set({
      ...(patch.done !== undefined && { done: patch.done }),
      ...(patch.currentTenant !== undefined && { current_tenant: patch.currentTenant }),
      ...(patch.status !== undefined && { status: patch.status }),
      ...(patch.message !== undefined && { message: patch.message }),
      update_time: now,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** The target's own parent with this code (a dictionary it made itself), if any. */
export async function findOwnParentByCode(db: Kysely<Database>, tenantId: string, code: string): Promise<DictRow | undefined> {
  return db
    .selectFrom('blade_dict_biz')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', '0')
    .where('code', '=', code)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** The target's own live entries under `parentId`. */
export async function ownChildren(db: Kysely<Database>, tenantId: string, parentId: string): Promise<DictRow[]> {
  return db
    .selectFrom('blade_dict_biz')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', parentId)
    .where('is_deleted', '=', 0)
    .execute();
}

/**
 * Writes the platform's entries `source` into the target under `parentId` (its own dictionary of the
 * code, or its copy under the platform's): a missing key is added; a key it has is overwritten when
 * `over`, else kept. The target's own extra keys stay. Answers how many rows were added and updated.
 */
export async function syncEntriesInto(
  db: Kysely<Database>,
  tenantId: string,
  parentId: string,
  source: DictRow[],
  over: boolean,
  now: Date,
  userId: string,
): Promise<{ added: number; updated: number }> {
  const existing = new Map((await ownChildren(db, tenantId, parentId)).map((r) => [r.dict_key, r]));
  const missing = source.filter((s) => !existing.has(s.dict_key));
  if (missing.length > 0) {
    await db
      .insertInto('blade_dict_biz')
      .values(
        missing.map((s) => ({
          id: newId(now.getTime()),
          tenant_id: tenantId,
          parent_id: parentId,
          code: s.code,
          dict_key: s.dict_key,
          dict_value: s.dict_value,
          pdf_key: s.pdf_key,
          sort: s.sort,
          remark: s.remark,
          is_sealed: s.is_sealed,
          is_admin: s.is_admin,
          create_time: now,
          update_user: userId,
        })),
      )
      .execute();
  }
  let updated = 0;
  if (over) {
    for (const s of source) {
      const row = existing.get(s.dict_key);
      if (!row) continue;
      await db
        .updateTable('blade_dict_biz')
        .set({
          code: s.code,
          dict_value: s.dict_value,
          pdf_key: s.pdf_key,
          sort: s.sort,
          remark: s.remark,
          is_sealed: s.is_sealed,
          update_time: now,
          update_user: userId,
          row_version: sql<number>`row_version + 1`,
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', row.id)
        .execute();
      updated += 1;
    }
  }
  return { added: missing.length, updated };
}
