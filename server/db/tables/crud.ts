/** A user's column customisation of one CRUD table (spec 002 §3), one row per column. */
export interface ColCustomTable {
  id: string;
  tenant_id: string;
  user_id: string;
  menu_code: string;
  ref_code: string;
  prop: string;
  filters: number;
  fixed: string;
  hide: number;
  screen: number;
  sortable: number;
  width: number | null;
  min_width: number | null;
  max_width: number | null;
  sort: number;
}

/** Tables of migration 005-crud that are new (the dictionary and parameter columns live in schema.ts). */
export interface CrudTables {
  blade_col_custom: ColCustomTable;
}
