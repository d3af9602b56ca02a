// Top menus (blade_top_menu, platform rows) and which menus each groups (blade_top_menu_setting).
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, TopMenuTable } from '../db/schema';

export type TopMenuRow = Selectable<TopMenuTable>;

export interface TopMenuWrite {
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}

export async function pageTopMenus(
  db: Kysely<Database>,
  conditions: RawBuilder<unknown>[],
  offset: number,
  size: number,
): Promise<{ rows: TopMenuRow[]; total: number }> {
  let base = db.selectFrom('blade_top_menu').where('is_deleted', '=', 0);
  for (const condition of conditions) base = base.where(condition as RawBuilder<boolean>);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('sort').orderBy('id').offset(offset).limit(size).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findTopMenu(db: Kysely<Database>, id: string): Promise<TopMenuRow | undefined> {
  return db.selectFrom('blade_top_menu').selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();
}

export async function liveTopMenuIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('blade_top_menu').select('id').where('id', 'in', ids).where('is_deleted', '=', 0).execute();
  return rows.map((r) => r.id);
}

export async function topMenuCodeTaken(db: Kysely<Database>, code: string, exceptId: string | undefined): Promise<boolean> {
  const row = await db
    .selectFrom('blade_top_menu')
    .select('id')
    .where('code', '=', code)
    .where('is_deleted', '=', 0)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTopMenu(db: Kysely<Database>, id: string, row: TopMenuWrite, by: string, at: Date): Promise<void> {
  await db
    .insertInto('blade_top_menu')
    .values({ id, ...row, update_user_name: by, update_time: at })
    .execute();
}

export async function updateTopMenuAt(
  db: Kysely<Database>,
  id: string,
  version: number,
  row: TopMenuWrite,
  by: string,
  at: Date,
): Promise<TopMenuRow | undefined> {
  return db
    .updateTable('blade_top_menu')
    .set({ ...row, row_version: sql`row_version + 1`, update_user_name: by, update_time: at })
    .where('id', '=', id)
    .where('row_version', '=', version)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/** Soft-deletes the top menus and forgets the menus they grouped (so no role's top bar shows them). */
export async function softDeleteTopMenus(db: Kysely<Database>, ids: string[], by: string, at: Date): Promise<string[]> {
  const rows = await db
    .updateTable('blade_top_menu')
    .set({ is_deleted: 1, row_version: sql`row_version + 1`, update_user_name: by, update_time: at })
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .returning('id')
    .execute();
  await db.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function replaceTopMenuSettings(db: Kysely<Database>, topMenuIds: string[], menuIds: string[]): Promise<void> {
  await db.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', topMenuIds).execute();
  const rows = topMenuIds.flatMap((top_menu_id) => menuIds.map((menu_id) => ({ top_menu_id, menu_id })));
  if (rows.length > 0) await db.insertInto('blade_top_menu_setting').values(rows).execute();
}

export async function topMenuMenuIds(db: Kysely<Database>, topMenuIds: string[]): Promise<string[]> {
  if (topMenuIds.length === 0) return [];
  const rows = await db
    .selectFrom('blade_top_menu_setting')
    .select('menu_id')
    .distinct()
    .where('top_menu_id', 'in', topMenuIds)
    .orderBy('menu_id')
    .execute();
  return rows.map((r) => r.menu_id);
}
