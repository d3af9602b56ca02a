import { describe, expect, it } from 'vitest';
import { decideRoute } from './route-decision';
import { pageTitle } from './page-title';

const go = (pathname: string, hasToken: boolean, extra: Partial<Parameters<typeof decideRoute>[0]> = {}) =>
  decideRoute({ pathname, search: '', hasToken, switchMode: true, ...extra });

describe('decideRoute', () => {
  it('sends the root to the first page, or to login without a session', () => {
    expect(go('/', true)).toEqual({ kind: 'redirect', to: '/home/index' });
    expect(go('/', false)).toMatchObject({ kind: 'redirect', to: '/login' });
  });

  it('lets anyone see the public pages', () => {
    for (const path of ['/login', '/login/his', '/404', '/403', '/500']) {
      expect(go(path, false)).toEqual({ kind: 'allow' });
    }
  });

  it('sends visitors without a token to login and forgets any stale session', () => {
    expect(go('/home/index', false)).toEqual({ kind: 'redirect', to: '/login', logout: true });
    expect(go('/publichealthwork/index', false)).toEqual({ kind: 'redirect', to: '/login', logout: true });
  });

  it('lets a logged-in user in and sends unknown paths to 404', () => {
    expect(go('/home/index', true)).toEqual({ kind: 'allow' });
    expect(go('/no/such/page', true)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('logs out a user who opens the login page, unless another system hands them over', () => {
    expect(go('/login', true)).toEqual({ kind: 'allow', logout: true });
    expect(go('/login', true, { search: '?target=_blank' })).toEqual({ kind: 'redirect', to: '/' });
    expect(go('/login', true, { search: 'auth-header=abc' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('logs out a session still holding several departments, roles or teams in switch mode', () => {
    expect(go('/home/index', true, { user: { dept_id: '11,12', role_id: '21' } })).toEqual({ kind: 'redirect', to: '/login', logout: true });
    expect(go('/home/index', true, { user: { dept_id: '11', role_id: '21', team_id: '31,32' } })).toMatchObject({ to: '/login' });
    expect(go('/home/index', true, { user: { dept_id: '11,12' }, switchMode: false })).toEqual({ kind: 'allow' });
  });
});

describe('pageTitle', () => {
  it('titles the login page 登录 alone and other pages with the system title', () => {
    expect(pageTitle('/login', 'zh')).toBe('登录');
    expect(pageTitle('/login/his', 'zh')).toBe('登录');
    expect(pageTitle('/home/index', 'zh')).toBe('首页 - 智慧公卫工作系统');
    expect(pageTitle('/home/index', 'en')).toBe('Home - Smart Public Health Work System');
    expect(pageTitle('/404', 'zh')).toBe('页面不存在 - 智慧公卫工作系统');
  });
});
