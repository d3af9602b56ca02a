import { useEffect, useState, type Key } from 'react';
import { App, Modal, Spin, Tabs, Tree, type TreeDataNode } from 'antd';
import { getData, postData } from '../../api/envelope';
import { useLang, useMessages } from '../../shared/i18n/i18n-context';
import { textOf } from './crud-document-text';
import type { CrudAction } from './crud-document-types';
import { CRUD_DOCUMENT_TEXT, crudDocumentMessages } from './crud-document-messages';

type GrantTree = Extract<CrudAction, { kind: 'grant-tree' }>;

/** A node of BladeX's grant trees (menu/grant-tree: id, title, children). */
export interface GrantNode {
  id: string | number;
  title?: string;
  name?: string;
  children?: GrantNode[];
}

const toTreeData = (nodes: readonly GrantNode[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: String(n.id),
    title: n.title ?? n.name ?? String(n.id),
    ...(n.children?.length ? { children: toTreeData(n.children) } : {}),
  }));

function allKeys(nodes: readonly GrantNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    out.add(String(n.id));
    if (n.children) allKeys(n.children, out);
  }
  return out;
}

/** The granted keys the tree shows (each node on its own: a menu may be granted without all its buttons). */
export const grantedKeys = (tree: readonly GrantNode[], granted: readonly (string | number)[]): string[] => {
  const known = allKeys(tree);
  return granted.map(String).filter((k) => known.has(k));
};

/**
 * The checked keys that are leaves of the tree: the data and API scope trees hang each scope under
 * its menus, which only group them (checking a menu there checks its scopes), so only the leaves
 * are the scopes a grant names — the menus' ids are no scopes and role/grant refuses them.
 */
export function leavesOnly(tree: readonly GrantNode[], keys: readonly string[]): string[] {
  const leaves = new Set<string>();
  const walk = (nodes: readonly GrantNode[]) => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children);
      else leaves.add(String(n.id));
    }
  };
  walk(tree);
  return keys.filter((k) => leaves.has(k));
}

/** The keys with every ancestor of each: a granted menu needs its parent menus granted to show. */
export function withAncestors(tree: readonly GrantNode[], keys: readonly string[]): string[] {
  const parent = new Map<string, string>();
  const walk = (nodes: readonly GrantNode[], up?: string) => {
    for (const n of nodes) {
      if (up !== undefined) parent.set(String(n.id), up);
      if (n.children) walk(n.children, String(n.id));
    }
  };
  walk(tree);
  const out = new Set<string>();
  for (const key of keys) for (let k: string | undefined = key; k !== undefined && !out.has(k); k = parent.get(k)) out.add(k);
  return [...out];
}

interface Props {
  action: GrantTree;
  /** The row's key (a role's id): keysUrl's parameter and the body's list. */
  rowKey: string | undefined;
  onClose: () => void;
}

/**
 * 权限设置 (spec 002 §3 Role grant: menus, data scopes, API scopes): one checkable tree per part of
 * the grantable tree, checked as the row has them (each node on its own); 确定 POSTs every checked key
 * and its ancestors, so a granted menu's parent menu is granted and the sidebar shows it — or, for a
 * part sent as `leaves` (the scope trees), the checked leaves only.
 */
export function CrudGrantTree({ action, rowKey, onClose }: Props) {
  const { lang } = useLang();
  const m = useMessages(crudDocumentMessages);
  const { message } = App.useApp();
  const [trees, setTrees] = useState<Record<string, GrantNode[]>>();
  const [checked, setChecked] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (rowKey === undefined) return;
    let live = true;
    void (async () => {
      const [tree, keys] = await Promise.all([
        getData<Record<string, GrantNode[]>>(action.treeUrl),
        getData<Record<string, (string | number)[]>>(action.keysUrl, { params: { [action.param]: rowKey } }),
      ]);
      if (!live) return;
      const start: Record<string, string[]> = {};
      for (const part of action.parts) start[part.key] = grantedKeys(tree[part.key] ?? [], keys[part.key] ?? []);
      setTrees(tree);
      setChecked(start);
    })();
    return () => {
      live = false;
    };
  }, [action, rowKey]);

  const submit = async () => {
    const body: Record<string, unknown> = { [action.param]: [rowKey] };
    for (const part of action.parts) {
      const tree = trees?.[part.key] ?? [];
      const keys = checked[part.key] ?? [];
      body[part.submitAs] = part.send === 'leaves' ? leavesOnly(tree, keys) : withAncestors(tree, keys);
    }
    setBusy(true);
    try {
      await postData(action.url, body);
      message.success(CRUD_DOCUMENT_TEXT.done);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={rowKey !== undefined}
      title={textOf(action.label, lang)}
      width={action.width ?? 480}
      maskClosable={false}
      okText={m.ok}
      cancelText={m.cancel}
      confirmLoading={busy}
      okButtonProps={{ disabled: !trees }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {!trees ? (
        <Spin />
      ) : (
        <Tabs
          items={action.parts.map((part) => ({
            key: part.key,
            label: textOf(part.label, lang),
            children: (
              <div style={{ maxHeight: 420, overflow: 'auto' }}>
                <Tree
                  checkable
                  // Each node on its own, as granted: ticking a menu does not tick every button under it.
                  checkStrictly
                  defaultExpandAll
                  treeData={toTreeData(trees[part.key] ?? [])}
                  checkedKeys={checked[part.key] ?? []}
                  onCheck={(keys) => {
                    const all = (Array.isArray(keys) ? keys : keys.checked).map((k: Key) => String(k));
                    setChecked((c) => ({ ...c, [part.key]: all }));
                  }}
                />
              </div>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
