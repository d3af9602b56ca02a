// The server half of a CRUD document (schemas/crud/<name>.crud.json, its `resource` block; issue 31):
// what a generic route module needs to serve a BladeX CRUD family — list, detail, submit, remove —
// from data: the table and its columns, which columns the list filters and sorts by, the dialog
// form whose rules every submit re-runs, uniqueness, references to other rows, and who may call
// what. Pure: the server reads it (server/resource-documents), forms:check and the browser may too.

/** How a column's value is typed on the wire and in the table. */
export type ResourceColumnType = 'text' | 'integer' | 'number' | 'date' | 'id';

export interface ResourceColumn {
  /** The table's column (snake_case). */
  column: string;
  type: ResourceColumnType;
  /** Its name in messages: 请输入{label}, {label}不能超过 n 个字. */
  label: string;
  /** A new row must have it (the dialog form says so too; this is the check without one). */
  required?: boolean;
  /** Text: the longest value accepted (default 200). */
  maxLength?: number;
  min?: number;
  max?: number;
  /** The value a new row gets when the caller sends none. */
  default?: string | number;
  /** The list may filter on it with BladeX's search suffixes (_like, _equal, …, a bare name for text). */
  filter?: boolean;
  /** The list may order by it (ascs / descs name the property or the column). */
  sort?: boolean;
  /** An id of a live row of that table in the caller's tenant; `message` when it is not. */
  ref?: { table: string; message: string };
  /**
   * The view also answers `prop`: the name of the stored code (category 3 → categoryName 基层; '' for
   * a code not listed); an import takes the name or the code.
   */
  labels?: { prop: string; items: { value: string; label: string }[] };
}

/** Who may call: any signed-in user of the tenant, one of the role aliases, or a menu/button code granted to the caller's role. */
export type ResourceAccess = 'signed-in' | { roles: string[] } | { permission: string | string[] };

/**
 * A row scope narrower than the tenant. `menu`: the menu whose data scopes (数据权限, granted per role
 * in 角色管理) apply — a department scope keeps rows of those departments (the `dept` property's, or
 * the creator's department without one), "own rows" the rows the caller created. `team`: callers
 * holding one of `roles` see and write only rows whose `prop` is one of their session's teams.
 */
export interface ResourceScope {
  menu?: string;
  dept?: string;
  team?: { prop: string; roles: string[] };
}

/** The four generic calls; a block may give each more names (the spec's new-list, save-or-update, sava, delete…). */
export type ResourceCall = 'list' | 'detail' | 'submit' | 'remove';

export interface ResourceBlock {
  /** The family's path under /api, as the spec names it: '/blade-iph-business/drugs'. */
  path: string;
  table: string;
  /** What a row is called in messages: 药品 → 药品不存在, 药品已被张三于…修改. */
  label: string;
  columns: Record<string, ResourceColumn>;
  /** The list's order when the caller names none (then the id, so pages never overlap). */
  order: { prop: string; desc?: boolean }[];
  /** Combinations of properties that no two live rows of a tenant share. */
  unique?: { props: string[]; message: string }[];
  /** The dialog's form document (schemas/<form>.json, placement kind dialog): every submit re-runs its rules. */
  form?: string;
  /** `update`, when given, is what changing a row (a submit with an id) needs; `submit` is then creating one (BladeX's 新增 and 修改 buttons). */
  access: { read: ResourceAccess; submit: ResourceAccess; update?: ResourceAccess; remove: ResourceAccess };
  /** The answer's message after an update (default 更新成功; the hand-written administration screens said 修改成功). */
  updatedMessage?: string;
  /**
   * Rows that keep a row from being removed: a live row of `table` (this one for a tree's children)
   * whose `column` holds its id refuses the removal with `message`, and nothing is removed.
   */
  removeBlockedBy?: { table: string; column: string; message: string }[];
  /** Which of the tenant's rows a caller sees and changes; absent: all of them. */
  scope?: ResourceScope;
  /**
   * An Excel import (`POST <path>/<call>`, default `import`): the header row names the columns by
   * their labels, each row is submitted as the dialog submits it, refused rows are answered with
   * their line and message and the others imported.
   */
  import?: { call?: string; access: ResourceAccess; maxRows?: number };
  /** Other names of a call under the same path, answered by the same handler (the spec's `new-list`, `save-or-update`). */
  calls?: Partial<Record<ResourceCall, string[]>>;
}

const IDENT = /^[a-z][a-z0-9_]{0,62}$/;
const PROP = /^[a-z][A-Za-z0-9]{0,62}$/;
const CALL_NAME = /^[a-z][A-Za-z0-9_-]{0,62}$/;
const PATH = /^(\/[a-z][a-z0-9-]*)+$/;
/** Columns every resource table has and the module writes itself. */
export const STANDARD_COLUMNS = [
  'id',
  'tenant_id',
  'is_deleted',
  'row_version',
  'create_user',
  'create_time',
  'update_user',
  'update_time',
];

/** The view's own properties (the id, tenant, version and times every row answers with). */
const STANDARD_PROPS = ['id', 'tenantId', 'rowVersion', 'createTime', 'updateTime'];

/** What is wrong with a block (its identifiers reach SQL, so each is checked here, not only by the meta-schema); [] when none. */
export function resourceBlockProblems(name: string, block: ResourceBlock): string[] {
  const out: string[] = [];
  const say = (m: string) => out.push(`${name}: ${m}`);
  if (!PATH.test(block.path)) say(`path ${block.path} 不是 /服务/资源 形式`);
  if (!IDENT.test(block.table)) say(`table ${block.table} 不是合法的表名`);
  const columns = new Set<string>();
  for (const [prop, c] of Object.entries(block.columns)) {
    if (!PROP.test(prop)) say(`属性 ${prop} 不是 camelCase 名称`);
    if (!IDENT.test(c.column)) say(`属性 ${prop} 的列 ${c.column} 不是合法的列名`);
    if (STANDARD_COLUMNS.includes(c.column)) say(`属性 ${prop} 占用了模块自己写的列 ${c.column}`);
    if (STANDARD_PROPS.includes(prop)) say(`属性 ${prop} 与每行自带的属性重名`);
    if (columns.has(c.column)) say(`列 ${c.column} 重复`);
    columns.add(c.column);
    if (c.ref && !IDENT.test(c.ref.table)) say(`属性 ${prop} 引用的表 ${c.ref.table} 不是合法的表名`);
    if (c.ref && c.type !== 'id') say(`属性 ${prop} 引用其他行, 类型须为 id`);
    if (c.labels && (block.columns[c.labels.prop] || STANDARD_PROPS.includes(c.labels.prop)))
      say(`属性 ${prop} 的名称属性 ${c.labels.prop} 与其他属性重名`);
  }
  for (const [call, names] of Object.entries(block.calls ?? {}))
    for (const n of names) if (!CALL_NAME.test(n)) say(`调用 ${call} 的别名 ${n} 不是合法的路径段`);
  for (const b of block.removeBlockedBy ?? [])
    if (!IDENT.test(b.table) || !IDENT.test(b.column)) say(`删除限制 ${b.table}.${b.column} 不是合法的表名或列名`);
  const scope = block.scope;
  if (scope?.dept && block.columns[scope.dept]?.type !== 'id') say(`数据范围的部门属性 ${scope.dept} 须为资源的 id 属性`);
  if (scope?.team && block.columns[scope.team.prop]?.type !== 'id') say(`数据范围的团队属性 ${scope.team.prop} 须为资源的 id 属性`);
  for (const o of block.order) if (!block.columns[o.prop] && o.prop !== 'createTime') say(`排序属性 ${o.prop} 不是资源的属性`);
  for (const u of block.unique ?? []) for (const p of u.props) if (!block.columns[p]) say(`唯一约束的属性 ${p} 不是资源的属性`);
  return out;
}
