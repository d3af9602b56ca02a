// Api scopes at the route guard (http/route-access.ts). An api scope is a path pattern on a menu
// (`/blade-user/**`: `**` any part of a path, `*` one segment's text); a path that any live api
// scope covers may be called only by roles granted one of the scopes covering it (role/grant
// apiScopeIds) — on top of the route's own access. Paths no scope covers are unaffected.
//
// This runs on every request, so nothing here reads the database per request: the live patterns
// are kept for API_SCOPE_TTL_MS (in deps.caches under the platform tenant, cleared by every scope
// change, announced to the other processes), which scopes cover a route is kept with them, and a
// role's granted api scopes are read only for a covered path, then kept per tenant and role like
// the route grants. A path without a covering scope costs two map lookups.
import { type AccessClaims, splitIds } from '../../auth/index';
import type { AppDeps } from '../../app-deps';
import { PLATFORM_TENANT } from '../../db/tenant-rls';
import { asSystem } from '../../db/tenant-scope';
import { apiScopePatterns, grantedApiScopeIds } from '../repositories/scope-rules';

/** How long the api scopes and a role's grants of them are believed without reading them again (ms), as the route grants. */
export const API_SCOPE_TTL_MS = 5_000;

/**
 * Paths an api scope may not cover: signing in and out, and the screens that grant and edit
 * scopes — a pattern over them could lock every administrator out of undoing it.
 */
export const PROTECTED_PATHS: readonly string[] = [
  '/blade-auth/oauth/token',
  '/blade-auth/oauth/logout',
  '/blade-auth/oauth/user-info',
  '/blade-system/menu/routes',
  '/blade-system/menu/buttons',
  '/blade-system/menu/list',
  '/blade-system/menu/grant-tree',
  '/blade-system/menu/role-tree-keys',
  '/blade-system/role/list',
  '/blade-system/role/grant',
  '/blade-system/api-scope/list',
  '/blade-system/api-scope/submit',
  '/blade-system/api-scope/remove',
];

/** A scope path as a RegExp over route paths (without /api); undefined when it is not a path pattern. */
export function compileApiPattern(path: string): RegExp | undefined {
  const bare = path.trim().replace(/^\/api(?=\/)/, '');
  if (!/^\/[A-Za-z0-9_\-./*:]*$/.test(bare) || bare.length > 200) return undefined;
  const body = bare
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

interface KeptPatterns {
  at: number;
  scopes: { id: string; pattern: RegExp }[];
  /** route path → ids of the scopes covering it, worked out once per route. */
  byRoute: Map<string, string[]>;
}

const PATTERNS_KEY = 'api-scope patterns';

async function keptPatterns(deps: AppDeps): Promise<KeptPatterns> {
  const now = deps.now();
  const hit = deps.caches.get(PLATFORM_TENANT, PATTERNS_KEY) as KeptPatterns | undefined;
  if (hit && now - hit.at < API_SCOPE_TTL_MS) return hit;
  // Before the tenant scope is entered (onRequest): platform rows, the guard's own named system read.
  const rows = await asSystem('route access: api scopes', () => apiScopePatterns(deps.db));
  const scopes = rows.flatMap((r) => {
    const pattern = compileApiPattern(r.scope_path);
    return pattern ? [{ id: r.id, pattern }] : [];
  });
  const kept: KeptPatterns = { at: now, scopes, byRoute: new Map() };
  deps.caches.set(PLATFORM_TENANT, PATTERNS_KEY, kept);
  return kept;
}

async function grantedScopes(deps: AppDeps, auth: AccessClaims): Promise<Set<string>> {
  const key = `api-scope grants ${auth.role_id}`;
  const now = deps.now();
  const hit = deps.caches.get(auth.tenant_id, key) as { ids: string[]; at: number } | undefined;
  if (hit && now - hit.at < API_SCOPE_TTL_MS) return new Set(hit.ids);
  const roleIds = splitIds(auth.role_id);
  const ids =
    roleIds.length === 0
      ? []
      : await asSystem('route access: api scope grants', () => grantedApiScopeIds(deps.db, auth.tenant_id, roleIds));
  deps.caches.set(auth.tenant_id, key, { ids, at: now });
  return new Set(ids);
}

/** Whether the caller's roles may call the route `routePath` (fastify's route url, e.g. `/blade-user/page`) as far as api scopes go. */
export async function apiScopeAllows(deps: AppDeps, auth: AccessClaims, routePath: string): Promise<boolean> {
  const kept = await keptPatterns(deps);
  if (kept.scopes.length === 0) return true;
  let covering = kept.byRoute.get(routePath);
  if (!covering) {
    covering = kept.scopes.filter((s) => s.pattern.test(routePath)).map((s) => s.id);
    kept.byRoute.set(routePath, covering);
  }
  if (covering.length === 0) return true;
  const granted = await grantedScopes(deps, auth);
  return covering.some((id) => granted.has(id));
}
