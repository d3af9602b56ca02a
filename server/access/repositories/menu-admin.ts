// Menus and buttons as the platform administrator edits them (blade_menu: platform rows, no
// tenant; migration 017 added soft delete and row_version).
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { MenuTable } from '../../db/tables/platform';
import { codeTaken, insertNamed, updateNamedAt } from './menu-admin-rows';
import { softDeletePlatformRows } from '../../platform/repositories/soft-delete';
import type { Menu } from './menus';

/** What a menu's submit writes: the columns of blade_menu the screen edits. */
export type MenuWrite = Pick<
  MenuTable,
  'parent_id' | 'code' | 'name' | 'alias' | 'path' | 'source' | 'sort' | 'category' | 'is_open' | 'remark'
>;

/** Every live menu and button (narrowed by `conditions`, from crud-filters), in screen order. */
export async function liveMenus(db: Kysely<Database>, conditions: RawBuilder<unknown>[] = [], category?: 1 | 2): Promise<Menu[]> {
  let query = db.selectFrom('blade_menu').selectAll().where('is_deleted', '=', 0);
  if (category !== undefined) query = query.where('category', '=', category);
  for (const condition of conditions) query = query.where(condition as RawBuilder<boolean>);
  return query.orderBy('sort').orderBy('id').execute();
}

export async function findMenu(db: Kysely<Database>, id: string): Promise<Menu | undefined> {
  return db.selectFrom('blade_menu').selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();
}

export const menuCodeTaken = (db: Kysely<Database>, code: string, exceptId: string | undefined) =>
  codeTaken(db, 'blade_menu', code, exceptId);

export const insertMenu = (db: Kysely<Database>, id: string, row: MenuWrite, by: string, at: Date) =>
  insertNamed(db, 'blade_menu', id, row, by, at);

export const updateMenuAt = (
  db: Kysely<Database>,
  id: string,
  version: number,
  row: MenuWrite,
  by: string,
  at: Date,
): Promise<Menu | undefined> => updateNamedAt(db, 'blade_menu', id, version, row, by, at);

/** The ids among `ids` with a live child that is not itself being removed. */
export async function menusWithOtherChildren(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('blade_menu')
    .select('parent_id')
    .distinct()
    .where('parent_id', 'in', ids)
    .where('id', 'not in', ids)
    .where('is_deleted', '=', 0)
    .execute();
  return rows.map((r) => r.parent_id);
}

/** Soft-deletes the menus and takes them out of every top menu. */
export async function softDeleteMenus(db: Kysely<Database>, ids: string[], by: string, at: Date): Promise<string[]> {
  const gone = await softDeletePlatformRows(db, 'blade_menu', ids, by, at);
  await db.deleteFrom('blade_top_menu_setting').where('menu_id', 'in', ids).execute();
  return gone;
}
