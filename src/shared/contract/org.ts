// The organisation contract (spec 002 §7 blade-system dept, post, region, tenant, client): what the
// server's org/ routes answer, as the routes declare it.
import { Type, type Static } from 'typebox';
import { Done, envelope, orNull, pageOf } from './envelope';

const optional = Type.Optional;
/** A node's children, below the first level the same shape as it, passed through whole. */
const childrenOf = <T>() => optional(Type.Array(Type.Unsafe<T>({ type: 'object', additionalProperties: true })));

// ---- Trees

const TreeNodeFields = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  value: Type.String(),
  key: Type.String(),
  hasChildren: Type.Boolean(),
});
/** BladeX's TreeNode as the tree selects read it; `children` only when there are some. */
export type OrgTreeNode = Static<typeof TreeNodeFields> & { children?: OrgTreeNode[] };
export const OrgTreeNode = Type.Object({ ...TreeNodeFields.properties, children: childrenOf<OrgTreeNode>() });

/** A region's TreeNode: its level (1 province … 5 village) as well. */
export type RegionTreeNode = Static<typeof TreeNodeFields> & { regionLevel: number; children?: RegionTreeNode[] };
export const RegionTreeNode = Type.Object({
  ...TreeNodeFields.properties,
  regionLevel: Type.Integer(),
  children: childrenOf<RegionTreeNode>(),
});

// ---- Departments

/** A department as 机构管理 reads it. */
export const DeptView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  parentId: Type.String(),
  parentName: Type.String(),
  /** The ids above it, from '0' down to its parent (BladeX's ancestors). */
  ancestors: Type.String(),
  deptName: Type.String(),
  fullName: Type.String(),
  deptCategory: Type.Integer(),
  regionCode: Type.String(),
  sort: Type.Integer(),
  remark: Type.String(),
  /** The version read; an update sends it back. */
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type DeptView = Static<typeof DeptView>;

/** dept/list: the departments as a tree; `children` only when there are some. */
export type DeptTreeRow = DeptView & { hasChildren: boolean; children?: DeptTreeRow[] };
export const DeptTreeRow = Type.Object({ ...DeptView.properties, hasChildren: Type.Boolean(), children: childrenOf<DeptTreeRow>() });
/** dept/lazy-list: one level, each saying whether it has children. */
export const DeptLazyRow = Type.Object({ ...DeptView.properties, hasChildren: Type.Boolean() });
export type DeptLazyRow = Static<typeof DeptLazyRow>;

// ---- Posts

/** A post as 岗位管理 reads it. */
export const PostView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  category: Type.Integer(),
  categoryName: Type.String(),
  postCode: Type.String(),
  postName: Type.String(),
  sort: Type.Integer(),
  remark: Type.String(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type PostView = Static<typeof PostView>;

/** What a sync (syn-post) did in the target tenants. */
export const SynResult = Type.Object({ created: Type.Integer(), updated: Type.Integer(), skipped: Type.Integer() });
export type SynResult = Static<typeof SynResult>;

// ---- Regions

/** A region as 行政区划 reads it. */
export const RegionView = Type.Object({
  code: Type.String(),
  parentCode: Type.String(),
  ancestors: Type.String(),
  name: Type.String(),
  regionLevel: Type.Integer(),
  regionLevelName: Type.String(),
  sort: Type.Integer(),
  remark: Type.String(),
  rowVersion: Type.Integer(),
  updateTime: Type.String(),
});
export type RegionView = Static<typeof RegionView>;

/** get-tenant-region-code: the tenant's region with its full name (广东省河源市源城区). */
export const TenantRegionView = Type.Object({ ...RegionView.properties, fullName: Type.String() });
export type TenantRegionView = Static<typeof TenantRegionView>;
/** region/detail: the region with its parent's name and its full name. */
export const RegionDetailView = Type.Object({ ...RegionView.properties, parentName: Type.String(), fullName: Type.String() });
export type RegionDetailView = Static<typeof RegionDetailView>;

// ---- Tenants and clients

/**
 * tenant/info: by domain (the login page, before anyone signs in) id, name and domain; without one,
 * the caller's own institution with its region and whether it is the platform.
 */
export const TenantInfo = Type.Object({
  tenantId: Type.String(),
  tenantName: Type.String(),
  domain: optional(Type.String()),
  id: optional(Type.String()),
  regionCode: optional(Type.String()),
  isRoot: optional(Type.Boolean()),
});
export type TenantInfo = Static<typeof TenantInfo>;

/** tenant/list-info: every live institution (the tenant pickers). */
export const TenantListInfo = Type.Object({
  tenantId: Type.String(),
  tenantName: Type.String(),
  domain: Type.String(),
  regionCode: Type.String(),
});
export type TenantListInfo = Static<typeof TenantListInfo>;

/** An institution as 租户管理 reads it. */
export const TenantView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  tenantName: Type.String(),
  domain: Type.String(),
  linkman: Type.String(),
  contactNumber: Type.String(),
  address: Type.String(),
  regionCode: Type.String(),
  /** The account limit (账号额度), -1 none. */
  accountNumber: Type.Integer(),
  /** The licence's end, yyyy-MM-dd HH:mm:ss, '' none. */
  expireTime: Type.String(),
  isRoot: Type.Boolean(),
  status: Type.Integer(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type TenantView = Static<typeof TenantView>;

/** A new institution: its administrator's account and temporary password, answered this once. */
export const CreatedInstitution = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  account: Type.String(),
  password: Type.String(),
});
export type CreatedInstitution = Static<typeof CreatedInstitution>;

/** An OAuth client as 应用管理 reads it (never its secret). */
export const ClientView = Type.Object({
  id: Type.String(),
  clientId: Type.String(),
  scope: Type.String(),
  authorizedGrantTypes: Type.String(),
  accessTokenValidity: orNull('integer'),
  refreshTokenValidity: orNull('integer'),
  webServerRedirectUri: Type.String(),
  status: Type.Integer(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type ClientView = Static<typeof ClientView>;

/** client/submit: the secret only when one was made (a new client, or resetSecret). */
export const SavedClient = Type.Object({
  id: Type.String(),
  clientId: Type.String(),
  rowVersion: Type.Integer(),
  clientSecret: optional(Type.String()),
});
export type SavedClient = Static<typeof SavedClient>;

const Saved = Type.Object({ id: Type.String(), rowVersion: Type.Integer() });
const SavedRegion = Type.Object({ code: Type.String(), rowVersion: Type.Integer() });

/** The answers, as the routes declare them. */
export const orgAnswers = {
  deptTree: envelope(Type.Array(DeptTreeRow)),
  deptLazy: envelope(Type.Array(DeptLazyRow)),
  dept: envelope(DeptView),
  depts: envelope(Type.Array(DeptView)),
  tree: envelope(Type.Array(OrgTreeNode)),
  saved: envelope(Saved),
  done: envelope(Done),
  postPage: envelope(pageOf(PostView)),
  posts: envelope(Type.Array(PostView)),
  post: envelope(PostView),
  syn: envelope(SynResult),
  regionPage: envelope(pageOf(RegionView)),
  tenantRegion: envelope(Type.Union([TenantRegionView, Type.Null()])),
  regionTree: envelope(Type.Array(RegionTreeNode)),
  region: envelope(RegionDetailView),
  address: envelope(Type.String()),
  savedRegion: envelope(SavedRegion),
  tenantInfo: envelope(TenantInfo),
  tenantList: envelope(Type.Array(TenantListInfo)),
  tenantPage: envelope(pageOf(TenantView)),
  tenant: envelope(TenantView),
  tenantSaved: envelope(Type.Union([CreatedInstitution, Saved])),
  clientPage: envelope(pageOf(ClientView)),
  client: envelope(ClientView),
  clientSaved: envelope(SavedClient),
};

/** The `data` of one of the answers, as the web app reads it. */
export type OrgAnswer<K extends keyof typeof orgAnswers> = Static<(typeof orgAnswers)[K]>['data'];
