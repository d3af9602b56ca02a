import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';
import type { AccessClaims } from './tokens';

const claims = (tenant: string, sid: string, exp: number) => ({ tenant_id: tenant, sid, exp }) as unknown as AccessClaims;

describe('SessionCache', () => {
  it('keeps a session by tenant and id: the same id in another tenant is not found', () => {
    const cache = new SessionCache(() => 0);
    cache.remember({ tenantId: '100001', id: 's1', lastSeenAt: null, tenantExpiresAt: null }, cache.ticket());
    expect(cache.session('100001', 's1')).toMatchObject({ tenantId: '100001', id: 's1' });
    expect(cache.session('100002', 's1')).toBeUndefined();
  });

  it('believes a session for ttlMs, then asks for it to be read again', () => {
    let now = 1_000;
    const cache = new SessionCache(() => now, { ttlMs: 5_000 });
    cache.remember({ tenantId: '100001', id: 's1', lastSeenAt: null, tenantExpiresAt: null }, cache.ticket());
    now += 4_999;
    expect(cache.session('100001', 's1')).toBeDefined();
    now += 1;
    expect(cache.session('100001', 's1')).toBeUndefined();
  });

  it('forgets a revoked session at once and does not keep a read that was under way when it was revoked', () => {
    const cache = new SessionCache(() => 0);
    cache.remember({ tenantId: '100001', id: 's1', lastSeenAt: null, tenantExpiresAt: null }, cache.ticket());
    const ticket = cache.ticket(); // a request starts reading s1 from the database…
    cache.revoke('100001', 's1'); // …logout commits meanwhile
    expect(cache.session('100001', 's1')).toBeUndefined();
    cache.remember({ tenantId: '100001', id: 's1', lastSeenAt: null, tenantExpiresAt: null }, ticket); // the stale read ends
    expect(cache.session('100001', 's1')).toBeUndefined();
  });

  it('is bounded: past max entries the least recently used go first', () => {
    const cache = new SessionCache(() => 0, { max: 3 });
    for (const id of ['a', 'b', 'c']) cache.remember({ tenantId: 't', id, lastSeenAt: null, tenantExpiresAt: null }, cache.ticket());
    expect(cache.session('t', 'a')).toBeDefined(); // a is now the most recently used
    cache.remember({ tenantId: 't', id: 'd', lastSeenAt: null, tenantExpiresAt: null }, cache.ticket());
    expect(cache.size.sessions).toBe(3);
    expect(cache.session('t', 'b')).toBeUndefined();
    expect(['a', 'c', 'd'].every((id) => cache.session('t', id))).toBe(true);
    for (let i = 0; i < 10; i++) cache.rememberClaims(`token-${i}`, claims('t', String(i), 100));
    expect(cache.size.tokens).toBe(3);
    expect(cache.claims('token-0')).toBeUndefined();
    expect(cache.claims('token-9')).toBeDefined();
  });

  it('answers a verified token only until its exp', () => {
    let now = 99_000;
    const cache = new SessionCache(() => now);
    cache.rememberClaims('tok', claims('100001', 's1', 100));
    expect(cache.claims('tok')).toMatchObject({ sid: 's1' });
    now = 100_000; // exp <= now: expired, as jose decides
    expect(cache.claims('tok')).toBeUndefined();
    cache.rememberClaims('no-exp', { tenant_id: 't', sid: 'x' } as unknown as AccessClaims);
    expect(cache.claims('no-exp')).toBeUndefined();
  });

  it('clears the sessions of the tenants named, or all', () => {
    const cache = new SessionCache(() => 0);
    for (const tenantId of ['100001', '100002'])
      cache.remember({ tenantId, id: 's', lastSeenAt: null, tenantExpiresAt: null }, cache.ticket());
    cache.clear(['100001']);
    expect(cache.session('100001', 's')).toBeUndefined();
    expect(cache.session('100002', 's')).toBeDefined();
    cache.clear(['*']);
    expect(cache.size.sessions).toBe(0);
  });
});
