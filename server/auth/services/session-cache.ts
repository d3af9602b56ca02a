import type { AccessClaims } from './tokens';

/** What the auth guard needs of a live session row. */
export interface CachedSession {
  tenantId: string;
  id: string;
  /** When this process last marked the session as seen (epoch ms), or null if never. */
  lastSeenAt: number | null;
  /** When the tenant's licence ends (epoch ms), or null for none: checked against the clock on every call. */
  tenantExpiresAt: number | null;
}

export interface SessionCacheOptions {
  /** How long a session read from the database is believed without reading it again (ms). */
  ttlMs?: number;
  /** How many sessions (and as many verified tokens) are kept; the least recently used go first. */
  max?: number;
}

/** ≤ this long, a session revoked by another process (or by SQL) still answers here. */
export const SESSION_CACHE_TTL_MS = 5_000;
export const SESSION_CACHE_MAX = 5_000;

interface SessionEntry {
  session: CachedSession;
  /** When it was read from the database. */
  readAt: number;
}

interface TokenEntry {
  claims: AccessClaims;
  /** The token's `exp`, in epoch seconds. */
  exp: number;
}

/** A Map used as an LRU: a hit moves the key to the end, an insert past `max` drops the first. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

const sessionKey = (tenantId: string, id: string) => `${tenantId}\u0000${id}`;

/**
 * Live sessions and verified access tokens kept in memory, so the auth guard does not read the
 * session row (BEGIN + scope, SELECT, COMMIT: three round trips on PostgreSQL) and verify the JWT's
 * HMAC on every request.
 *
 * - A session is kept by tenant **and** id, and looked up with the tenant and id of the verified
 *   token: an entry never answers for a token of another tenant.
 * - It is believed for `ttlMs` (SESSION_CACHE_TTL_MS, 5 s), then read again. A revocation in this
 *   process (logout, refresh-token replay, department/role or tenant switch) drops it at once
 *   (`revoke`), and a read that was under way when it happened is not kept (generation check), so
 *   the revoked session answers no later request. A revocation by another process sharing the
 *   database is seen here within `ttlMs`.
 * - A verified token is kept by its exact text until its `exp`: the same text passed the signature
 *   check before, and `exp` is still checked against the clock on every use.
 * - Both are bounded (`max`, least recently used out first).
 */
export class SessionCache {
  readonly ttlMs: number;
  readonly max: number;
  private readonly sessions: Lru<SessionEntry>;
  private readonly tokens: Lru<TokenEntry>;
  /** Bumped by every revocation or clear: a read begun before it must not be kept. */
  private generation = 0;

  constructor(
    private readonly now: () => number,
    options: SessionCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.max = options.max ?? SESSION_CACHE_MAX;
    this.sessions = new Lru(this.max);
    this.tokens = new Lru(this.max);
  }

  /** The claims of a token verified before, if it has not expired since. */
  claims(token: string): AccessClaims | undefined {
    const entry = this.tokens.get(token);
    if (!entry) return undefined;
    // jose's own rule: a token is expired once exp <= now (seconds, no tolerance).
    if (entry.exp <= Math.floor(this.now() / 1000)) {
      this.tokens.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  rememberClaims(token: string, claims: AccessClaims): void {
    const exp = (claims as AccessClaims & { exp?: unknown }).exp;
    if (typeof exp === 'number') this.tokens.set(token, { claims, exp });
  }

  /** A live session read less than ttlMs ago. */
  session(tenantId: string, id: string): CachedSession | undefined {
    const key = sessionKey(tenantId, id);
    const entry = this.sessions.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.readAt >= this.ttlMs) {
      this.sessions.delete(key);
      return undefined;
    }
    return entry.session;
  }

  /** Call before reading a session from the database; pass the result to `remember`. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps a live session just read, unless a revocation or clear happened since `ticket`. */
  remember(session: CachedSession, ticket: number): void {
    if (ticket !== this.generation) return;
    this.sessions.set(sessionKey(session.tenantId, session.id), { session, readAt: this.now() });
  }

  /** The session was revoked in this process: it must not answer again. Call after the revocation is committed. */
  revoke(tenantId: string, id: string): void {
    this.generation++;
    this.sessions.delete(sessionKey(tenantId, id));
  }

  /** Forgets the sessions of the given tenants ('*' for all), e.g. at 清除缓存. */
  clear(tenantIds: string[]): void {
    this.generation++;
    if (tenantIds.includes('*')) {
      this.sessions.clear();
      return;
    }
    const prefixes = tenantIds.map((t) => `${t}\u0000`);
    for (const key of [...this.sessions.keys()]) if (prefixes.some((p) => key.startsWith(p))) this.sessions.delete(key);
  }

  /** Entries kept (sessions, tokens), for tests. */
  get size(): { sessions: number; tokens: number } {
    return { sessions: this.sessions.size, tokens: this.tokens.size };
  }
}
