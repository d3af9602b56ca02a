import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearCachedUrls, clearServerCache } from '../../api/tenant';
import { useLang, useMessages } from '../../shared/i18n/i18n-context';
import { routeNames, type RouteNameKey } from '../route-messages';
import {
  closeAll,
  closeOthers,
  closeTab,
  isClosable,
  shouldChangeTab,
  shownTab,
  tabPath,
  visibleTabs,
  type TabChange,
  type TabRecord,
} from '../tabs/tab-rules';
import { tabStore, useTabs } from '../tabs/tab-store';
import { shellMessages } from './shell-messages';

const isRouteName = (key: string | undefined): key is RouteNameKey => typeof key === 'string' && key in routeNames.zh;

export function tabLabel(tab: TabRecord, lang: 'zh' | 'en'): string {
  const key = tab.meta?.titleKey;
  return isRouteName(key) ? routeNames[lang][key] : tab.label || tab.value;
}

/**
 * The tab bar (spec §2, §4): the visible tabs of this layout, closable by the rules of
 * tab-rules.ts, with clear cache / close others / close all / search menu on right click and in
 * the menu at the right.
 */
export function TabBar({ onOpenSearch }: { onOpenSearch?: () => void }) {
  const m = useMessages(shellMessages);
  const { lang } = useLang();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const state = useTabs();
  const shown = visibleTabs(state.tabs, pathname);
  // None while a page without a tab shows (403): then every tab, the current one too, leads away.
  const activeKey = shownTab(state, pathname + search) ?? '';

  /** Applies a close; one that leaves this page waits until the page has let the user go (tab-store.ts). */
  const apply = (change: TabChange) => {
    if (!change.navigateTo) {
      tabStore.set(change.state);
      return;
    }
    tabStore.closeOnArrival(change.state, change.navigateTo);
    void navigate(change.navigateTo);
  };

  const clearCache = () =>
    modal.confirm({
      title: m.clearCacheConfirm,
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: async () => {
        // The server decides the scope: the root tenant clears every tenant, others their own.
        await clearServerCache();
        clearCachedUrls();
        void message.success(m.cacheCleared);
      },
    });

  const actions: MenuProps['items'] = [
    { key: 'clearCache', label: m.clearCache },
    { key: 'closeOthers', label: m.closeOthers },
    { key: 'closeAll', label: m.closeAll },
    ...(onOpenSearch ? [{ key: 'search', label: m.searchMenu }] : []),
  ];
  const onAction: MenuProps['onClick'] = ({ key }) => {
    if (key === 'clearCache') clearCache();
    if (key === 'closeOthers') tabStore.set(closeOthers(state));
    if (key === 'closeAll') apply(closeAll(pathname));
    if (key === 'search') onOpenSearch?.();
  };

  return (
    <Tabs
      className="shell-tab-bar"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      onChange={(key) => {
        const tab = state.tabs.find((t) => t.value === key);
        if (tab && shouldChangeTab(activeKey, key)) navigate(tabPath(tab));
      }}
      onEdit={(key, action) => {
        if (action !== 'remove' || typeof key !== 'string') return;
        apply(closeTab(state, key, pathname));
      }}
      items={shown.map((t) => ({
        key: t.value,
        closable: isClosable(state, t.value),
        label: (
          <Dropdown trigger={['contextMenu']} menu={{ items: actions, onClick: onAction }}>
            <span data-tab={t.value}>{tabLabel(t, lang)}</span>
          </Dropdown>
        ),
      }))}
      tabBarExtraContent={
        <Dropdown menu={{ items: actions, onClick: onAction }} trigger={['click']}>
          <Button size="small" aria-label={m.tabActions} style={{ marginInline: 8 }}>
            {m.tabActions} <DownOutlined />
          </Button>
        </Dropdown>
      }
      tabBarStyle={{ margin: 0, paddingInline: 8, paddingTop: 4 }}
    />
  );
}
