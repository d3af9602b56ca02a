import { HomeOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { TopMenuItem } from '../../api/menu';
import { FIRST_PAGE_PATH } from '../../shared/config';
import { useMessages } from '../../shared/i18n/i18n-context';
import { menuIcon } from './menu-icon';
import { shellMessages } from './shell-messages';

const HOME_KEY = 'home';

export interface TopMenuProps {
  topMenus: readonly TopMenuItem[] | undefined;
  /** The chosen top menu; undefined = the fixed home entry (all menus). */
  current: string | undefined;
  onChoose: (topMenuId: string | undefined) => void;
  dark: boolean;
}

/**
 * The top menu (spec §2): a fixed home entry and one item per server top menu. antd folds the
 * items that do not fit into an overflow submenu, which we title 更多: on a narrow window the
 * same items are repeated there.
 */
export function TopMenu({ topMenus, current, onChoose, dark }: TopMenuProps) {
  const m = useMessages(shellMessages);
  const navigate = useNavigate();
  const items = [
    { key: HOME_KEY, label: m.topHome, icon: <HomeOutlined /> },
    ...(topMenus ?? []).map((t) => ({ key: t.id, label: t.name, icon: menuIcon(t.source) })),
  ];
  return (
    <Menu
      mode="horizontal"
      theme={dark ? 'dark' : 'light'}
      aria-label={m.topHome}
      items={items}
      selectedKeys={[current ?? HOME_KEY]}
      overflowedIndicator={<span>{m.more}</span>}
      style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none', lineHeight: '46px' }}
      onClick={({ key }) => {
        if (key === HOME_KEY) {
          onChoose(undefined);
          navigate(FIRST_PAGE_PATH);
          return;
        }
        const top = topMenus?.find((t) => t.id === key);
        onChoose(key);
        if (top?.path) navigate(top.path);
      }}
    />
  );
}
