import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, storeLogin } from '../../api/session';
import { addTab } from './tab-rules';
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
});
