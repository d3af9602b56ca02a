import { DETAIL_LAYOUT_PREFIXES, FIRST_PAGE_PATH, PUBLIC_HEALTH_INDEX_PATH } from '../../shared/config';

/**
 * The tab bar's rules (spec 000 §2 Standard shell, §4 Tabs) as pure functions of the tab list, so
 * every rule is tested without React. The store (tab-store.ts) only persists what these return.
 */

/** Spec §3 "Tab record": label, value, params, query, meta, group. */
export interface TabRecord {
  /** A literal label (the query's name); empty when `meta.titleKey` names the route instead. */
  label: string;
  /** The query's src or the full path (path + search): what navigating to the tab opens. */
  value: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** titleKey: the route's name key, translated when shown, so tabs follow the language switch. */
  meta?: { titleKey?: string };
  group?: string[];
}

export interface TabState {
  tabs: TabRecord[];
  /** The value of the current tab. */
  current: string;
}

export const HOME_TAB: TabRecord = { label: '', value: FIRST_PAGE_PATH, meta: { titleKey: 'home' } };

export const initialTabState = (): TabState => ({ tabs: [HOME_TAB], current: FIRST_PAGE_PATH });

const pathOf = (value: string): string => value.split(/[?#]/)[0] ?? value;

/** Paths containing one of the detail-layout prefixes render without the standard shell. */
export function isDetailLayoutPath(path: string): boolean {
  const p = pathOf(path);
  return DETAIL_LAYOUT_PREFIXES.some((prefix) => p.includes(prefix));
}

export const isMaternalDetail = (value: string): boolean => pathOf(value).includes('/publichealthwork/maternal');

/** The first page is always kept: it is never closable, and the list is never empty. */
function withFirstPage(tabs: TabRecord[]): TabRecord[] {
  return tabs.some((t) => t.value === FIRST_PAGE_PATH) ? tabs : [HOME_TAB, ...tabs];
}

/** Adding a tab makes it current, and adds it only when absent (spec §4). */
export function addTab(state: TabState, tab: TabRecord): TabState {
  const exists = state.tabs.some((t) => t.value === tab.value);
  return { tabs: withFirstPage(exists ? state.tabs : [...state.tabs, tab]), current: tab.value };
}

/** With more than one tab every tab is closable except the first page (spec §4). */
export function isClosable(state: TabState, value: string): boolean {
  return state.tabs.length > 1 && value !== FIRST_PAGE_PATH;
}

/**
 * The tabs the bar shows on a page (spec §2): in a detail layout only the tabs under the detail
 * routes; elsewhere every tab except those, which belong to the detail layouts' own bar.
 */
export function visibleTabs(tabs: readonly TabRecord[], pathname: string): TabRecord[] {
  const detail = isDetailLayoutPath(pathname);
  return tabs.filter((t) => isDetailLayoutPath(t.value) === detail);
}

/** Where "close all" (or closing the last visible tab) leads: spec §2. */
export const closeAllTarget = (pathname: string): string => (isDetailLayoutPath(pathname) ? PUBLIC_HEALTH_INDEX_PATH : FIRST_PAGE_PATH);

export interface TabChange {
  state: TabState;
  /** Set when the current tab went away: the page to show now. */
  navigateTo?: string;
}

/**
 * Closes one tab. Closing a maternal detail tab also removes the other maternal tabs (spec §4).
 * When the current tab goes, its left neighbour among the visible tabs takes over (the right one
 * when it was the first); with none left the close-all target is shown.
 */
export function closeTab(state: TabState, value: string, pathname: string): TabChange {
  if (!isClosable(state, value)) return { state };
  const removes = (t: TabRecord) => t.value === value || (isMaternalDetail(value) && isMaternalDetail(t.value));
  const tabs = state.tabs.filter((t) => !removes(t));
  if (!removes({ label: '', value: state.current })) return { state: { tabs, current: state.current } };

  const before = visibleTabs(state.tabs, pathname);
  const index = before.findIndex((t) => t.value === value);
  const left = before
    .slice(0, Math.max(index, 0))
    .reverse()
    .find((t) => !removes(t));
  const right = before.slice(index + 1).find((t) => !removes(t));
  const next = left ?? right;
  const current = next?.value ?? closeAllTarget(pathname);
  return { state: { tabs: withFirstPage(tabs), current }, navigateTo: next ? tabPath(next) : current };
}

/** Where a tab leads: its value, or the page that showed it when the value is a query src. */
export const tabPath = (tab: TabRecord): string => tab.params?.path ?? tab.value;

/** Close others keeps the current tab and the first page (spec §4). */
export function closeOthers(state: TabState): TabState {
  return {
    tabs: withFirstPage(state.tabs.filter((t) => t.value === state.current || t.value === FIRST_PAGE_PATH)),
    current: state.current,
  };
}

/** Close all: only the first page stays; the page goes to the home tab or the public-health index. */
export function closeAll(pathname: string): TabChange {
  const target = closeAllTarget(pathname);
  return { state: { tabs: [HOME_TAB], current: target }, navigateTo: target };
}

/**
 * The tab the bar marks as the page on show: the current tab while its page is the one at `fullPath`
 * (path + search), else none. A page the user's menus refuse gets no tab (issue 17); marking the
 * previous tab there would say it is on show and make clicking it do nothing.
 */
export function shownTab(state: TabState, fullPath: string): string | undefined {
  const tab = state.tabs.find((t) => t.value === state.current);
  return tab && tabPath(tab) === fullPath ? tab.value : undefined;
}

/** Tab change happens only when the target differs from the current one (spec §4). */
export const shouldChangeTab = (current: string, target: string): boolean => current !== target;

/** The parts of a route the tab rules read. */
export interface TabbableRoute {
  titleKey: string;
  isTab?: boolean;
}

export type TabAction = { kind: 'tab'; tab: TabRecord } | { kind: 'window'; url: string } | { kind: 'none' };

/**
 * What a navigation does to the tabs (spec §2 Route guard): the label comes from the query name
 * or the route name, the value from the query src or the full path; a query target opens a new
 * window instead; routes with isTab false are not tabbed.
 */
export function tabForLocation(pathname: string, search: string, route: TabbableRoute | undefined): TabAction {
  if (!route) return { kind: 'none' };
  const query = new URLSearchParams(search);
  const fullPath = pathname + (search && !search.startsWith('?') ? `?${search}` : search);
  const value = query.get('src') || fullPath;
  if (query.get('target')) return { kind: 'window', url: value };
  if (route.isTab === false) return { kind: 'none' };
  const name = query.get('name');
  const queryRecord = Object.fromEntries(query.entries());
  return {
    kind: 'tab',
    tab: {
      label: name ?? '',
      value,
      // A src value is not a page of ours: remember the page that embeds it to go back there.
      ...(value !== fullPath ? { params: { path: fullPath } } : {}),
      ...(Object.keys(queryRecord).length ? { query: queryRecord } : {}),
      meta: name ? {} : { titleKey: route.titleKey },
    },
  };
}
