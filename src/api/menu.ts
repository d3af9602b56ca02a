import { getData } from './envelope';
import type { MenuItem } from './types';

/** The blade-system menu service (spec 000 §7 Menus). */
const BASE = '/api/blade-system/menu';

export const getRoutes = (params?: { topMenuId?: string; archId?: string }) => getData<MenuItem[]>(`${BASE}/routes`, { params });

/** Permission codes of the buttons the user may press. */
export const getButtons = () => getData<MenuItem[]>(`${BASE}/buttons`);

export const getTopMenu = () => getData<MenuItem[]>(`${BASE}/top-menu`);

export interface DeptOption {
  id: string;
  deptName: string;
  deptCategory?: number | null;
}
export interface RoleOption {
  id: string;
  roleName: string;
  roleAlias?: string;
}
export interface TeamOption {
  id: string;
  name: string;
}

/** The departments, roles and teams the current user holds: the top bar's dropdowns. */
export const getDeptSelect = () => getData<DeptOption[]>(`${BASE}/deptSelect`);
export const getRoleSelect = () => getData<RoleOption[]>(`${BASE}/roleSelect`);
export const getTeamSelect = () => getData<TeamOption[]>(`${BASE}/teamSelect`);
