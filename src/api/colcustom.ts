import { getData, postData } from './envelope';

/** One column's customisation of a CRUD table, per user (spec 002 §3 column customisation). */
export interface ColumnSetting {
  prop: string;
  filters?: boolean;
  fixed?: '' | 'left' | 'right';
  hide?: boolean;
  screen?: boolean;
  sortable?: boolean;
  width?: number | null;
  minWidth?: number | null;
  maxWidth?: number | null;
  sort?: number;
}

export interface ColumnSettingRow extends ColumnSetting {
  menuCode: string;
  refCode: string;
}

const BASE = '/api/blade-iph-business/colcustom';

/** The user's saved columns of one table; silent: a table without settings still shows. */
export const listColumnSettings = (menuCode: string, refCode: string) =>
  getData<ColumnSetting[]>(`${BASE}/listCols`, { params: { menuCode, refCode }, meta: { silent: true, noLoading: true } });

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
    })),
  );
