import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, storeLogin } from '../../api/session';
import { addTab, closeTab } from './tab-rules';
import { tabStore } from './tab-store';

afterEach(() => {
  tabStore.reset();
  localStorage.clear();
});

describe('tabStore', () => {
  it('starts with the first page and hands out the same snapshot while nothing changes', () => {
    expect(tabStore.get().tabs.map((t) => t.value)).toEqual(['/home/index']);
    expect(tabStore.get()).toBe(tabStore.get());
  });

  it('persists tabs under tagList / tag, so a reload keeps them', () => {
    tabStore.update((s) => addTab(s, { label: '', value: '/task/user_followup/index' }));
    expect(JSON.parse(localStorage.getItem('saber-tag') ?? 'null')).toBe('/task/user_followup/index');
    expect(JSON.parse(localStorage.getItem('saber-tagList') ?? '[]')).toHaveLength(2);
  });

  it('forgets the tabs when a login or logout clears them behind its back', () => {
    tabStore.update((s) => addTab(s, { label: '', value: '/a/index' }));
    storeLogin({ access_token: 'acc', tenant_id: '100001' });
    expect(tabStore.get().tabs.map((t) => t.value)).toEqual(['/home/index']);
    tabStore.update((s) => addTab(s, { label: '', value: '/b/index' }));
    clearSession();
    expect(tabStore.get().current).toBe('/home/index');
  });

  it('closes the current tab only once the page it moves to is reached, so a refused leave keeps the tab', () => {
    tabStore.update((s) => addTab(s, { label: '', value: '/a/index' }));
    tabStore.update((s) => addTab(s, { label: '', value: '/b/index?x=1' }));
    const change = closeTab(tabStore.get(), '/b/index?x=1', '/b/index');
    expect(change.navigateTo).toBe('/a/index');
    tabStore.closeOnArrival(change.state, change.navigateTo!);
    // The page asked first and the user stayed: no navigation, the tab is still there.
    expect(tabStore.get().tabs.map((t) => t.value)).toEqual(['/home/index', '/a/index', '/b/index?x=1']);
    // A later, unrelated navigation drops the waiting close.
    tabStore.arrived('/c/index');
    tabStore.arrived('/a/index');
    expect(tabStore.get().tabs.map((t) => t.value)).toEqual(['/home/index', '/a/index', '/b/index?x=1']);
    // Leaving allowed: the close lands on arrival.
    tabStore.closeOnArrival(change.state, '/a/index');
    tabStore.arrived('/a/index');
    expect(tabStore.get()).toEqual({
      tabs: [expect.objectContaining({ value: '/home/index' }), expect.objectContaining({ value: '/a/index' })],
      current: '/a/index',
    });
  });
});
