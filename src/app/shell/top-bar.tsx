import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import type { TopMenuItem } from '../../api/menu';
import type { UserDefault } from '../../api/types';
import { LanguageSwitch } from '../../components/language-switch';
import { useMessages } from '../../shared/i18n/i18n-context';
import { FullscreenButton } from './fullscreen-button';
import { LockButton } from './lock-button';
import { LogBadge } from './log-badge';
import { LogoutButton } from './logout-button';
import { OnlineCount } from './online-count';
import { OrgChoiceSelects } from './org-choice';
import { OrgSwitch } from './org-switch';
import { shellMessages } from './shell-messages';
import { ThemePicker } from './theme-picker';
import { TopMenu } from './top-menu';
import { UserLink } from './user-link';

export interface TopBarProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  topMenus: readonly TopMenuItem[] | undefined;
  topMenuId: string | undefined;
  onChooseTopMenu: (id: string | undefined) => void;
  onOpenSearch: () => void;
  userDefault: UserDefault | undefined;
  realName: string | undefined;
  avatar: string | undefined;
  /** Text colour on the header background of the chosen theme. */
  color: string;
  dark: boolean;
}

/** The top bar of the standard shell, in the order spec 000 §2 lists its items. */
export function TopBar(props: TopBarProps) {
  const m = useMessages(shellMessages);
  const { color } = props;
  const collapseLabel = props.collapsed ? m.expand : m.collapse;
  return (
    <Flex align="center" gap={4} style={{ height: '100%', minWidth: 0 }}>
      <Tooltip title={collapseLabel}>
        <Button
          type="text"
          aria-label={collapseLabel}
          icon={props.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={props.onToggleCollapsed}
          style={{ color }}
        />
      </Tooltip>
      <TopMenu topMenus={props.topMenus} current={props.topMenuId} onChoose={props.onChooseTopMenu} dark={props.dark} />
      <Flex align="center" gap={2} style={{ flex: 'none' }}>
        <Tooltip title={m.searchMenu}>
          <Button type="text" aria-label={m.searchMenu} icon={<SearchOutlined />} onClick={props.onOpenSearch} style={{ color }} />
        </Tooltip>
        <LogBadge color={color} />
        <FullscreenButton color={color} />
        <LockButton color={color} />
        <ThemePicker color={color} />
        <OrgSwitch userDefault={props.userDefault} color={color} />
        <LanguageSwitch />
        <OnlineCount color={color} />
        <span style={{ width: 8 }} />
        <UserLink realName={props.realName} avatar={props.avatar} color={color} />
        <span style={{ width: 8 }} />
        <OrgChoiceSelects />
        <LogoutButton color={color} />
      </Flex>
    </Flex>
  );
}
