import type { ReactNode } from 'react';
import type { Page } from '../../api/types';

/**
 * Search operator codes of a search condition (spec 002 §5): 0 fuzzy, 1 >=, 2 <=, 3 =, 4 >, 5 <,
 * 6 or, 7 and, 8 range, 9 empty.
 */
export type SearchWay = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** A search condition as spec 002 §3 names it. */
export interface SearchCondition {
  field_name: string;
  field_ways: SearchWay;
  /** The value searched for: a comma list for 6 / 7, "from,to" for 8, '' for 9. */
  field_con: string;
  /** The table (crud ref) the field belongs to, so one screen's conditions stay apart from another's. */
  field_object: string;
}

export interface CrudOption {
  value: string | number;
  label: string;
}

/** How a search field is edited; defaults follow the operator (range → two inputs, or/and → multi-select). */
export type SearchInput = 'input' | 'select' | 'number';

/** One column of the schema: how it is listed, searched and edited. */
export interface CrudColumn<T> {
  prop: keyof T & string;
  label: string;
  width?: number;
  /** Cell text; by default the value, or the option's label when options are given. */
  render?: (row: T) => ReactNode;
  options?: CrudOption[];
  /** Not listed in the table (still searchable / editable). */
  hideInTable?: boolean;
  search?: {
    ways: SearchWay;
    input?: SearchInput;
    /** Position in the search area; the spec's default order is 1000. */
    order?: number;
    placeholder?: string;
  };
  form?: CrudFormField;
}

/** The row as the dialog sees it: field values by prop. */
export type FormRow = Record<string, unknown>;

export type CrudFormInput = 'input' | 'textarea' | 'number' | 'select' | 'radio';

export interface CrudFormField {
  input?: CrudFormInput;
  /** The exact message shown when empty (spec 002 §5); absent means optional. */
  required?: string;
  placeholder?: string;
  /** Initial value of a new row. */
  initial?: unknown;
  /** Grid span out of 24 in the dialog (12: two per row). */
  span?: number;
  /** Read-only in the dialog for this mode / row. */
  disabled?: (mode: 'add' | 'edit', row?: FormRow) => boolean;
}

/** The date range of the search area: builds `${prop}_dategt` / `${prop}_datelt`. */
export interface CrudDateRange {
  prop: string;
  label: string;
}

/** 'standard': sizes 10–200, default 10; 'large': the variant with default 30 (spec 002 §2). */
export type PageSizeVariant = 'standard' | 'large';

export interface CrudSchema<T> {
  /** The table's ref for column customisation (colcustom refCode). */
  ref?: string;
  /** The menu the table sits on (colcustom menuCode). */
  menuCode?: string;
  title?: ReactNode;
  columns: CrudColumn<T>[];
  dateRange?: CrudDateRange;
  pageSize?: PageSizeVariant;
  dialogWidth?: number;
  /**
   * The dialog's rules as a bundled dialog form (schemas/<formCode>.json, kind dialog), which the
   * server runs too: its fields, messages and rules are the dialog's; the columns' `form` entries
   * then add only the options, the span and the read-only state per mode. Without it the dialog's
   * form is compiled from the columns alone (their required messages).
   */
  formCode?: string;
  /** Export title and sheet name; no export button without it. */
  exportName?: string;
  /** The list url, passed to the export so the server can fetch all rows. */
  listUrl?: string;
}

export interface CrudDataSource<T> {
  load: (params: Record<string, unknown>) => Promise<Page<T>>;
  submit?: (values: Record<string, unknown>, editing: T | undefined) => Promise<unknown>;
  remove?: (ids: string[]) => Promise<unknown>;
}
