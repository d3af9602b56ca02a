import { describe, expect, it } from 'vitest';
import {
  addTab,
  closeAll,
  closeOthers,
  closeTab,
  HOME_TAB,
  initialTabState,
  isClosable,
  isDetailLayoutPath,
  shouldChangeTab,
  shownTab,
  tabForLocation,
  tabPath,
  visibleTabs,
  type TabRecord,
  type TabState,
} from './tab-rules';

const tab = (value: string): TabRecord => ({ label: '', value, meta: { titleKey: 'x' } });
const values = (s: TabState) => s.tabs.map((t) => t.value);
const withTabs = (...paths: string[]): TabState => paths.reduce((s, p) => addTab(s, tab(p)), initialTabState());

describe('adding tabs', () => {
  it('starts with the first page, adds a new tab at the end and makes it current', () => {
    const s = addTab(initialTabState(), tab('/task/user_followup/index'));
    expect(values(s)).toEqual(['/home/index', '/task/user_followup/index']);
    expect(s.current).toBe('/task/user_followup/index');
  });

  it('does not add a tab twice; opening it again only makes it current', () => {
    const s = addTab(withTabs('/a/index', '/b/index'), tab('/a/index'));
    expect(values(s)).toEqual(['/home/index', '/a/index', '/b/index']);
    expect(s.current).toBe('/a/index');
  });
});

describe('closable tabs', () => {
  it('with one tab nothing is closable; with more, all but the first page', () => {
    expect(isClosable(initialTabState(), '/home/index')).toBe(false);
    const s = withTabs('/a/index');
    expect(isClosable(s, '/home/index')).toBe(false);
    expect(isClosable(s, '/a/index')).toBe(true);
  });

  it('refuses to close the first page', () => {
    const s = withTabs('/a/index');
    expect(closeTab(s, '/home/index', '/a/index').state).toBe(s);
  });
});

describe('closing one tab', () => {
  it('closing another tab keeps the current one and navigates nowhere', () => {
    const s = withTabs('/a/index', '/b/index');
    const change = closeTab(s, '/a/index', '/b/index');
    expect(values(change.state)).toEqual(['/home/index', '/b/index']);
    expect(change.state.current).toBe('/b/index');
    expect(change.navigateTo).toBeUndefined();
  });

  it('closing the current tab shows its left neighbour', () => {
    const s = addTab(withTabs('/a/index', '/b/index', '/c/index'), tab('/b/index'));
    const change = closeTab(s, '/b/index', '/b/index');
    expect(change.navigateTo).toBe('/a/index');
    expect(change.state.current).toBe('/a/index');
  });

  it('closing a maternal detail tab removes the other maternal tabs too', () => {
    const s = withTabs('/publichealthwork/maternal/a', '/publichealthwork/detail/x', '/publichealthwork/maternal/b');
    const change = closeTab(s, '/publichealthwork/maternal/b', '/publichealthwork/maternal/b');
    expect(values(change.state)).toEqual(['/home/index', '/publichealthwork/detail/x']);
    expect(change.navigateTo).toBe('/publichealthwork/detail/x');
  });

  it('closing the last detail tab in a detail layout returns to /publichealthwork/index', () => {
    const s = withTabs('/task/user_followup/index', '/publichealthwork/detail/1');
    const change = closeTab(s, '/publichealthwork/detail/1', '/publichealthwork/detail/1');
    expect(change.navigateTo).toBe('/publichealthwork/index');
    expect(values(change.state)).toEqual(['/home/index', '/task/user_followup/index']);
  });

  it('goes back to the embedding page of a tab whose value is a query src', () => {
    const a: TabRecord = { label: '报表', value: 'http://r/x', params: { path: '/myiframe/r?src=http%3A%2F%2Fr%2Fx&name=报表' } };
    const s = addTab(addTab(withTabs(), a), tab('/b/index'));
    expect(closeTab(s, '/b/index', '/b/index').navigateTo).toBe('/myiframe/r?src=http%3A%2F%2Fr%2Fx&name=报表');
    expect(tabPath(HOME_TAB)).toBe('/home/index');
  });
});

describe('close others and close all', () => {
  it('close others keeps the current tab and the first page', () => {
    const s = addTab(withTabs('/a/index', '/b/index', '/c/index'), tab('/b/index'));
    expect(values(closeOthers(s))).toEqual(['/home/index', '/b/index']);
    expect(closeOthers(s).current).toBe('/b/index');
  });

  it('close all leaves the first page and goes home, or to the public-health index in a detail layout', () => {
    expect(closeAll('/a/index')).toEqual({ state: { tabs: [HOME_TAB], current: '/home/index' }, navigateTo: '/home/index' });
    expect(closeAll('/publichealthwork/ipad/7').navigateTo).toBe('/publichealthwork/index');
  });
});

describe('which tabs show', () => {
  const tabs = withTabs('/a/index', '/publichealthwork/detail/1', '/publichealthwork/maternal/2', '/publichealthwork/ipad/3').tabs;
  it('hides detail-layout tabs from the standard tab bar', () => {
    expect(visibleTabs(tabs, '/a/index').map((t) => t.value)).toEqual(['/home/index', '/a/index']);
  });
  it('shows only tabs under the detail routes in a detail layout', () => {
    expect(visibleTabs(tabs, '/publichealthwork/detail/1').map((t) => t.value)).toEqual([
      '/publichealthwork/detail/1',
      '/publichealthwork/maternal/2',
      '/publichealthwork/ipad/3',
    ]);
  });
  it('recognises the detail layouts by the path alone', () => {
    expect(isDetailLayoutPath('/publichealthwork/maternal/x?id=1')).toBe(true);
    expect(isDetailLayoutPath('/publichealthwork/index')).toBe(false);
  });
});

describe('tab changes', () => {
  it('happen only when the target differs from the current tab', () => {
    expect(shouldChangeTab('/a/index', '/a/index')).toBe(false);
    expect(shouldChangeTab('/a/index', '/b/index')).toBe(true);
  });

  it('mark the current tab as shown only while its page is the one on show (a refused page has none)', () => {
    const state = withTabs('/a/index', '/b/index?page=2');
    expect(shownTab(state, '/b/index?page=2')).toBe('/b/index?page=2');
    // /c/index got no tab (its 403 page shows): no tab is marked, so clicking /b/index goes back.
    expect(shownTab(state, '/c/index')).toBeUndefined();
    const embedded = addTab(state, { label: 'x', value: 'https://x.test/', params: { path: '/myiframe/x?src=https://x.test/' } });
    expect(shownTab(embedded, '/myiframe/x?src=https://x.test/')).toBe('https://x.test/');
  });
});

describe('the tab of a navigation', () => {
  const route = { titleKey: 'taskCentre' };
  it('labels with the route name and keys by the full path', () => {
    expect(tabForLocation('/task/user_followup/index', '?page=2', route)).toEqual({
      kind: 'tab',
      tab: { label: '', value: '/task/user_followup/index?page=2', query: { page: '2' }, meta: { titleKey: 'taskCentre' } },
    });
  });
  it('takes the label from the query name and the value from the query src', () => {
    const action = tabForLocation('/myiframe/ureport', '?name=报表设计器&src=/ureport/designer', { titleKey: 'iframe' });
    expect(action).toMatchObject({
      kind: 'tab',
      tab: { label: '报表设计器', value: '/ureport/designer', params: { path: '/myiframe/ureport?name=报表设计器&src=/ureport/designer' } },
    });
  });
  it('opens a new window for a query target instead of a tab', () => {
    expect(tabForLocation('/myiframe/x', '?src=http://example.org/a&target=_blank', { titleKey: 'iframe' })).toEqual({
      kind: 'window',
      url: 'http://example.org/a',
    });
  });
  it('does not tab routes marked isTab false, nor unknown routes', () => {
    expect(tabForLocation('/window/publichealthwork/addarchivefast', '', { titleKey: 'w', isTab: false })).toEqual({ kind: 'none' });
    expect(tabForLocation('/nowhere', '', undefined)).toEqual({ kind: 'none' });
  });
});
