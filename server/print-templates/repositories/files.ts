// 报表文件's rows (iph_report_file, migration 076): a printout asked for by link — its print items
// kept, the PDF made whenever the link is opened. A caller sees and changes their own files.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface FileRow {
  id: string;
  name: string;
  items: unknown;
  remark: string;
  create_user: string;
  create_user_name: string;
  create_time: Date | string;
}

export async function insertFile(
  db: Db,
  tenantId: string,
  row: { id: string; name: string; items: unknown; userId: string; userName: string; now: Date },
): Promise<void> {
  await sql`insert into iph_report_file (id, tenant_id, name, items, create_user, create_user_name, create_time)
    values (${row.id}, ${tenantId}, ${row.name}, ${JSON.stringify(row.items)}::jsonb, ${row.userId}, ${row.userName}, ${row.now})`.execute(
    db,
  );
}

export async function findFile(db: Db, tenantId: string, userId: string, id: string): Promise<FileRow | undefined> {
  return (
    await sql<FileRow>`select id, name, items, remark, create_user, create_user_name, create_time from iph_report_file
      where tenant_id = ${tenantId} and create_user = ${userId} and id = ${id} and is_deleted = 0`.execute(db)
  ).rows[0];
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listFiles(
  db: Db,
  tenantId: string,
  userId: string,
  name: string | undefined,
  current: number,
  size: number,
): Promise<{ rows: FileRow[]; total: number }> {
  const where = sql`tenant_id = ${tenantId} and create_user = ${userId} and is_deleted = 0 ${name ? sql`and name ilike ${like(name)}` : sql``}`;
  const [rows, count] = await Promise.all([
    sql<FileRow>`select id, name, items, remark, create_user, create_user_name, create_time from iph_report_file where ${where}
      order by create_time desc, id desc limit ${size} offset ${(current - 1) * size}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from iph_report_file where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** Removes the caller's files of `ids`; the ids removed. */
export async function removeFiles(db: Db, tenantId: string, userId: string, ids: string[]): Promise<string[]> {
  const r = await sql<{ id: string }>`update iph_report_file set is_deleted = 1
    where tenant_id = ${tenantId} and create_user = ${userId} and id in (${sql.join(ids)}) and is_deleted = 0 returning id`.execute(db);
  return r.rows.map((x) => x.id);
}

export async function updateRemark(db: Db, tenantId: string, userId: string, id: string, remark: string): Promise<boolean> {
  const r = await sql<{ id: string }>`update iph_report_file set remark = ${remark}
    where tenant_id = ${tenantId} and create_user = ${userId} and id = ${id} and is_deleted = 0 returning id`.execute(db);
  return r.rows.length === 1;
}

/** The ids of `ids` that are the caller's live files. */
export async function existingFiles(db: Db, tenantId: string, userId: string, ids: string[]): Promise<string[]> {
  const r = await sql<{ id: string }>`select id from iph_report_file
    where tenant_id = ${tenantId} and create_user = ${userId} and id in (${sql.join(ids)}) and is_deleted = 0`.execute(db);
  return r.rows.map((x) => x.id);
}
