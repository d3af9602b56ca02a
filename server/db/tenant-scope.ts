import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows a database call may touch, carried through each flow by AsyncLocalStorage so the
 * repositories keep taking a plain `db` (no signature changed). The scoped driver
 * (scoped-driver.ts) reads it when a statement or transaction starts.
 *
 * - `tenant`: an authenticated request, or `withTenant`; row-level security shows only that
 *   tenant's rows.
 * - `system`: work that legitimately spans tenants, always named — login lookups on the public
 *   routes, the auth guard's session check, the few named routes in tenant-rls-hooks.ts, and the
 *   server's own tasks (migrations, seed, the forms import at start, scripts) through `asSystem`.
 *
 * **Deny by default**: a statement on the app's database outside any scope throws
 * NoTenantScopeError instead of running unscoped, so code that lost its request (a timer, a
 * callback that escaped the async context, a new start-up task) cannot read every tenant by
 * accident. Every HTTP request gets a scope in its first hook (tenant-rls-hooks.ts).
 */
export type TenantScope = { kind: 'tenant'; tenantId: string } | { kind: 'system'; name: string };

/**
 * Mutable per request: the guard's system scope becomes the caller's tenant once they are known.
 * Also the flow's identity for PGlite's session lock (pglite-session-lock.ts).
 */
export interface ScopeHolder {
  scope: TenantScope;
}

/** What a transaction's statements run with: the tenant they may see, or the system bypass. */
export interface ScopeSettings {
  tenantId: string;
  bypass: boolean;
}

export const scopeStorage = new AsyncLocalStorage<ScopeHolder>();

/** A statement on the app's database with no scope: a programming error, not a user's. */
export class NoTenantScopeError extends Error {
  constructor() {
    super('tenant scope: a statement ran outside any scope; run it inside withTenant(tenantId, fn), or asSystem(name, fn) for system work');
    this.name = 'NoTenantScopeError';
  }
}

/** The scope holder of this flow, if any. */
export function currentHolder(): ScopeHolder | undefined {
  return scopeStorage.getStore();
}

/**
 * The settings a statement runs with; outside any scope, those of the system work named
 * `unscoped` when given (test-support's view of the database: db/open.ts `unscopedAs`), else
 * NoTenantScopeError.
 */
export function currentSettings(unscoped?: string): ScopeSettings {
  const holder = scopeStorage.getStore();
  if (!holder && unscoped === undefined) throw new NoTenantScopeError();
  const scope: TenantScope = holder?.scope ?? { kind: 'system', name: unscoped ?? '' };
  return scope.kind === 'tenant' ? { tenantId: scope.tenantId, bypass: false } : { tenantId: '', bypass: true };
}

/** Runs `work` as one tenant (scripts, benchmarks, tests); inside it the database shows that tenant only. */
export function withTenant<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  return scopeStorage.run({ scope: { kind: 'tenant', tenantId } }, work);
}

/**
 * Runs `work` as named system work, seeing every tenant. Inside a request, use it only for what a
 * tenant may legitimately read across tenants, and not inside an open transaction (on PGlite the
 * new scope does not know the transaction's connection and would wait for it).
 */
export function asSystem<T>(name: string, work: () => Promise<T>): Promise<T> {
  return scopeStorage.run({ scope: { kind: 'system', name } }, work);
}
