import { useMemo, useState } from 'react';
import { Empty, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../api/types';
import { useMessages } from '../../shared/i18n/i18n-context';
import { menuIcon } from './menu-icon';
import { findMenuByPath, openKeysFor, opensNewWindow } from './menu-rules';
import { shellMessages } from './shell-messages';

type Items = NonNullable<MenuProps['items']>;

function toItems(menus: readonly MenuItem[]): Items {
  return menus.map((m) =>
    m.children?.length
      ? { key: m.id, label: m.name, icon: menuIcon(m.source), children: toItems(m.children) }
      : { key: m.id, label: m.name, icon: menuIcon(m.source) },
  );
}

function byId(menus: readonly MenuItem[], id: string): MenuItem | undefined {
  for (const m of menus) {
    if (m.id === id) return m;
    const found = m.children ? byId(m.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

export interface SideMenuProps {
  menus: readonly MenuItem[] | undefined;
  collapsed: boolean;
  theme: 'dark' | 'light';
}

/** The sidebar (spec §2): the server's menus for this role, submenus, external windows, an empty tip. */
export function SideMenu({ menus, collapsed, theme }: SideMenuProps) {
  const m = useMessages(shellMessages);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visible = useMemo(() => menus ?? [], [menus]);
  const selected = findMenuByPath(visible, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(visible, pathname));
  // A page opened elsewhere (tab, search, top menu) opens its submenu too, keeping the others open.
  const [seenPath, setSeenPath] = useState(pathname);
  const [seenMenus, setSeenMenus] = useState(menus);
  if (seenPath !== pathname || seenMenus !== menus) {
    setSeenPath(pathname);
    setSeenMenus(menus);
    const needed = openKeysFor(visible, pathname).filter((k) => !openKeys.includes(k));
    if (needed.length) setOpenKeys([...openKeys, ...needed]);
  }

  if (menus && visible.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span style={{ color: theme === 'dark' ? '#bbb' : undefined }}>{m.emptyMenu}</span>}
      />
    );
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = byId(visible, key);
    if (!item?.path) return;
    if (opensNewWindow(item)) window.open(item.path, '_blank', 'noopener');
    else navigate(item.path);
  };

  return (
    <Menu
      mode="inline"
      theme={theme}
      inlineCollapsed={collapsed}
      items={toItems(visible)}
      selectedKeys={selected ? [selected.id] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
