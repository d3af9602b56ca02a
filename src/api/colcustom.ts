import { getData, postData } from './envelope';
import type { ColumnListQuery, ColumnSaveBody, ColumnSettingView } from '../shared/contract/archives';

/** One saved column of a user's table, as listCols answers it (the contract's ColumnSettingView). */
export type ColumnSettingRow = ColumnSettingView;

/**
 * One column's customisation of a CRUD table, per user (spec 002 §3 column customisation): a saved
 * row without its table codes, or a column the screen has only named so far.
 */
export type ColumnSetting = Partial<Omit<ColumnSettingView, 'menuCode' | 'refCode'>> & { prop: string };

const BASE = '/api/blade-iph-business/colcustom';

/**
 * The user's saved columns of one table; silent: a table without settings still shows. The rows are
 * read as ColumnSettings (the table page keeps its own edits in the same cache).
 */
export const listColumnSettings = (menuCode: string, refCode: string): Promise<ColumnSetting[]> =>
  getData<ColumnSettingRow[]>(`${BASE}/listCols`, {
    params: { menuCode, refCode } satisfies ColumnListQuery,
    meta: { silent: true, noLoading: true },
  });

/** Saves the whole table's column state (the server replaces the previous one). */
export const saveColumnSettings = (menuCode: string, refCode: string, columns: ColumnSetting[]) =>
  postData<boolean>(
    `${BASE}/saveBatch`,
    columns.map((c, index) => ({
      ...c,
      filters: !!c.filters,
      fixed: c.fixed ?? '',
      hide: !!c.hide,
      screen: !!c.screen,
      sortable: !!c.sortable,
      width: c.width ?? 0,
      minWidth: c.minWidth ?? 0,
      maxWidth: c.maxWidth ?? 0,
      sort: c.sort ?? index,
      menuCode,
      refCode,
    })) satisfies ColumnSaveBody,
  );
