// 应用管理 (spec 002 §7 client): the OAuth clients oauth/token accepts. Platform-wide rows, so the
// platform administrator's (tenant 000000) alone: a tenant that changed the web app's client would
// lock every institution out. A secret is made by the server and answered once; only its hash is kept.
import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import {
  type AccessClaims,
  hashClientSecret,
  findClient,
  findClientByClientId,
  insertClient,
  listClients,
  softDeleteClients,
  updateClient,
  type ClientRow,
  type ClientWrite,
} from '../../auth/index';
import { newId } from '../../db/ids';
import { PLATFORM_TENANT } from '../../db/tenant-rls';
import { Conflict, Forbidden, NotFound, Refusal, VersionRequired } from '../../domain/errors';
import { checkDialog, dialogValues, DIALOG_FORMS, dateTime } from '../../forms/index';

/** The grants oauth/token knows (auth/services/login-service.ts); a client may be allowed any of them. */
export const KNOWN_GRANT_TYPES = ['password', 'refresh_token', 'captcha', 'change', 'switch_tenant'] as const;

export const CLIENT_MESSAGES = {
  platformOnly: '只有平台管理员可以管理应用',
  notFound: '应用不存在',
  taken: '客户端ID已存在',
  versionMissing: '参数[rowVersion]不能为空：请先读取应用再修改',
  noIds: '请选择至少一条数据',
  lastClient: '不能删除全部应用：至少保留一个可以登录的应用',
} as const;

function requirePlatformAdmin(auth: AccessClaims): void {
  if (auth.tenant_id !== PLATFORM_TENANT) throw new Forbidden(CLIENT_MESSAGES.platformOnly);
}

/** What 应用管理 shows: never the secret (nor its hash). */
export function clientView(row: ClientRow) {
  return {
    id: row.id,
    clientId: row.client_id,
    scope: row.scope,
    authorizedGrantTypes: row.authorized_grant_types,
    accessTokenValidity: row.access_token_validity,
    refreshTokenValidity: row.refresh_token_validity,
    webServerRedirectUri: row.web_server_redirect_uri,
    status: row.status,
    rowVersion: row.row_version,
    createTime: dateTime(new Date(row.create_time)),
    updateUserName: row.update_user_name,
    updateTime: row.update_time ? dateTime(new Date(row.update_time)) : '',
  };
}

export async function clientList(deps: AppDeps, auth: AccessClaims, query: Record<string, unknown> & { current?: number; size?: number }) {
  requirePlatformAdmin(auth);
  const result = await listClients(deps.db, query);
  return { ...result, records: result.rows.map(clientView) };
}

export async function clientDetail(deps: AppDeps, auth: AccessClaims, id: string) {
  requirePlatformAdmin(auth);
  const row = await findClient(deps.db, id);
  if (!row) throw new NotFound(CLIENT_MESSAGES.notFound);
  return clientView(row);
}

/** Grant types as a clean comma list of known ones; an unknown one is refused by name. */
export function grantTypes(text: string): string {
  const types = [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (types.length === 0) throw new Refusal('参数[authorizedGrantTypes]不能为空');
  const unknown = types.find((t) => !(KNOWN_GRANT_TYPES as readonly string[]).includes(t));
  if (unknown) throw new Refusal(`不支持的授权类型[${unknown}]，可选：${KNOWN_GRANT_TYPES.join(',')}`);
  return types.join(',');
}

export interface ClientSubmit extends ClientWrite {
  id?: string;
  rowVersion?: number;
  /** On update: make a new secret (answered once), the old one stops working. */
  resetSecret?: boolean;
}

const newSecret = () => crypto.randomBytes(24).toString('base64url');

/** The fields the dialog's form checks (schemas/adminclient.json; the secret is the server's, not the form's). */
const CLIENT_FIELDS = ['clientId', 'scope', 'webServerRedirectUri', 'accessTokenValidity', 'refreshTokenValidity'] as const;

/** 新增 or 修改; answers the secret when one was made (create, or resetSecret). */
export async function submitClient(
  deps: AppDeps,
  auth: AccessClaims,
  input: ClientSubmit,
): Promise<{ id: string; clientId: string; rowVersion: number; clientSecret?: string }> {
  requirePlatformAdmin(auth);
  const now = new Date(deps.now());
  // The dialog's own form (schemas/adminclient.json + rules), with its messages; grant types are its
  // multiple choice, so a list here (the row keeps BladeX's comma-joined text).
  await checkDialog({ db: deps.db, tenantId: auth.tenant_id, now, dictionaries: deps.caches }, DIALOG_FORMS.adminClient, {
    ...dialogValues(input, CLIENT_FIELDS),
    authorizedGrantTypes: input.authorizedGrantTypes.split(',').filter(Boolean),
  });
  const clash = await findClientByClientId(deps.db, input.clientId);
  if (clash && clash.id !== input.id) throw new Refusal(CLIENT_MESSAGES.taken);
  if (!input.id) {
    const id = newId(now.getTime());
    const secret = newSecret();
    await insertClient(deps.db, { id, secretHash: hashClientSecret(secret), userId: auth.user_id, now }, input).catch((error: unknown) => {
      if (/unique|duplicate/i.test(String((error as Error)?.message))) throw new Refusal(CLIENT_MESSAGES.taken);
      throw error;
    });
    return { id, clientId: input.clientId, rowVersion: 1, clientSecret: secret };
  }
  if (input.rowVersion === undefined) throw new VersionRequired(CLIENT_MESSAGES.versionMissing);
  const current = await findClient(deps.db, input.id);
  if (!current) throw new NotFound(CLIENT_MESSAGES.notFound);
  const secret = input.resetSecret ? newSecret() : undefined;
  const updated = await updateClient(deps.db, input.id, input.rowVersion, input, {
    ...(secret && { secretHash: hashClientSecret(secret) }),
    userId: auth.user_id,
    userName: auth.real_name,
    now,
  });
  if (!updated) {
    const latest = await findClient(deps.db, input.id);
    if (!latest) throw new NotFound(CLIENT_MESSAGES.notFound);
    const updateTime = latest.update_time ? dateTime(new Date(latest.update_time)) : '';
    throw new Conflict(`应用已被${latest.update_user_name || '他人'}于${updateTime}修改，请刷新后重试`, {
      rowVersion: latest.row_version,
      updateUserName: latest.update_user_name,
      updateTime,
    });
  }
  return { id: input.id, clientId: input.clientId, rowVersion: updated.row_version, ...(secret && { clientSecret: secret }) };
}

export async function removeClients(deps: AppDeps, auth: AccessClaims, ids: string[]): Promise<void> {
  requirePlatformAdmin(auth);
  if (ids.length === 0) throw new Refusal(CLIENT_MESSAGES.noIds);
  const rows = await Promise.all(ids.map((id) => findClient(deps.db, id)));
  if (rows.some((r) => !r)) throw new NotFound(CLIENT_MESSAGES.notFound);
  const remaining = await listClients(deps.db, { size: 1, current: 1 });
  // Removing every client would leave no way to log in, to undo it either.
  if (remaining.total <= new Set(ids).size) throw new Refusal(CLIENT_MESSAGES.lastClient);
  await softDeleteClients(deps.db, ids, { userId: auth.user_id, now: new Date(deps.now()) });
}
