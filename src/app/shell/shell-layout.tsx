import { useState, type ReactNode } from 'react';
import { Layout, Typography } from 'antd';
import { Outlet, useLocation } from 'react-router-dom';
import { getToken, getUserInfo } from '../../api/session';
import { useThemeChoice } from '../../components/theme/theme-context';
import { themeLook } from '../../components/theme/themes';
import { HomePage } from '../../features/home/home-page';
import { FIRST_PAGE_PATH } from '../../shared/config';
import { AccessGate } from '../access-gate';
import { commonMessages } from '../../shared/i18n/common-messages';
import { useMessages } from '../../shared/i18n/i18n-context';
import { MenuSearch } from './menu-search';
import { useMenuRoutes, useTopMenus, useUserDefault } from './shell-data';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

const SIDER_WIDTH = 210;

/** Extra pieces other parts of the app mount inside the logged-in shell (the session timers). */
export interface ShellExtras {
  sessionWatch?: ReactNode;
}

/**
 * The standard shell (spec 000 §2): header, collapsible sidebar, tab bar, menu search and the
 * routed content. /home/index is kept alive: once shown, its element stays mounted (hidden) while
 * other tabs show, so going back to it keeps its state.
 */
export function ShellLayout({ extras = {} }: { extras?: ShellExtras }) {
  // The iframe route is public: logged out it shows bare, without a shell to fill.
  if (!getToken()) return <Outlet />;
  return <LoggedInShell extras={extras} />;
}

function LoggedInShell({ extras }: { extras: ShellExtras }) {
  const common = useMessages(commonMessages);
  const { pathname } = useLocation();
  const { name } = useThemeChoice();
  const look = themeLook(name);
  const [collapsed, setCollapsed] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [topMenuId, setTopMenuId] = useState<string>();
  const { data: menus } = useMenuRoutes(topMenuId);
  const { data: allMenus } = useMenuRoutes(undefined);
  const { data: topMenus } = useTopMenus();
  const { data: userDefault } = useUserDefault();
  const user = getUserInfo();

  const isHome = pathname === FIRST_PAGE_PATH;
  const [homeMounted, setHomeMounted] = useState(isHome);
  if (isHome && !homeMounted) setHomeMounted(true);

  const headerText = look.headerText === 'light' ? '#fff' : 'rgba(0,0,0,0.85)';
  const siderText = look.siderMenu === 'dark' ? '#fff' : 'rgba(0,0,0,0.85)';

  return (
    <Layout style={{ height: '100vh' }}>
      <Layout.Sider width={SIDER_WIDTH} collapsed={collapsed} trigger={null} collapsible style={{ overflow: 'auto' }}>
        <div style={{ height: 48, display: 'flex', alignItems: 'center', justifyContent: 'center', paddingInline: 8 }}>
          <Typography.Text strong style={{ color: siderText, fontSize: collapsed ? 14 : 15, lineHeight: 1.2, textAlign: 'center' }}>
            {collapsed ? common.systemTitle.slice(0, 2) : common.systemTitle}
          </Typography.Text>
        </div>
        <SideMenu key={topMenuId ?? 'all'} menus={menus} collapsed={collapsed} theme={look.siderMenu} />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header style={{ height: 48, lineHeight: '48px', paddingInline: 8, borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
          <TopBar
            collapsed={collapsed}
            onToggleCollapsed={() => setCollapsed((c) => !c)}
            topMenus={topMenus}
            topMenuId={topMenuId}
            onChooseTopMenu={setTopMenuId}
            onOpenSearch={() => setSearchOpen(true)}
            userDefault={userDefault}
            realName={user?.real_name}
            avatar={user?.avatar}
            color={headerText}
            dark={look.headerText === 'light'}
          />
        </Layout.Header>
        <TabBar onOpenSearch={() => setSearchOpen(true)} />
        <Layout.Content style={{ overflow: 'auto', position: 'relative' }}>
          {homeMounted && (
            <div hidden={!isHome} data-keep-alive={FIRST_PAGE_PATH}>
              <HomePage />
            </div>
          )}
          {!isHome && (
            <AccessGate>
              <Outlet />
            </AccessGate>
          )}
        </Layout.Content>
      </Layout>
      <MenuSearch open={searchOpen} onClose={() => setSearchOpen(false)} menus={allMenus} />
      {extras.sessionWatch}
    </Layout>
  );
}
