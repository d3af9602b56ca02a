// The tree shapes of the dictionary calls (BladeX's TreeNode: id, parentId, title, key, value,
// children, hasChildren), shared by the system and the business dictionaries.
import type { DictTreeNode } from '../../../src/shared/contract/dicts';

export type { DictTreeNode };

export interface DictTreeRow {
  id: string;
  parent_id: string;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: number;
}

/**
 * Rows as a forest by parent_id, in the rows' order. `keyOf` chooses what key/value carry: the id
 * (tree: choosing a dictionary or an entry) or the entry's dictKey (dictionary-tree: a form's value).
 */
export function dictTree(rows: DictTreeRow[], keyOf: 'id' | 'dictKey'): DictTreeNode[] {
  const nodes = new Map<string, DictTreeNode>();
  for (const r of rows) {
    const key = keyOf === 'id' ? r.id : r.dict_key;
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      code: r.code,
      title: r.dict_value,
      key,
      value: key,
      dictKey: r.dict_key,
      sort: r.sort,
      hasChildren: false,
      children: [],
    });
  }
  const roots: DictTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}
