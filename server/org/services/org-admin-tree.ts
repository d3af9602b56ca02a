import type { OrgTreeNode } from '../../../src/shared/contract/org';

// BladeX's trees (ForestNodeMerger, TreeNode) for departments and regions: a flat list of rows with
// their parent becomes a forest; a row whose parent is not in the list is a root, so a filtered list
// (dept/list with deptName_like) still shows every row it found.

/** BladeX's TreeNode as the tree selects read it; `children` only when there are some (NON_EMPTY). */
export type { OrgTreeNode as TreeNode };

export type WithChildren<T> = T & { hasChildren: boolean; children?: WithChildren<T>[] };

/** Nests `items` under their parents (by `idOf` / `parentOf`), keeping the given order among siblings. */
export function mergeForest<T>(items: T[], idOf: (item: T) => string, parentOf: (item: T) => string): WithChildren<T>[] {
  // An item may already know it has children (loaded later, lazily): kept; the merge only adds.
  const nodes = items.map((item) => ({ hasChildren: false, ...item }) as WithChildren<T>);
  const byId = new Map(nodes.map((node, i) => [idOf(items[i]!), node]));
  const roots: WithChildren<T>[] = [];
  nodes.forEach((node, i) => {
    const parent = byId.get(parentOf(items[i]!));
    if (!parent || parent === node) {
      roots.push(node);
      return;
    }
    parent.hasChildren = true;
    (parent.children ??= []).push(node);
  });
  return roots;
}

export const treeNode = (id: string, parentId: string, title: string, hasChildren = false): OrgTreeNode => ({
  id,
  parentId,
  title,
  value: id,
  key: id,
  hasChildren,
});
