import type { MenuNode } from '../../../src/shared/contract/access';
import type { Menu } from '../repositories/menus';

export type { MenuNode };

/** Builds the route tree; a node without children has no children key at all (spec: empty children omitted). */
export function buildMenuTree(menus: Menu[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const m of menus) {
    nodes.set(m.id, {
      id: m.id,
      parentId: m.parent_id,
      code: m.code,
      name: m.name,
      alias: m.alias,
      path: m.path,
      source: m.source,
      sort: m.sort,
      category: m.category,
      isOpen: m.is_open,
      hasChildren: false,
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}
