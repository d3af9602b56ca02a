import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { bearerToken } from '../../http/auth-guard';
import { SIGNED_IN, type RouteAccess } from '../../http/route-access';
import { fieldOf } from '../../http/request-values';
import { AdminIdList, Id, paging, text } from '../../http/route-schemas';
import { findTenant } from '../../auth/index';
import { clientDetail, clientList, grantTypes, removeClients, submitClient } from '../services/client-admin';
import { idList } from '../../forms/index';
import {
  listTenants,
  parseExpireTime,
  removeTenants,
  settingTenants,
  submitTenant,
  checkTenantDialog,
  tenantDetail,
  tenantInfoByDomain,
  tenantInfoList,
} from '../services/tenant-admin';
import { orgAnswers as answers } from '../../../src/shared/contract/org';

const optional = Type.Optional;

/** 租户管理 and its buttons: seeded for the platform administrator (role 1200) only; the services also require tenant 000000. */
const TENANTS: RouteAccess = { permission: 'tenant' };
const TENANT_DELETE: RouteAccess = { permission: 'tenant_delete' };
const TENANT_SETTING: RouteAccess = { permission: 'tenant_edit' };
/**
 * 应用管理: platform-wide rows, so gated like the platform's own menu 租户管理 — the seed grants the
 * tenant administrators 应用管理 too (role 2201), and a menu they hold must not open the platform's
 * clients to them. The services require tenant 000000 as well.
 */
const CLIENTS: RouteAccess = { permission: 'tenant' };
const CLIENT_DELETE: RouteAccess = { permission: 'tenant_delete' };

const listQuery = { querystring: Type.Object(paging()) };
const idQuery = { querystring: Type.Object({ id: Id }) };
const idsQuery = { querystring: Type.Object({ ids: optional(AdminIdList) }) };

const tenantBody = Type.Object({
  id: optional(Type.String({ maxLength: 40, pattern: '^[0-9]*$' })),
  tenantId: optional(Type.String({ maxLength: 6, pattern: '^([0-9]{6})?$' })),
  // Required by the dialog's form (checkTenantDialog), with its message.
  tenantName: optional(text(50)),
  domain: optional(Type.String({ maxLength: 255, pattern: '^[A-Za-z0-9.:-]*$' })),
  linkman: optional(text(50)),
  contactNumber: optional(Type.String({ maxLength: 20, pattern: '^[0-9+() -]*$' })),
  address: optional(text(255)),
  regionCode: optional(Type.String({ maxLength: 12, pattern: '^[0-9]*$' })),
  accountNumber: optional(Type.Integer({ minimum: -1, maximum: 1_000_000 })),
  expireTime: optional(text(19)),
  rowVersion: optional(Type.Integer({ minimum: 0 })),
});

// BladeX's screen sends the setting as query parameters (ids plus the setting's fields).
const settingQuery = Type.Object({
  ids: optional(AdminIdList),
  accountNumber: optional(Type.Integer({ minimum: -1, maximum: 1_000_000 })),
  expireTime: optional(text(19)),
});

const clientBody = Type.Object({
  id: optional(Type.String({ maxLength: 40, pattern: '^[0-9]*$' })),
  clientId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  scope: optional(Type.String({ maxLength: 255 })),
  authorizedGrantTypes: Type.String({ minLength: 1, maxLength: 255 }),
  accessTokenValidity: optional(Type.Union([Type.Integer({ minimum: 60, maximum: 30 * 24 * 3600 }), Type.Null()])),
  refreshTokenValidity: optional(Type.Union([Type.Integer({ minimum: 60, maximum: 365 * 24 * 3600 }), Type.Null()])),
  webServerRedirectUri: optional(Type.String({ maxLength: 1000 })),
  status: optional(Type.Integer({ minimum: 0, maximum: 1 })),
  rowVersion: optional(Type.Integer({ minimum: 0 })),
  // 应用管理's dialog sends its choice 0/1 (schemas/adminclient.json); a script may send true/false.
  resetSecret: optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })])),
});

/** `ids` of a remove or setting call: query string or body, as BladeX sends either. */
const idsOf = (query: { ids?: string }, body: unknown) => idList(String(query.ids ?? fieldOf(body, 'ids') ?? ''));

/** blade-system: tenants (租户管理) and OAuth clients (应用管理), spec 002 §7. */
export const tenantClientAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // --- tenant ---------------------------------------------------------------------------------

    // The login page asks before anyone signs in (public); a signed-in caller without a domain gets
    // its own institution, as before. Only what the login page and the shell show: no contact, no licence.
    app.get(
      '/blade-system/tenant/info',
      {
        config: { public: true },
        schema: { response: { 200: answers.tenantInfo }, querystring: Type.Object({ domain: optional(Type.String({ maxLength: 255 })) }) },
      },
      async (request) => {
        const domain = request.query.domain?.trim();
        if (domain) return ok(await tenantInfoByDomain(deps, domain));
        const token = bearerToken(request);
        const claims = token ? await deps.tokens.verifyAccess(token) : null;
        if (!claims) throw badRequest('参数[domain]不能为空');
        const tenant = await findTenant(deps.db, claims.tenant_id);
        if (!tenant) throw notFound('租户ID未找到');
        return ok({
          id: tenant.id,
          tenantId: tenant.tenant_id,
          tenantName: tenant.tenant_name,
          regionCode: tenant.region_code ?? '',
          isRoot: tenant.is_root,
        });
      },
    );

    app.get(
      '/blade-system/tenant/list-info',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.tenantList } } },
      async () => ok(await tenantInfoList(deps)),
    );

    app.get(
      '/blade-system/tenant/list',
      { config: { access: TENANTS }, schema: { ...listQuery, response: { 200: answers.tenantPage } } },
      async (request) => {
        const result = await listTenants(deps, request.auth, request.query);
        return ok(page(result.records, result.total, result.current, result.size));
      },
    );

    app.get(
      '/blade-system/tenant/detail',
      { config: { access: TENANTS }, schema: { ...idQuery, response: { 200: answers.tenant } } },
      async (request) => ok(await tenantDetail(deps, request.auth, request.query.id)),
    );

    app.post(
      '/blade-system/tenant/submit',
      { config: { access: TENANTS }, schema: { response: { 200: answers.tenantSaved }, body: tenantBody } },
      async (request) => {
        const b = request.body;
        await checkTenantDialog(deps, request.auth, b);
        const outcome = await submitTenant(deps, request.auth, {
          ...(b.id && { id: b.id }),
          ...(b.tenantId && { tenantId: b.tenantId }),
          ...(b.rowVersion !== undefined && { rowVersion: b.rowVersion }),
          tenantName: (b.tenantName ?? '').trim(),
          domain: (b.domain ?? '').trim().toLowerCase(),
          linkman: (b.linkman ?? '').trim(),
          contactNumber: (b.contactNumber ?? '').trim(),
          address: (b.address ?? '').trim(),
          regionCode: b.regionCode || null,
          accountNumber: b.accountNumber ?? -1,
          expireTime: parseExpireTime(b.expireTime),
        });
        return 'created' in outcome ? ok(outcome.created, '新增成功') : ok(outcome.updated, '修改成功');
      },
    );

    app.post(
      '/blade-system/tenant/remove',
      { config: { access: TENANT_DELETE }, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await removeTenants(deps, request.auth, idsOf(request.query, request.body));
        return ok(true, '删除成功');
      },
    );

    app.post(
      '/blade-system/tenant/setting',
      { config: { access: TENANT_SETTING }, schema: { response: { 200: answers.done }, querystring: settingQuery } },
      async (request) => {
        const q = request.query;
        await settingTenants(deps, request.auth, idsOf(q, request.body), {
          accountNumber: q.accountNumber ?? -1,
          expireTime: parseExpireTime(q.expireTime),
        });
        return ok(true, '操作成功');
      },
    );

    // --- client ---------------------------------------------------------------------------------

    app.get(
      '/blade-system/client/list',
      { config: { access: CLIENTS }, schema: { ...listQuery, response: { 200: answers.clientPage } } },
      async (request) => {
        const result = await clientList(deps, request.auth, request.query);
        return ok(page(result.records, result.total, result.current, result.size));
      },
    );

    app.get(
      '/blade-system/client/detail',
      { config: { access: CLIENTS }, schema: { ...idQuery, response: { 200: answers.client } } },
      async (request) => ok(await clientDetail(deps, request.auth, request.query.id)),
    );

    app.post(
      '/blade-system/client/submit',
      { config: { access: CLIENTS }, schema: { response: { 200: answers.clientSaved }, body: clientBody } },
      async (request) => {
        const b = request.body;
        const saved = await submitClient(deps, request.auth, {
          ...(b.id && { id: b.id }),
          ...(b.rowVersion !== undefined && { rowVersion: b.rowVersion }),
          ...((b.resetSecret === true || b.resetSecret === 1) && { resetSecret: true }),
          clientId: b.clientId,
          scope: (b.scope ?? '').trim() || 'all',
          authorizedGrantTypes: grantTypes(b.authorizedGrantTypes),
          accessTokenValidity: b.accessTokenValidity ?? null,
          refreshTokenValidity: b.refreshTokenValidity ?? null,
          webServerRedirectUri: (b.webServerRedirectUri ?? '').trim(),
          status: b.status ?? 1,
        });
        return ok(saved, b.id ? '修改成功' : '新增成功');
      },
    );

    app.post(
      '/blade-system/client/remove',
      { config: { access: CLIENT_DELETE }, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await removeClients(deps, request.auth, idsOf(request.query, request.body));
        return ok(true, '删除成功');
      },
    );
  };
