// The access contract (spec 000 §7 Menus; spec 002 §7 blade-system role, menu, topmenu, data-scope,
// api-scope): what the server's access/ routes take and answer, and what src/api/menu.ts and
// button-permissions.ts read.
import { Type, type Static } from 'typebox';
import { Done, envelope, pageOf, subtree } from './envelope';
import { OrgTreeNode, SynResult } from './org';

// ---- The shell's menus (menu/routes, buttons, top-menu, deptSelect, roleSelect, teamSelect)

const MenuNodeFields = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  alias: Type.String(),
  path: Type.String(),
  source: Type.String(),
  sort: Type.Integer(),
  /** 1 menu, 2 button. */
  category: Type.Integer(),
  /** 1 in the app, 2 opens a new window (external path). */
  isOpen: Type.Integer(),
  hasChildren: Type.Boolean(),
});
/** A node of the caller's menu or button tree; `children` only when there are some. */
export type MenuNode = Static<typeof MenuNodeFields> & { children?: MenuNode[] };
/** A tree node; the nodes below the first level are the same shape, passed through whole. */
export const MenuNode = Type.Object({
  ...MenuNodeFields.properties,
  children: Type.Optional(subtree<MenuNode>()),
});

/** A top menu of the caller's role (the top bar). */
export const TopMenuView = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  source: Type.String(),
  path: Type.String(),
  sort: Type.Integer(),
});
export type TopMenuView = Static<typeof TopMenuView>;

/** The departments, roles and teams the caller holds: the top bar's dropdowns. */
export const DeptOption = Type.Object({ id: Type.String(), deptName: Type.String(), deptCategory: Type.Integer() });
export type DeptOption = Static<typeof DeptOption>;
export const RoleOption = Type.Object({ id: Type.String(), roleName: Type.String(), roleAlias: Type.String() });
export type RoleOption = Static<typeof RoleOption>;
export const TeamOption = Type.Object({ id: Type.String(), name: Type.String() });
export type TeamOption = Static<typeof TeamOption>;

/** The shell's answers, as the routes declare them. */
export const menuAnswers = {
  tree: envelope(Type.Array(MenuNode)),
  topMenus: envelope(Type.Array(TopMenuView)),
  depts: envelope(Type.Array(DeptOption)),
  roles: envelope(Type.Array(RoleOption)),
  teams: envelope(Type.Array(TeamOption)),
};

// ---- Roles, menus, top menus and scopes (the administration screens)

/** A role as 角色管理 lists it (a tree: `children` only when there are some). */
const RoleFields = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  parentId: Type.String(),
  /** The parent's name, 顶级 at the top. */
  parentName: Type.String(),
  roleName: Type.String(),
  roleAlias: Type.String(),
  sort: Type.Integer(),
  rowVersion: Type.Integer(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
  hasChildren: Type.Boolean(),
});
export type RoleView = Static<typeof RoleFields> & { children?: RoleView[] };
export const RoleView = Type.Object({
  ...RoleFields.properties,
  children: Type.Optional(subtree<RoleView>()),
});

/** role/select: the named roles (every role of the tenant when none is named). */
export const RoleSelectRow = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  roleName: Type.String(),
  roleAlias: Type.String(),
  sort: Type.Integer(),
});
export type RoleSelectRow = Static<typeof RoleSelectRow>;

/** grant-tree: what the caller may grant, as TreeNodes (BladeX's GrantTreeVO). */
export const GrantTree = Type.Object({
  menu: Type.Array(OrgTreeNode),
  dataScope: Type.Array(OrgTreeNode),
  apiScope: Type.Array(OrgTreeNode),
});
export type GrantTree = Static<typeof GrantTree>;

/** role-tree-keys: the menu and scope ids the roles hold now (BladeX's CheckedTreeVO). */
export const GrantKeys = Type.Object({
  menu: Type.Array(Type.String()),
  dataScope: Type.Array(Type.String()),
  apiScope: Type.Array(Type.String()),
});
export type GrantKeys = Static<typeof GrantKeys>;

/** A menu or button as 菜单管理 lists it (a tree: `children` only when there are some). */
const MenuAdminFields = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  /** The parent's name, 顶级 at the top. */
  parentName: Type.String(),
  code: Type.String(),
  name: Type.String(),
  alias: Type.String(),
  path: Type.String(),
  source: Type.String(),
  sort: Type.Integer(),
  category: Type.Integer(),
  isOpen: Type.Integer(),
  remark: Type.String(),
  rowVersion: Type.Integer(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
  hasChildren: Type.Boolean(),
});
export type MenuView = Static<typeof MenuAdminFields> & { children?: MenuView[] };
export const MenuView = Type.Object({
  ...MenuAdminFields.properties,
  children: Type.Optional(subtree<MenuView>()),
});

/** A top menu as 顶部菜单 lists it. */
export const TopMenuAdminView = Type.Object({
  ...TopMenuView.properties,
  rowVersion: Type.Integer(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type TopMenuAdminView = Static<typeof TopMenuAdminView>;
/** topmenu/detail: with the menus it shows. */
export const TopMenuDetail = Type.Object({ ...TopMenuAdminView.properties, menuIds: Type.Array(Type.String()) });
export type TopMenuDetail = Static<typeof TopMenuDetail>;

/** What syn-top-menu answers: top menus are the platform's, nothing is copied. */
export const TopMenuSyn = Type.Object({
  topMenuIds: Type.Array(Type.String()),
  tenantIds: Type.Array(Type.String()),
  copied: Type.Integer(),
});

/**
 * A data scope (data-scope) or an api scope (api-scope): a data scope has its column, value and
 * type's name, an api scope its path.
 */
export const ScopeView = Type.Object({
  id: Type.String(),
  menuId: Type.String(),
  resourceCode: Type.String(),
  scopeName: Type.String(),
  scopeType: Type.Integer(),
  remark: Type.String(),
  rowVersion: Type.Integer(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
  scopeColumn: Type.Optional(Type.String()),
  scopeValue: Type.Optional(Type.String()),
  scopeTypeName: Type.Optional(Type.String()),
  scopePath: Type.Optional(Type.String()),
});
export type ScopeView = Static<typeof ScopeView>;

/** The administration answers, as the routes declare them. */
export const accessAnswers = {
  roles: envelope(Type.Array(RoleView)),
  tree: envelope(Type.Array(OrgTreeNode)),
  roleSelect: envelope(Type.Array(RoleSelectRow)),
  saved: envelope(Type.Object({ id: Type.String() })),
  done: envelope(Done),
  syn: envelope(SynResult),
  grantTree: envelope(GrantTree),
  grantKeys: envelope(GrantKeys),
  menus: envelope(Type.Array(MenuView)),
  menu: envelope(MenuView),
  topTree: envelope(Type.Object({ menu: Type.Array(OrgTreeNode) })),
  topKeys: envelope(Type.Object({ menu: Type.Array(Type.String()) })),
  topMenuPage: envelope(pageOf(TopMenuAdminView)),
  topMenu: envelope(TopMenuDetail),
  topMenuSyn: envelope(TopMenuSyn),
  scopePage: envelope(pageOf(ScopeView)),
  scope: envelope(ScopeView),
};
