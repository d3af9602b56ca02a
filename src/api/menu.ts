import { getData } from './envelope';
import type { MenuItem } from './types';

/** The blade-system menu service (spec 000 §7 Menus). */
const BASE = '/api/blade-system/menu';

export const getRoutes = (params?: { topMenuId?: string; archId?: string }) =>
  getData<MenuItem[]>(`${BASE}/routes`, { params });

/** Permission codes of the buttons the user may press. */
export const getButtons = () => getData<MenuItem[]>(`${BASE}/buttons`);

export const getTopMenu = () => getData<MenuItem[]>(`${BASE}/top-menu`);
