// The CRUD document: one administration screen as data (schemas/crud/<name>.crud.json, meta-schema
// crud-document.schema.json beside this file, checked by `npm run forms:check`). The generic page
// (crud-document-page.tsx) turns it into a <CrudPage>: a new admin screen is a new document, not new
// React. Field names follow BladeX: `url`s are the API paths with their /api prefix.
import type { SearchInput, SearchWay } from './crud-types';

/** A text shown to the user: Chinese only (both languages), or both. */
export type CrudText = string | { zh: string; en: string };

/** Where a column's values get their text: a fixed list, a dictionary (dict-biz code) or a list call. */
export type CrudOptionSource =
  | { items: { value: string | number; label: CrudText }[] }
  | { dict: string }
  | {
      url: string;
      /** The property holding the value and the text (BladeX trees: id / title). */
      valueProp?: string;
      labelProp?: string;
    };

export interface CrudDocColumn {
  prop: string;
  label: CrudText;
  width?: number;
  options?: CrudOptionSource;
  hideInTable?: boolean;
  search?: { ways: SearchWay; input?: SearchInput; order?: number };
  /** In the dialog (its field of the dialog form document), with its layout there. */
  form?: {
    span?: number;
    /** The value a new row starts with (a new user's status: 1 正常). */
    initial?: string | number | boolean;
    /** Read-only when editing an existing row (account, tenant id, parameter key of a platform row…). */
    readOnlyOnEdit?: boolean;
    /** Read-only when the row's property has this value (a platform parameter's key: own false). */
    readOnlyWhen?: CrudRowCondition;
  };
}

/** A condition on a row: its property equals the value (compared as text), or with `not` does not. */
export interface CrudRowCondition {
  prop: string;
  equals: string | number | boolean;
  not?: boolean;
}

/** How a row action or a toolbar action runs. */
export type CrudAction =
  | {
      /** Confirm, then POST the rows' keys as a query parameter (重置密码, 账号解封, 启用). */
      kind: 'confirm-post';
      code: string;
      label: CrudText;
      url: string;
      /** The query parameter carrying the row keys, comma-separated (userIds, ids, id). */
      param: string;
      confirm: string;
      success?: string;
      permission?: string;
      danger?: boolean;
      when?: CrudRowCondition;
    }
  | {
      /** Open a dialog form document, then POST its values with the rows' keys as query parameters (角色配置). */
      kind: 'form-post';
      code: string;
      label: CrudText;
      url: string;
      param: string;
      formCode: string;
      /** Option lists of the dialog's choice fields, by field. */
      options?: Record<string, CrudOptionSource>;
      /** Values the dialog opens with, taken from the row: field → row property. */
      fromRow?: Record<string, string>;
      width?: number;
      success?: string;
      permission?: string;
      when?: CrudRowCondition;
    }
  | {
      /** A permission tree: the grantable tree and the row's keys, then POST the checked keys (权限设置). */
      kind: 'grant-tree';
      code: string;
      label: CrudText;
      treeUrl: string;
      keysUrl: string;
      /** The query parameter of keysUrl and the body property of url that carry the row's key. */
      param: string;
      url: string;
      /** One tab per part of the tree answer: its property there, in the keys answer and in the body. */
      parts: { key: string; label: CrudText; submitAs: string; send?: 'with-ancestors' | 'leaves' }[];
      width?: number;
      permission?: string;
      when?: CrudRowCondition;
    }
  | {
      /** GET `url` with the row's key in `param` and show the PDF answered in the viewer (随访报告's 打印报告). */
      kind: 'open-pdf';
      code: string;
      label: CrudText;
      url: string;
      param: string;
      permission?: string;
      when?: CrudRowCondition;
    }
  | {
      /** Add a child row under this one (tree screens): the dialog opens with the parent's key in `prop`. */
      kind: 'add-child';
      code: string;
      label: CrudText;
      prop: string;
      permission?: string;
      when?: CrudRowCondition;
    };

export type CrudToolbarAction =
  | Extract<CrudAction, { kind: 'confirm-post' }>
  | {
      /** The import dialog of spec 002 §2: 555 px, cover-existing switch, xls/xlsx, then 导入成功 or the import log. */
      kind: 'import';
      code: string;
      label?: CrudText;
      url: string;
      /** The multipart field holding the cover-existing choice (BladeX: isCovered). */
      coverParam?: string;
      /** false: no 是否覆盖 choice (the server replaces by its own key and says so). */
      cover?: boolean;
      templateUrl?: string;
      permission?: string;
    }
  | {
      /** Excel export of the list (blade-iph-input/excel-api/export), selected rows or all. */
      kind: 'export';
      code: string;
      permission?: string;
    };

export interface CrudDocument {
  $schema?: string;
  /** The file's name without .crud.json; also the table's ref for column settings. */
  name: string;
  route: string;
  menuCode: string;
  title: { zh: string; en: string };
  description?: string;
  api: {
    list: string;
    detail?: string;
    submit?: string;
    remove?: string;
    /** The query parameter of remove (BladeX: ids). */
    removeParam?: string;
    /** Fields RSA-encrypted with the server's public key before submit (a new user's password). */
    encrypt?: string[];
    /** Fixed parameters of every list call (a lazy tree's root: parentId 0). */
    listParams?: Record<string, string>;
  };
  /** The row's key when it is not `id` (regions: code). */
  rowKey?: string;
  pageSize?: 'standard' | 'large';
  /** The dialog's form document (schemas/<formCode>.json, placement kind dialog). */
  formCode?: string;
  dialogWidth?: number;
  /** Rows with children: all at once (`children`), or lazily by `param` (`hasChildren`). */
  tree?: { lazy?: boolean; param?: string; url?: string };
  /** No add, edit or delete (log viewers); 查看 shows a row's every column. */
  readOnly?: boolean;
  /** Every button also needs the administrator role (screens whose calls ADMINISTRATORS guards). */
  administratorsOnly?: boolean;
  /** The button codes of 新增 / 修改 / 删除 (absent: no code of its own). */
  permissions?: { add?: string; edit?: string; remove?: string };
  /** Rows that may be deleted / edited (absent: all). */
  deleteWhen?: CrudRowCondition;
  editWhen?: CrudRowCondition;
  dateRange?: { prop: string; label: CrudText };
  columns: CrudDocColumn[];
  rowActions?: CrudAction[];
  toolbar?: CrudToolbarAction[];
}
