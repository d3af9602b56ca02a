import type { MenuItem } from '../../api/types';

/**
 * Sidebar and menu-search rules (spec 000 §2, §6) as pure functions over the server's menu tree.
 * The server answers the role's own menus only (menu/routes), so the sidebar shows them as they come.
 */

const childrenOf = (item: MenuItem): MenuItem[] => item.children ?? [];

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
    if (m.path.toLowerCase().includes(q) || m.code.toLowerCase().includes(q)) return 2;
    return -1;
  };
  const ranked = leaves.map((m) => ({ m, r: rank(m) })).filter((x) => x.r >= 0);
  // Array.prototype.sort is stable: equal ranks keep the menu order.
  return ranked.sort((a, b) => a.r - b.r).map((x) => x.m);
}

const EXTERNAL = /^https?:\/\//i;

/** Open-type 2 with an external path opens a new window instead of a tab (spec §2). */
export function opensNewWindow(item: MenuItem): boolean {
  return item.isOpen === 2 && EXTERNAL.test(item.path);
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
