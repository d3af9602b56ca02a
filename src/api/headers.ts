import { ROOT_TENANT_ID } from '../shared/config';
import { isSingleId } from '../shared/ids';
import type { RequestMeta } from './request-meta';

/** Client credentials saber:saber_secret, sent on the oauth endpoints (spec §7). */
export const BASIC_CLIENT_AUTH = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';

/** Pages whose calls act on another tenant's data when a tenant target is set. */
const TENANT_TARGET_PAGES = ['/publichealthwork/ipad', '/publichealthwork/maternal', '/publichealthwork/detail'];

export interface HeaderContext {
  /** The request url (path, possibly with a query). */
  url: string;
  /** The browser page the request is made from (location.pathname). */
  pagePath: string;
  accessToken?: string;
  refreshToken?: string;
  account?: string;
  tenantId?: string;
  userId?: string;
  deptId?: string;
  roleId?: string;
  teamId?: string;
  tenantGroup?: string;
  switchMode: boolean;
  tenantTarget?: string;
  meta?: RequestMeta;
}

/**
 * Every header the request layer adds, from the request and the session alone (spec 000 §7).
 * Pure so each rule can be tested without a browser or a network.
 */
export function buildRequestHeaders(ctx: HeaderContext): Record<string, string> {
  const headers: Record<string, string> = { 'REQ-SOURCE': 'GW' };
  const meta = ctx.meta ?? {};

  if (ctx.url.includes('/blade-auth/oauth/')) headers.Authorization = BASIC_CLIENT_AUTH;
  if (ctx.accessToken) headers['Blade-Auth'] = `bearer ${ctx.accessToken}`;
  if (meta.withRefreshToken && ctx.refreshToken) headers['Blade-Refresh'] = ctx.refreshToken;
  if (meta.withAccount && ctx.account) headers['Blade-Account'] = ctx.account;

  // Several comma-joined ids mean the user has not chosen yet; sending them would be ambiguous.
  if (isSingleId(ctx.deptId)) headers['Dept-Id'] = ctx.deptId;
  if (isSingleId(ctx.roleId)) headers['Role-Id'] = ctx.roleId;
  if (isSingleId(ctx.teamId)) headers['Team-Id'] = ctx.teamId;

  // The root tenant sees across tenants; naming it as the acting tenant would narrow that.
  if (ctx.tenantId && ctx.tenantId !== ROOT_TENANT_ID) headers['Mtenant-Id'] = ctx.tenantId;

  if (ctx.switchMode) {
    if (ctx.userId) headers['Muser-Id'] = ctx.userId;
    if (ctx.tenantGroup) headers['Tenant-Group'] = ctx.tenantGroup;
  }

  if (ctx.tenantTarget && TENANT_TARGET_PAGES.some((p) => ctx.pagePath.includes(p))) {
    headers['Tenant-Target'] = ctx.tenantTarget;
  }

  if (meta.tenantIgnore === 0 || meta.tenantIgnore === 1) headers['Tenant-Ignore'] = String(meta.tenantIgnore);
  if (meta.textPlain) headers['Content-Type'] = 'text/plain';

  return headers;
}
