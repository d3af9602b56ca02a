import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows a database call may touch, carried through each request by AsyncLocalStorage so the
 * repositories keep taking a plain `db` (no signature changed). The scoped driver
 * (tenant-rls-driver.ts) reads it when a statement or transaction starts.
 *
 * - `tenant`: an authenticated request; row-level security shows only that tenant's rows.
 * - `system`: work that legitimately spans tenants — login lookups on the public routes, the auth
 *   guard's session check, and the few named routes in tenant-rls-hooks.ts. The name says why.
 *
 * Code outside any request (migrations, seed, start-up imports, scripts, tests reading the
 * database directly) has no scope and counts as the server's own system work. Every HTTP request
 * gets a scope in its first hook, so request code never runs unscoped.
 */
export type TenantScope = { kind: 'tenant'; tenantId: string } | { kind: 'system'; name: string };

/** Mutable per request: the guard's system scope becomes the caller's tenant once they are known. */
export interface ScopeHolder {
  scope: TenantScope;
  /** The connection this flow holds inside an explicit transaction (PGlite only; see the driver). */
  held?: unknown;
}

export const scopeStorage = new AsyncLocalStorage<ScopeHolder>();

/** Holder for work outside any request, shared by that work. */
export const outsideRequests: ScopeHolder = { scope: { kind: 'system', name: 'server' } };

export function currentHolder(): ScopeHolder {
  return scopeStorage.getStore() ?? outsideRequests;
}

/** The settings a statement runs with: the tenant it may see, or the system bypass. */
export function currentSettings(): { tenantId: string; bypass: boolean } {
  const { scope } = currentHolder();
  return scope.kind === 'tenant' ? { tenantId: scope.tenantId, bypass: false } : { tenantId: '', bypass: true };
}

/** Runs `work` as one tenant (scripts, benchmarks, tests); inside it the database shows that tenant only. */
export function withTenant<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  return scopeStorage.run({ scope: { kind: 'tenant', tenantId } }, work);
}

/**
 * Runs `work` as named system work, seeing every tenant. Inside a request, use it only for what a
 * tenant may legitimately read across tenants, and not inside an open transaction.
 */
export function asSystem<T>(name: string, work: () => Promise<T>): Promise<T> {
  return scopeStorage.run({ scope: { kind: 'system', name } }, work);
}
