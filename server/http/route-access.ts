import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { type AccessClaims, splitIds } from '../auth/index';
import { asSystem } from '../db/tenant-scope';
import { roleMenuCodes, apiScopeAllows } from '../access/index';
import { forbidden } from './envelope';

/**
 * Who may call a route (issue 22 §3), declared in the route's options next to its schema:
 * `{ config: { access: … }, schema: … }`. The vocabulary is the product's own:
 * - `'signed-in'`: any user of the tenant (own profile, menus, dictionaries, form definitions);
 * - `{ roles: [...] }`: the seeded role aliases (role_alias), for work that belongs to a role
 *   whatever the menus say — administration is the administrators' (spec 002 §6);
 * - `{ permission: code }`: a menu or button code granted to the caller's role (blade_role_menu),
 *   the BladeX model the archive screens already follow (spec 001 §6) — a tenant that grants a
 *   menu to another role opens its routes to it without a code change; a list of codes: any of them
 *   (a screen's choices read by another screen, e.g. the role names in 用户管理's dialog);
 * The three public routes of the login screen keep `config: { public: true }` (read by the auth
 * guard and the tenant scope); that is their declaration.
 */
export type RouteAccess = 'signed-in' | { roles: readonly RoleAlias[] } | { permission: string | readonly string[] };

export type RoleAlias = 'administrator' | 'doctor' | 'nurse' | 'team_leader' | 'disease_control' | 'hospital_management';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; every non-public API route must say (see route-access.ts). */
    access?: RouteAccess;
  }
}

export const SIGNED_IN: RouteAccess = 'signed-in';
/** Administration (dictionaries, parameters, forms, users, the security log): administrators only. */
export const ADMINISTRATORS: RouteAccess = { roles: ['administrator'] };
/** Residents' archives and everything recorded on them (follow-ups, screenings, vouchers): the menu 居民健康档案. */
export const ARCHIVE_WORK: RouteAccess = { permission: 'publichealthwork' };
/** Creating and editing an archive: the button 新增档案. */
export const ARCHIVE_EDIT: RouteAccess = { permission: 'archive_add' };
/** Cancelling and restoring an archive: the button 注销档案. */
export const ARCHIVE_CANCEL: RouteAccess = { permission: 'archive_cancel' };
/** The organisation switch of disease-control and hospital-management users (spec 000). */
export const OBSERVER_SWITCH: RouteAccess = { roles: ['disease_control', 'hospital_management'] };

export const NO_PERMISSION = '您没有权限执行此操作';

/** 'admin' is how some tenants spell the administrator alias (forms/services/form-access.ts). */
const aliasesOf = (auth: AccessClaims): Set<string> =>
  new Set(
    auth.role_alias
      .split(',')
      .map((alias) => alias.trim())
      .map((alias) => (alias === 'admin' ? 'administrator' : alias)),
  );

/** How long a role's menu and button codes are believed without reading them again (ms), like the archive permissions. */
const GRANTS_TTL_MS = 5_000;

async function grantedCodes(deps: AppDeps, auth: AccessClaims): Promise<ReadonlySet<string>> {
  const key = `route-access grants ${auth.role_id}`;
  const now = deps.now();
  const hit = deps.caches.get(auth.tenant_id, key) as { codes: ReadonlySet<string>; at: number } | undefined;
  if (hit && now - hit.at < GRANTS_TTL_MS) return hit.codes;
  const roleIds = splitIds(auth.role_id);
  // Before the tenant scope is entered (onRequest): its own named system work, limited to the caller's tenant's roles by hand.
  const codes =
    roleIds.length === 0 ? [] : await asSystem('route access: role grants', () => roleMenuCodes(deps.db, auth.tenant_id, roleIds));
  // Kept as the set every permission-gated request asks (a new set per request was its cost).
  const granted: ReadonlySet<string> = new Set(codes);
  deps.caches.set(auth.tenant_id, key, { codes: granted, at: now });
  return granted;
}

export async function mayCall(deps: AppDeps, auth: AccessClaims, access: RouteAccess): Promise<boolean> {
  if (access === 'signed-in') return true;
  if ('roles' in access) {
    const aliases = aliasesOf(auth);
    return access.roles.some((role) => aliases.has(role));
  }
  const granted = await grantedCodes(deps, auth);
  return typeof access.permission === 'string' ? granted.has(access.permission) : access.permission.some((code) => granted.has(code));
}

const routeName = (method: string | string[], url: string) => `${Array.isArray(method) ? method.join(',') : method} ${url}`;

/**
 * A route without a declaration does not start: registering it throws, so the server (and every
 * test) fails at once instead of serving a route nobody decided about. Then, after the auth guard
 * and before the body is even parsed, a caller whose role does not satisfy the declaration gets
 * 403 — the refusal does not depend on what was sent, and nothing of the input is read for a
 * caller who may not call. Register after registerAuthGuard (hooks run in order).
 */
export function registerRouteAccess(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.public) return;
    if (!route.config?.access)
      throw new Error(`路由 ${routeName(route.method, route.url)} 没有声明访问权限（config.access，见 server/http/route-access.ts）`);
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const { config } = request.routeOptions;
    // No access on a matched route cannot happen (onRoute); the 404 handler has neither.
    if (config.public || !config.access) return;
    if (!(await mayCall(deps, request.auth, config.access))) throw forbidden(NO_PERMISSION);
    // Api scopes (接口权限): a path an api scope covers is for the roles granted it — kept in memory, no query per request.
    if (!(await apiScopeAllows(deps, request.auth, request.routeOptions.url ?? ''))) throw forbidden(NO_PERMISSION);
  });
}
