import useSWR from 'swr';
import { getButtons } from './menu';
import { getUserDefault } from './session';
import type { MenuNode } from '../shared/contract/access';
import type { UserDefault } from './types';

/**
 * The role's button permissions (spec 000 §3, §6): GET menu/buttons answers the buttons (menus of
 * category 2) granted to the current role as a tree; the app keeps their codes as a code → true
 * map. The server checks the same grants on the calls behind the buttons
 * (server/http/route-access.ts), so a hidden button is one whose call would be refused.
 */
export type ButtonGrants = Readonly<Record<string, true>>;

export function buttonGrants(tree: readonly MenuNode[]): ButtonGrants {
  const grants: Record<string, true> = {};
  const walk = (items: readonly MenuNode[]) => {
    for (const item of items) {
      if (item.code) grants[item.code] = true;
      if (item.children) walk(item.children);
    }
  };
  walk(tree);
  return grants;
}

/** One request per identity: every screen reads the same SWR entry (a new identity reloads the page). */
export const BUTTONS_KEY = 'blade-system/menu/buttons';

/**
 * The current role's button grants. `ready` is false until the answer is in: screens hide
 * permission-bound buttons meanwhile rather than show and then withdraw them.
 */
export function useButtonGrants(): { grants: ButtonGrants; ready: boolean } {
  const { data } = useSWR(BUTTONS_KEY, async () => buttonGrants(await getButtons()), { revalidateOnFocus: false });
  return { grants: data ?? {}, ready: data !== undefined };
}

/**
 * Whether the current role is an administrator, as the server's administration routes decide it
 * (ADMINISTRATORS in server/http/route-access.ts: the role alias, 'admin' being another spelling).
 */
export const isAdministratorRole = (user: Pick<UserDefault, 'lastRoleAlias'> | undefined): boolean =>
  (user?.lastRoleAlias ?? '').split(',').some((alias) => ['administrator', 'admin'].includes(alias.trim()));

/** The button codes that govern a CRUD screen's 新增 / 编辑 / 删除; a button without a code has no grant of its own. */
export interface CrudButtonCodes {
  add?: string;
  edit?: string;
  remove?: string;
}

/**
 * The 新增 / 编辑 / 删除 of an administration screen (dictionaries, parameters), as the server
 * decides the calls behind them: the administrator role, and the button's code when the screen names
 * one (新增 on the dictionaries: dict_add, the one such button the seeded menus define).
 */
export function adminCrudPermissions(user: Pick<UserDefault, 'lastRoleAlias'> | undefined, grants: ButtonGrants, codes: CrudButtonCodes) {
  const admin = isAdministratorRole(user);
  const granted = (code: string | undefined) => admin && (code === undefined || grants[code] === true);
  return { add: granted(codes.add), edit: granted(codes.edit), remove: granted(codes.remove) };
}

const NOTHING_YET = { add: false, edit: false, remove: false } as const;

/** adminCrudPermissions for the signed-in user, everything hidden until the grants are in. */
export function useAdminCrudPermissions(codes: CrudButtonCodes): { add: boolean; edit: boolean; remove: boolean } {
  const { grants, ready } = useButtonGrants();
  return ready ? adminCrudPermissions(getUserDefault(), grants, codes) : NOTHING_YET;
}
