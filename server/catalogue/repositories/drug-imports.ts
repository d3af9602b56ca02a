// 药品导入日志 (migration 034): one row per drugs/import-drugs, read newest first.
import { sql, type Kysely, type Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { Database, DrugImportLogTable } from '../../db/schema';

export type DrugImportLogRow = Selectable<DrugImportLogTable>;

export interface DrugImportLogWrite {
  fileName: string;
  total: number;
  imported: number;
  problems: { line: number; msg: string }[];
}

export async function insertDrugImportLog(
  db: Kysely<Database>,
  tenantId: string,
  log: DrugImportLogWrite,
  userId: string,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('iph_drug_import_log')
    .values({
      id,
      tenant_id: tenantId,
      file_name: log.fileName,
      total_rows: log.total,
      imported_rows: log.imported,
      refused_rows: log.problems.length,
      problems: JSON.stringify(log.problems),
      create_user: userId,
      create_time: now,
      update_user: userId,
      update_time: now,
    })
    .execute();
  return id;
}

/** One page of the tenant's import logs, newest first, with the importing user's name. */
export async function listDrugImportLogs(
  db: Kysely<Database>,
  tenantId: string,
  current: number,
  size: number,
): Promise<{ rows: (DrugImportLogRow & { create_user_name: string | null })[]; total: number }> {
  const base = db.selectFrom('iph_drug_import_log as l').where('l.tenant_id', '=', tenantId).where('l.is_deleted', '=', 0);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
    base
      .leftJoin('blade_user as u', (j) => j.onRef('u.id', '=', 'l.create_user').on('u.tenant_id', '=', tenantId))
      .selectAll('l')
      .select('u.real_name as create_user_name')
      .orderBy('l.create_time', 'desc')
      .orderBy(sql`l.id`, 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
