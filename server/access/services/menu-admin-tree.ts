// BladeX's trees: ForestNodeMerger (a node under its parent, children only when there are some)
// and TreeNode ({id, parentId, title, key, value, hasChildren, children}) of the pickers.

export interface ForestNode<T> {
  id: string;
  parentId: string;
  hasChildren: boolean;
  children?: T[];
}

/** Puts each node under its parent when the parent is in the list; the others are roots. Keeps the list's order. */
export function forest<T extends ForestNode<T>>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = node.parentId !== node.id ? byId.get(node.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

export interface TreeNode extends ForestNode<TreeNode> {
  title: string;
  key: string;
  value: string;
}

export const treeNode = (id: string, parentId: string, title: string): TreeNode => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren: false,
});

/** The ids of `rootIds` and everything under them. */
export function descendantsOf(rows: readonly { id: string; parent_id: string }[], rootIds: readonly string[]): Set<string> {
  const children = new Map<string, string[]>();
  for (const row of rows) {
    if (row.parent_id === row.id) continue;
    const list = children.get(row.parent_id) ?? [];
    list.push(row.id);
    children.set(row.parent_id, list);
  }
  const out = new Set<string>();
  const stack = [...rootIds];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
