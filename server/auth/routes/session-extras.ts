import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ApiError, forbidden, ok } from '../../http/envelope';
import { announceSessionsCleared } from '../services/session-revocation';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import { countOnline } from '../repositories/sessions';
import { listSwitchableTenants } from '../repositories/user-links';
import { findUserById } from '../repositories/users';
import { ADMINISTRATORS, OBSERVER_SWITCH, SIGNED_IN } from '../../http/route-access';
import { authAnswers as answers, type TenantOption } from '../../../src/shared/contract/auth';

const ONLINE_WINDOW_MS = 5 * 60 * 1000;

// Digits, '' allowed (the shell sends empty parameters).
const digits = (maxLength: number) => Type.Optional(Type.String({ maxLength, pattern: '^[0-9]*$' }));
const regionQuery = { querystring: Type.Object({ userId: digits(32), regionCode: digits(12) }), response: { 200: answers.tenantOptions } };
const tenantIdsQuery = {
  querystring: Type.Object({ tenantIds: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' })) }),
  response: { 200: answers.cacheCleared },
};
const onlineQuery = { querystring: Type.Object({ tenantId: digits(12) }), response: { 200: answers.onlineCount } };
const tenantsAnswer = { response: { 200: answers.tenantOptions } };
const noAnswer = { response: { 200: answers.none } };

/**
 * What the shell polls or offers beside the login: tenants for the organisation switch, the online
 * count, the cache clear, and single sign-on (answering plainly that none is configured).
 */
export const sessionExtraRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tenantOptions = async (auth: { tenant_id: string; user_id: string }, regionPrefix?: string): Promise<TenantOption[]> => {
      const user = await findUserById(deps.db, auth.tenant_id, auth.user_id);
      if (!user) return [];
      const rows = await listSwitchableTenants(deps.db, user, regionPrefix);
      return rows.map((r) => ({
        tenantId: r.tenant_id,
        tenantName: r.tenant_name,
        account: r.account,
        deptId: r.dept_id,
        roleId: r.role_id,
        teamId: r.team_id,
        current: r.tenant_id === auth.tenant_id,
      }));
    };

    const administratorTenants = async (request: { auth: { tenant_id: string; user_id: string; role_alias: string } }) => {
      if (request.auth.role_alias !== 'administrator') throw forbidden('仅管理员可切换机构');
      return ok(await tenantOptions(request.auth));
    };
    const diseaseControlTenants = async (request: {
      query: Static<typeof regionQuery.querystring>;
      auth: { tenant_id: string; user_id: string; role_alias: string };
    }) => {
      if (!['disease_control', 'hospital_management'].includes(request.auth.role_alias)) throw forbidden('仅疾控或医管人员可切换机构');
      const { regionCode } = request.query;
      // The region narrows to the city (first four digits) so a county user sees the whole city.
      return ok(await tenantOptions(request.auth, regionCode ? regionCode.slice(0, 4) : undefined));
    };
    app.get(
      '/blade-system/menu/listAdministratorInfo',
      { config: { access: ADMINISTRATORS }, schema: tenantsAnswer },
      administratorTenants,
    );
    app.get(
      '/blade-system/tenant/list-administrator-info',
      { config: { access: ADMINISTRATORS }, schema: tenantsAnswer },
      administratorTenants,
    );
    app.get(
      '/blade-system/menu/listDiseaseControlInfo',
      { config: { access: OBSERVER_SWITCH }, schema: regionQuery },
      diseaseControlTenants,
    );
    app.get(
      '/blade-system/tenant/list-diseasecontrol-info',
      { config: { access: OBSERVER_SWITCH }, schema: regionQuery },
      diseaseControlTenants,
    );

    app.get('/blade-user/list-on-line-number', { config: { access: SIGNED_IN }, schema: onlineQuery }, async (request) => {
      const { tenantId } = request.query;
      // Only the root tenant may count another tenant's users.
      const tenant = request.auth.tenant_id === ROOT_TENANT && tenantId ? tenantId : request.auth.tenant_id;
      // The guard marks the caller as seen beside the request: the count must include that mark.
      await request.sessionTouched;
      return ok(await countOnline(deps.db, tenant, new Date(deps.now() - ONLINE_WINDOW_MS)));
    });

    app.get('/blade-auth/oauth/clear-cache', { config: { access: SIGNED_IN }, schema: tenantIdsQuery }, async (request) => {
      const { tenantIds } = request.query;
      const asked = (tenantIds ?? '').split(',').filter(Boolean);
      // The root tenant clears the tenants it names (all when none); others only their own.
      const cleared = request.auth.tenant_id === ROOT_TENANT ? (asked.length ? asked : ['*']) : [request.auth.tenant_id];
      deps.caches.clear(cleared);
      deps.sessions.clear(cleared);
      // The caches' clear is announced by deps.caches itself; the kept sessions of the other processes go too.
      await announceSessionsCleared(deps, cleared);
      return ok({ cleared }, '清除完毕');
    });

    const ssoNotConfigured = async () => {
      throw new ApiError(501, '单点登录未配置：本系统未接入单点登录服务，请使用账号密码登录');
    };
    app.get('/blade-user/sso/yunan/get-token-by-ticket/:a/:b', { config: { public: true }, schema: noAnswer }, ssoNotConfigured);
    app.post('/blade-user/sso/yunan/login/:x', { config: { public: true }, schema: noAnswer }, ssoNotConfigured);
    app.get('/blade-user/sso/yunan/logout', { config: { access: SIGNED_IN }, schema: noAnswer }, ssoNotConfigured);
  };
