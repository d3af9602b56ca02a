// Top menus (blade_top_menu, platform rows) and which menus each groups (blade_top_menu_setting).
import type { Kysely, Selectable } from 'kysely';
import type { Database, TopMenuTable } from '../../db/schema';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import { codeTaken, insertNamed, updateNamedAt } from './menu-admin-rows';
import { softDeletePlatformRows } from '../../platform/repositories/soft-delete';
import { pageOfRows, type ListQuery } from '../../platform/repositories/resource-rows';

export type TopMenuRow = Selectable<TopMenuTable>;

export interface TopMenuWrite {
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}

/** The list's search conditions (crud-filters.ts). */
const FILTERS: Record<string, FilterColumn> = {
  code: { column: 'code', kind: 'text' },
  name: { column: 'name', kind: 'text' },
};

/** One page of the live top menus matching the list's conditions, in screen order. */
export async function pageTopMenus(db: Kysely<Database>, query: ListQuery) {
  const base = db.selectFrom('blade_top_menu').where('is_deleted', '=', 0);
  return pageOfRows(base, query, FILTERS, (q) => q.selectAll().orderBy('sort').orderBy('id'));
}

export async function findTopMenu(db: Kysely<Database>, id: string): Promise<TopMenuRow | undefined> {
  return db.selectFrom('blade_top_menu').selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();
}

export async function liveTopMenuIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('blade_top_menu').select('id').where('id', 'in', ids).where('is_deleted', '=', 0).execute();
  return rows.map((r) => r.id);
}

export const topMenuCodeTaken = (db: Kysely<Database>, code: string, exceptId: string | undefined) =>
  codeTaken(db, 'blade_top_menu', code, exceptId);

export const insertTopMenu = (db: Kysely<Database>, id: string, row: TopMenuWrite, by: string, at: Date) =>
  insertNamed(db, 'blade_top_menu', id, row, by, at);

export const updateTopMenuAt = (db: Kysely<Database>, id: string, version: number, row: TopMenuWrite, by: string, at: Date) =>
  updateNamedAt(db, 'blade_top_menu', id, version, row, by, at);

/** Soft-deletes the top menus and forgets the menus they grouped (so no role's top bar shows them). */
export async function softDeleteTopMenus(db: Kysely<Database>, ids: string[], by: string, at: Date): Promise<string[]> {
  const gone = await softDeletePlatformRows(db, 'blade_top_menu', ids, by, at);
  await db.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', ids).execute();
  return gone;
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
