// The access contract (spec 000 §7 Menus; spec 002 §7 blade-system role, menu, topmenu, data-scope,
// api-scope): what the server's access/ routes take and answer, and what src/api/menu.ts and
// button-permissions.ts read.
import { Type, type Static } from 'typebox';
import { envelope } from './envelope';

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
  children: Type.Optional(Type.Array(Type.Unsafe<MenuNode>({ type: 'object', additionalProperties: true }))),
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
