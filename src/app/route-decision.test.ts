import { describe, expect, it } from 'vitest';
import { decideRoute } from './route-decision';
import { pageTitle } from './page-title';

const go = (pathname: string, hasToken: boolean, extra: Partial<Parameters<typeof decideRoute>[0]> = {}) =>
  decideRoute({ pathname, search: '', hasToken, switchMode: true, ...extra });

describe('decideRoute', () => {
  it('sends the root and /home to the first page, or to login without a session', () => {
    expect(go('/', true)).toEqual({ kind: 'redirect', to: '/home/index' });
    expect(go('/home', true)).toEqual({ kind: 'redirect', to: '/home/index' });
    expect(go('/', false)).toMatchObject({ kind: 'redirect', to: '/login' });
  });

  it('lets anyone see the public pages (isAuth false)', () => {
    for (const path of ['/login', '/login/his', '/sso/yunan', '/HISlogin', '/404', '/403', '/500', '/myiframe/report']) {
      expect(go(path, false)).toEqual({ kind: 'allow' });
    }
  });

  it('sends visitors without a token to login and forgets any stale session', () => {
    expect(go('/home/index', false)).toEqual({ kind: 'redirect', to: '/login', logout: true });
    expect(go('/publichealthwork/index', false)).toEqual({ kind: 'redirect', to: '/login', logout: true });
    // Nobody to unlock: the lock screen without a session is the login page.
    expect(go('/lock', false)).toEqual({ kind: 'redirect', to: '/login', logout: true });
  });

  it('sends unknown paths to 404, logged in or not', () => {
    expect(go('/no/such/page', true)).toEqual({ kind: 'redirect', to: '/404' });
    expect(go('/no/such/page', false)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('lets a logged-in user in and adds the page as the current tab, labelled by the route name', () => {
    expect(go('/home/index', true)).toEqual({ kind: 'allow', tab: { label: '', value: '/home/index', meta: { titleKey: 'home' } } });
    expect(go('/qualitymanage/index', true, { search: '?year=2026' })).toMatchObject({
      kind: 'allow',
      tab: { value: '/qualitymanage/index?year=2026', meta: { titleKey: 'qualityManage' } },
    });
  });

  it('labels and keys a tab from the query name and src', () => {
    expect(go('/myiframe/ureport', true, { search: '?name=报表设计器&src=/ureport/designer' })).toMatchObject({
      kind: 'allow',
      tab: { label: '报表设计器', value: '/ureport/designer' },
    });
  });

  it('opens a new window for a query target and stays on the current tab', () => {
    expect(go('/myiframe/x', true, { search: '?src=https://example.org/&target=_blank', currentTab: '/task/user_followup/index' })).toEqual(
      {
        kind: 'window',
        url: 'https://example.org/',
        to: '/task/user_followup/index',
      },
    );
  });

  it('does not tab routes with isTab false', () => {
    expect(go('/window/publichealthwork/addarchivefast', true)).toEqual({ kind: 'allow' });
  });

  it('sends a locked user to /lock from everywhere, and an unlocked one away from it', () => {
    expect(go('/home/index', true, { locked: true })).toEqual({ kind: 'redirect', to: '/lock' });
    expect(go('/404', true, { locked: true })).toEqual({ kind: 'redirect', to: '/lock' });
    expect(go('/', true, { locked: true })).toEqual({ kind: 'redirect', to: '/lock' });
    expect(go('/lock', true, { locked: true })).toEqual({ kind: 'allow' });
    expect(go('/lock', true, { currentTab: '/info/index' })).toEqual({ kind: 'redirect', to: '/info/index' });
  });

  it('logs out a user who opens the login page, unless another system hands them over', () => {
    expect(go('/login', true)).toEqual({ kind: 'allow', logout: true });
    expect(go('/login', true, { locked: true })).toEqual({ kind: 'allow', logout: true });
    expect(go('/login', true, { search: '?target=_blank' })).toEqual({ kind: 'redirect', to: '/' });
    expect(go('/login', true, { search: 'auth-header=abc' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('logs out a session still holding several departments, roles or teams in switch mode', () => {
    expect(go('/home/index', true, { user: { dept_id: '11,12', role_id: '21' } })).toEqual({
      kind: 'redirect',
      to: '/login',
      logout: true,
    });
    expect(go('/home/index', true, { user: { dept_id: '11', role_id: '21', team_id: '31,32' } })).toMatchObject({ to: '/login' });
    expect(go('/home/index', true, { user: { dept_id: '11,12' }, switchMode: false })).toMatchObject({ kind: 'allow' });
  });
});

describe('pageTitle', () => {
  it('titles the login page 登录 alone and other pages with the route name and system title', () => {
    expect(pageTitle('/login', 'zh')).toBe('登录');
    expect(pageTitle('/login/his', 'zh')).toBe('登录');
    expect(pageTitle('/home/index', 'zh')).toBe('首页 - 智慧公卫工作系统');
    expect(pageTitle('/home/index', 'en')).toBe('Home - Smart Public Health Work System');
    expect(pageTitle('/404', 'zh')).toBe('页面不存在 - 智慧公卫工作系统');
    expect(pageTitle('/task/user_followup/index', 'zh')).toBe('任务中心 - 智慧公卫工作系统');
  });
});
