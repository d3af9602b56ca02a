import useSWR from 'swr';
import { getRoutes, getTopMenu } from '../../api/menu';
import { getUserDefault as storedUserDefault, setUserDefault } from '../../api/session';
import { getUserDefault } from '../../api/user';

/** The SWR key of the menu tree: the sidebar, the access gate and the route guard share one call. */
export const menuRoutesKey = (topMenuId?: string) => ['blade-system/menu/routes', topMenuId ?? ''] as const;

/** The menu tree of the chosen top menu (all of the user's menus when none is chosen). */
export function useMenuRoutes(topMenuId?: string) {
  return useSWR(menuRoutesKey(topMenuId), () => getRoutes(topMenuId ? { topMenuId } : undefined));
}

export const useTopMenus = () => useSWR('blade-system/menu/top-menu', getTopMenu);

/** The user defaults: stored at login, refreshed from the server and stored again. */
export function useUserDefault() {
  return useSWR(
    'blade-user/getUserDefault',
    async () => {
      const fresh = await getUserDefault();
      setUserDefault(fresh);
      return fresh;
    },
    { fallbackData: storedUserDefault() },
  );
}
