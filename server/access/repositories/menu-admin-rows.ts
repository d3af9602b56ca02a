// What the menus (blade_menu) and the top menus (blade_top_menu) share: platform rows without a
// tenant, named by a code unique among the live ones, changed over the version read and stamped
// with the name of who changed them.
import { sql, type Insertable, type Kysely, type Selectable, type UpdateObject } from 'kysely';
import type { Database } from '../../db/schema';

export type MenuLikeTable = 'blade_menu' | 'blade_top_menu';

/** Whether a live row other than `exceptId` already has `code`. */
export async function codeTaken(db: Kysely<Database>, table: MenuLikeTable, code: string, exceptId: string | undefined): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('code', '=', code)
    .where('is_deleted', '=', 0)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

type Stamped = 'id' | 'update_user_name' | 'update_time';

export async function insertNamed<T extends MenuLikeTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  row: Omit<Insertable<Database[T]>, Stamped>,
  by: string,
  at: Date,
): Promise<void> {
  // kysely types a statement over the union of these tables; `row` was checked against `table` alone.
  await db
    .insertInto(table as MenuLikeTable)
    .values({ ...row, id, update_user_name: by, update_time: at } as Insertable<Database[MenuLikeTable]>)
    .execute();
}

/** Writes `row` over the version read, +1: the row as it is now, or undefined when it is gone or moved on. */
export async function updateNamedAt<T extends MenuLikeTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  version: number,
  row: UpdateObject<Database, T>,
  by: string,
  at: Date,
): Promise<Selectable<Database[T]> | undefined> {
  const updated = await db
    .updateTable(table as MenuLikeTable)
    .set({ ...(row as UpdateObject<Database, MenuLikeTable>), row_version: sql`row_version + 1`, update_user_name: by, update_time: at })
    .where('id', '=', id)
    .where('row_version', '=', version)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
  return updated as Selectable<Database[T]> | undefined;
}
