import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeStorage, type ScopeHolder } from './tenant-scope';
import { PLATFORM_TENANT } from './tenant-rls';

/**
 * Authenticated routes that read across tenants on purpose, each with the reason. They run as
 * system work (row-level security bypassed) when the predicate holds; every other authenticated
 * route runs scoped to the caller's tenant.
 */
const SYSTEM_ROUTES: Record<string, { why: string; when: (request: FastifyRequest) => boolean }> = {
  'GET /blade-system/menu/listAdministratorInfo': {
    why: 'organisation switch: the caller’s linked accounts in other tenants',
    when: () => true,
  },
  'GET /blade-system/tenant/list-administrator-info': {
    why: 'organisation switch: the caller’s linked accounts in other tenants',
    when: () => true,
  },
  'GET /blade-system/menu/listDiseaseControlInfo': {
    why: 'organisation switch: the caller’s linked accounts in other tenants',
    when: () => true,
  },
  'GET /blade-system/tenant/list-diseasecontrol-info': {
    why: 'organisation switch: the caller’s linked accounts in other tenants',
    when: () => true,
  },
  'GET /blade-user/list-on-line-number': {
    why: 'the platform tenant counts another tenant’s online users',
    when: (r) => r.auth.tenant_id === PLATFORM_TENANT,
  },
};

export const systemRouteNames = (): string[] => Object.keys(SYSTEM_ROUTES);

const holders = new WeakMap<FastifyRequest, ScopeHolder>();
const routeKey = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

/**
 * Gives every API request its database scope. Registered before the auth guard: the guard's own
 * session lookup and the public routes (login, captcha, public key) run as named system work; once
 * the guard has set request.auth, the request is scoped to the caller's tenant. The scope is
 * entered again in preValidation because body parsing runs on the socket's events and loses the
 * async context (the same reason @fastify/request-context rebinds there).
 */
export function registerTenantScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const publicRoute = !!request.routeOptions.config.public;
    const holder: ScopeHolder = { scope: { kind: 'system', name: publicRoute ? `public ${routeKey(request)}` : 'auth guard' } };
    holders.set(request, holder);
    scopeStorage.run(holder, () => done());
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const holder = holders.get(request);
    if (!holder) return done();
    // request.auth is set by the guard on every non-public route; public ones keep their system scope.
    if (!request.routeOptions.config.public && request.auth) {
      const system = SYSTEM_ROUTES[routeKey(request)];
      holder.scope = system?.when(request)
        ? { kind: 'system', name: `${routeKey(request)}: ${system.why}` }
        : { kind: 'tenant', tenantId: request.auth.tenant_id };
    }
    scopeStorage.run(holder, () => done());
  });
}
