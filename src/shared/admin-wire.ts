// Wire shapes of the administration screens (spec 002 §3, §7) that the server answers and the web
// app reads: one definition, so the two cannot drift apart.

/** A business dictionary row as dict-biz management lists it. */
export interface DictRowWire {
  id: string;
  tenantId: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  pdfKey: string;
  sort: number;
  remark: string;
  isSealed: number;
  isAdmin: number;
  createTime: string;
  /** True when the caller's tenant owns the row (platform rows are read-only or copy-on-write). */
  own: boolean;
  /** The version read; an update sends it back (issue 22 §6: 428 without, 409 when stale). */
  rowVersion: number;
}

/** A system parameter: name, key and value; platform rows are the tenants' defaults. */
export interface SystemParamWire {
  id: string;
  tenantId: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
  createTime: string;
  own: boolean;
  /** The version read; an update sends it back (issue 22 §6: 428 without, 409 when stale). */
  rowVersion: number;
}

/** One exported column of the export request (spec 002 §3). */
export interface ExportColumnWire {
  label: string;
  prop: string;
  colspan?: number;
  rowspan?: number;
  type?: string;
  multiple?: boolean;
  format?: string;
  dicData?: { label: string; value: string | number }[];
}
