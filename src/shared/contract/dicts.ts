// The dictionary and parameter contract (spec 002 §3, §7 blade-system dict, dict-biz, param,
// systemparam): what the server's dicts/ routes take and answer, and what src/api/dict.ts,
// dict-admin.ts and system-param.ts read.
import { Type, type Static } from 'typebox';
import { Done, envelope, pageOf, subtree } from './envelope';
import { AdminId, AdminIdList, paging, text } from './pieces';

const optional = Type.Optional;

// ---- Requests

/** A dictionary's code: letters, digits, _ and -. */
export const DictCode = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_\\-]+$' });
/** A parameter's key: letters, digits, _, . and -. */
export const ParamKey = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-]+$' });

/** dictionary(code), dictionary-tree(code). */
export const DictCodeQuery = Type.Object({ code: DictCode });
/** tree(code?). */
export const DictOptionalCodeQuery = Type.Object({ code: optional(DictCode) });
/** getByKey: the key under either name the screens use. */
export const ParamKeyQuery = Type.Object({ key: optional(ParamKey), paramKey: optional(ParamKey) });

/** The management lists; the query also carries the list's search fields (read by name on the server). */
export const DictListQuery = Type.Object({ ...paging(), parentId: optional(AdminId) });
export const DictChildQuery = Type.Object({ ...paging(), parentId: AdminId });
export const ParamListQuery = Type.Object(paging());
export const AdminIdQuery = Type.Object({ id: AdminId });
/** ids to remove; they may come in a form or JSON body instead, as BladeX sends them. */
export const AdminIdsQuery = Type.Object({ ids: optional(AdminIdList) });
/** syndict, synparam: ids, tenantIds and over in the query or the body. */
export const SyncQuery = Type.Object({ ids: optional(AdminIdList), tenantIds: optional(text(4000)), over: optional(text(5)) });
export const DictBatchQuery = Type.Object({ codes: text(2000) });
export const DictValueQuery = Type.Object({ code: DictCode, key: optional(text(64)), dictKey: optional(text(64)) });
export const SyncJobQuery = Type.Object({ jobId: optional(AdminId) });
export const OptionalIdQuery = Type.Object({ id: optional(AdminId) });
export const PlatformParamQuery = Type.Object({ paramKey: optional(ParamKey), id: optional(AdminId) });
export const ParamNameQuery = Type.Object({ name: text(255) });

// The submit bodies bound types and sizes only: required fields and formats are checked by the
// server with the screens' own messages (spec 002 §5). The server's ajv coerces, so a number sent
// arrives as text and null as ''.

/** dict-biz/submit: create without id, update with it and the version read (issue 22 §6). */
export const DictSubmitBody = Type.Object({
  id: optional(text(40)),
  parentId: optional(text(40)),
  code: optional(text(64)),
  dictKey: optional(text(64)),
  dictValue: optional(text(255)),
  pdfKey: optional(text(255)),
  sort: optional(text(10)),
  remark: optional(text(500)),
  isSealed: optional(text(2)),
  isAdmin: optional(text(2)),
  tenantId: optional(text(12)),
  rowVersion: optional(text(10)),
});
export type DictSubmitBody = Static<typeof DictSubmitBody>;

/** dict/submit (the platform's system dictionaries): no report option, no tenant. */
export const SystemDictSubmitBody = Type.Object({
  id: optional(text(40)),
  parentId: optional(text(40)),
  code: optional(text(64)),
  dictKey: optional(text(64)),
  dictValue: optional(text(255)),
  sort: optional(text(10)),
  remark: optional(text(500)),
  isSealed: optional(text(2)),
  rowVersion: optional(text(10)),
});

/** systemparam/submit and param/submit. */
export const ParamSubmitBody = Type.Object({
  id: optional(text(40)),
  paramName: optional(text(255)),
  paramKey: optional(text(100)),
  paramValue: optional(text(20000)),
  remark: optional(text(500)),
  rowVersion: optional(text(10)),
});
export type ParamSubmitBody = Static<typeof ParamSubmitBody>;

/**
 * What a caller sends for a body whose fields `K` the server coerces to text: numbers (and null,
 * which arrives as '') as well.
 */
export type Sent<T, K extends keyof T> = Omit<T, K> & { [P in K]?: T[P] | number | null };

// ---- Answers

/** A dictionary entry as dictionary(code) and dictionary-batch answer it (the cached shape). */
export const DictEntryView = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  sort: Type.Integer(),
  remark: Type.String(),
});
export type DictEntryView = Static<typeof DictEntryView>;

/** A row of either dictionary table as the management screens read it. */
export const SystemDictView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  sort: Type.Integer(),
  remark: Type.String(),
  isSealed: Type.Integer(),
  createTime: Type.String(),
  /** The version read; an update sends it back (issue 22 §6: 428 without, 409 when stale). */
  rowVersion: Type.Integer(),
});
export type SystemDictView = Static<typeof SystemDictView>;

/** A business dictionary row as dict-biz management lists it. */
export const DictRowWire = Type.Object({
  ...SystemDictView.properties,
  pdfKey: Type.String(),
  /** 0 public, 1 a tenant may add/modify/delete entries, 2 a tenant may modify option values only. */
  isAdmin: Type.Integer(),
  /** True when the caller's tenant owns the row (platform rows are read-only or copy-on-write). */
  own: Type.Boolean(),
});
export type DictRowWire = Static<typeof DictRowWire>;

/** An entry that breaks spec 002 §5's rules, with what it breaks (child-list-errs). */
export const DictRowWithErrors = Type.Object({ ...DictRowWire.properties, errors: Type.Array(Type.String()) });
export type DictRowWithErrors = Static<typeof DictRowWithErrors>;

const DictTreeFields = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  dictKey: Type.String(),
  sort: Type.Integer(),
  hasChildren: Type.Boolean(),
});
/** BladeX's TreeNode of the dictionary trees. */
export type DictTreeNode = Static<typeof DictTreeFields> & { children: DictTreeNode[] };
/** A tree node; the nodes below the first level are the same shape, passed through whole. */
export const DictTreeNode = Type.Object({
  ...DictTreeFields.properties,
  children: subtree<DictTreeNode>(),
});

/** A dictionary sync's progress (syndict-progress): done of total, and the tenant being synced. */
export const DictSyncProgress = Type.Object({
  jobId: Type.String(),
  /** running, done or failed. */
  status: Type.String(),
  done: Type.Integer(),
  total: Type.Integer(),
  percent: Type.Integer(),
  tenantId: Type.String(),
  tenantName: Type.String(),
  over: Type.Integer(),
  message: Type.String(),
});
export type DictSyncProgress = Static<typeof DictSyncProgress>;

/** A backup made or restored: its id, how many rows, when it was made. */
export const DictBackupView = Type.Object({ id: Type.String(), rowCount: Type.Integer(), createTime: Type.String() });
export type DictBackupView = Static<typeof DictBackupView>;

/** A system parameter: name, key and value; platform rows are the tenants' defaults. */
export const SystemParamWire = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  paramName: Type.String(),
  paramKey: Type.String(),
  paramValue: Type.String(),
  remark: Type.String(),
  createTime: Type.String(),
  own: Type.Boolean(),
  /** The version read; an update sends it back (issue 22 §6: 428 without, 409 when stale). */
  rowVersion: Type.Integer(),
});
export type SystemParamWire = Static<typeof SystemParamWire>;

/** What synparam did in the target tenants. */
export const SynParamResult = Type.Object({ created: Type.Integer(), updated: Type.Integer(), skipped: Type.Integer() });
export type SynParamResult = Static<typeof SynParamResult>;

const Saved = Type.Object({ id: Type.String() });

/** The answers, as the routes declare them. */
export const dictAnswers = {
  entries: envelope(Type.Array(DictEntryView)),
  entryBatch: envelope(Type.Record(Type.String(), Type.Array(DictEntryView))),
  value: envelope(Type.String()),
  tree: envelope(Type.Array(DictTreeNode)),
  dictPage: envelope(pageOf(DictRowWire)),
  dict: envelope(DictRowWire),
  errorPage: envelope(pageOf(DictRowWithErrors)),
  systemDictPage: envelope(pageOf(SystemDictView)),
  systemDict: envelope(SystemDictView),
  saved: envelope(Saved),
  done: envelope(Done),
  syncStarted: envelope(Type.Object({ jobId: Type.String() })),
  syncProgress: envelope(Type.Union([DictSyncProgress, Type.Null()])),
  backup: envelope(DictBackupView),
  paramValue: envelope(Type.String()),
  paramPage: envelope(pageOf(SystemParamWire)),
  param: envelope(SystemParamWire),
  paramList: envelope(Type.Array(SystemParamWire)),
  synParams: envelope(SynParamResult),
};

/** The `data` of one of the answers, as the web app reads it. */
export type DictAnswer<K extends keyof typeof dictAnswers> = Static<(typeof dictAnswers)[K]>['data'];
