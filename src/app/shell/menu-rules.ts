import type { MenuItem } from '../../api/types';

/**
 * Sidebar and menu-search rules (spec 000 §2, §6) as pure functions over the server's menu tree.
 */

const childrenOf = (item: MenuItem): MenuItem[] => (Array.isArray(item.children) ? item.children : []);

function metaRoles(item: MenuItem): string[] | undefined {
  const meta = item.meta as { roles?: unknown } | undefined;
  return Array.isArray(meta?.roles) ? meta.roles.filter((r): r is string => typeof r === 'string') : undefined;
}

/**
 * Items are hidden unless they have no role restriction or their meta roles include the current
 * role (spec §6); a submenu whose children are all hidden goes too, but a parent that is a page
 * of its own stays. The server already sends the role's menus; this is the client's own check.
 */
export function filterMenusByRole(menus: readonly MenuItem[], role: { roleId?: string; roleAlias?: string }): MenuItem[] {
  const allowed = (item: MenuItem) => {
    const roles = metaRoles(item);
    if (!roles || roles.length === 0) return true;
    return roles.some((r) => r === role.roleId || r === role.roleAlias);
  };
  const out: MenuItem[] = [];
  for (const item of menus) {
    if (!allowed(item)) continue;
    const kids = childrenOf(item);
    if (kids.length === 0) {
      out.push(item);
      continue;
    }
    const kept = filterMenusByRole(kids, role);
    if (kept.length > 0) out.push({ ...item, children: kept });
  }
  return out;
}

/** Leaf entries (pages) in menu order. */
export function leafMenus(menus: readonly MenuItem[]): MenuItem[] {
  return menus.flatMap((m) => (childrenOf(m).length ? leafMenus(childrenOf(m)) : [m]));
}

/**
 * Menu search (spec §2): leaf entries whose name, path or code contains the text anywhere — "档案"
 * finds 居民健康档案, not only names that start with it (issue 17). Names that start with the text
 * come first, then other name matches, then path or code matches, each in menu order, so Enter
 * (which takes the first) opens the likeliest page. Empty text lists every leaf.
 */
export function searchMenus(menus: readonly MenuItem[], text: string): MenuItem[] {
  const q = text.trim().toLowerCase();
  const leaves = leafMenus(menus).filter((m) => m.path);
  if (!q) return leaves;
  const rank = (m: MenuItem): number => {
    const name = m.name.toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.includes(q)) return 1;
    if (m.path.toLowerCase().includes(q) || (typeof m.code === 'string' && m.code.toLowerCase().includes(q))) return 2;
    return -1;
  };
  const ranked = leaves.map((m) => ({ m, r: rank(m) })).filter((x) => x.r >= 0);
  // Array.prototype.sort is stable: equal ranks keep the menu order.
  return ranked.sort((a, b) => a.r - b.r).map((x) => x.m);
}

const EXTERNAL = /^https?:\/\//i;

/** Open-type 2 with an external path opens a new window instead of a tab (spec §2). */
export function opensNewWindow(item: MenuItem): boolean {
  return Number(item.isOpen) === 2 && EXTERNAL.test(item.path);
}

/** Finds the menu whose path is the page shown, for the sidebar's selection. */
export function findMenuByPath(menus: readonly MenuItem[], path: string): MenuItem | undefined {
  return leafMenus(menus).find((m) => m.path === path);
}

/** The ids of the submenus on the way to a path: opened so the selection is visible. */
export function openKeysFor(menus: readonly MenuItem[], path: string): string[] {
  for (const m of menus) {
    const kids = childrenOf(m);
    if (kids.length > 0 && findMenuByPath(kids, path)) return [m.id, ...openKeysFor(kids, path)];
  }
  return [];
}
