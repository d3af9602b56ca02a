import type { Kysely, Selectable } from 'kysely';
import type { ColCustomTable, Database } from '../../db/schema';
import { newId } from '../../db/ids';
import type { ColumnSettingView } from '../../../src/shared/contract/archives';

export interface ColumnSetting {
  prop: string;
  filters: boolean;
  fixed: '' | 'left' | 'right';
  hide: boolean;
  screen: boolean;
  sortable: boolean;
  width: number | null;
  minWidth: number | null;
  maxWidth: number | null;
  sort: number;
}

/** A saved column as listCols answers it. */
const toSetting = (row: Selectable<ColCustomTable>): ColumnSettingView => ({
  menuCode: row.menu_code,
  refCode: row.ref_code,
  prop: row.prop,
  filters: row.filters === 1,
  fixed: row.fixed === 'left' || row.fixed === 'right' ? row.fixed : '',
  hide: row.hide === 1,
  screen: row.screen === 1,
  sortable: row.sortable === 1,
  width: row.width,
  minWidth: row.min_width,
  maxWidth: row.max_width,
  sort: row.sort,
});

export interface ColScope {
  tenantId: string;
  userId: string;
  menuCode: string;
  refCode: string;
}

export async function listColumns(db: Kysely<Database>, scope: ColScope): Promise<ColumnSettingView[]> {
  const rows = await db
    .selectFrom('blade_col_custom')
    .selectAll()
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', scope.userId)
    .where('menu_code', '=', scope.menuCode)
    .where('ref_code', '=', scope.refCode)
    .orderBy('sort')
    .orderBy('prop')
    .execute();
  return rows.map(toSetting);
}

/** Replaces the user's settings of one table with these (a save is the whole table's state). */
export async function replaceColumns(db: Kysely<Database>, scope: ColScope, columns: ColumnSetting[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('blade_col_custom')
      .where('tenant_id', '=', scope.tenantId)
      .where('user_id', '=', scope.userId)
      .where('menu_code', '=', scope.menuCode)
      .where('ref_code', '=', scope.refCode)
      .execute();
    if (columns.length === 0) return;
    await trx
      .insertInto('blade_col_custom')
      .values(
        columns.map((c) => ({
          id: newId(),
          tenant_id: scope.tenantId,
          user_id: scope.userId,
          menu_code: scope.menuCode,
          ref_code: scope.refCode,
          prop: c.prop,
          filters: c.filters ? 1 : 0,
          fixed: c.fixed,
          hide: c.hide ? 1 : 0,
          screen: c.screen ? 1 : 0,
          sortable: c.sortable ? 1 : 0,
          width: c.width,
          min_width: c.minWidth,
          max_width: c.maxWidth,
          sort: c.sort,
        })),
      )
      .execute();
  });
}
