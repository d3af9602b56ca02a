import { getData } from './envelope';
import type { DeptOption, MenuNode, RoleOption, TeamOption, TopMenuView } from '../shared/contract/access';

/** The blade-system menu service (spec 000 §7 Menus); the shapes are the contract's (src/shared/contract/access.ts). */
const BASE = '/api/blade-system/menu';

export type { DeptOption, RoleOption, TeamOption };
/** A top menu of the top bar. */
export type TopMenuItem = TopMenuView;

export const getRoutes = (params?: { topMenuId?: string; archId?: string }) => getData<MenuNode[]>(`${BASE}/routes`, { params });

/** Permission codes of the buttons the user may press. */
export const getButtons = () => getData<MenuNode[]>(`${BASE}/buttons`);

export const getTopMenu = () => getData<TopMenuView[]>(`${BASE}/top-menu`);

/** The departments, roles and teams the current user holds: the top bar's dropdowns. */
export const getDeptSelect = () => getData<DeptOption[]>(`${BASE}/deptSelect`);
export const getRoleSelect = () => getData<RoleOption[]>(`${BASE}/roleSelect`);
export const getTeamSelect = () => getData<TeamOption[]>(`${BASE}/teamSelect`);
