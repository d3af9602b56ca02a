// Storage configurations (blade-resource/oss list, detail, submit, remove, enable; spec 002 §7),
// per tenant, administrators only. Files are always stored by the embedded storage (blade_attach,
// in the database): this server has no network, so a cloud kind is configuration kept for a later
// deployment, and enabling it changes where nothing goes (server/README.md "Storage and SMS").
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db/schema';
import { Forbidden, NotFound, Refusal } from '../domain/errors';
import { inTransaction } from '../repositories/form-transaction';
import {
  findOssConfig,
  findOssConfigByCode,
  insertOssConfig,
  listOssConfigs,
  OSS_ON,
  softDeleteOssConfigs,
  switchOssConfigOn,
  updateOssConfig,
  type OssConfigRow,
  type OssConfigWrite,
} from '../repositories/oss-configs';
import { idsOf, keptSecret, maskSecret, requiredVersion, ROW_ID, shownTime, staleRow, stampOf, trimmed } from './oss-admin-common';

/** 1 is what this server really has; the others are BladeX's cloud kinds, kept as configuration. */
export const OSS_CATEGORIES: Readonly<Record<number, string>> = {
  1: '本地存储（数据库）',
  2: 'MinIO',
  3: '七牛云',
  4: '阿里云OSS',
  5: '腾讯云COS',
  6: '华为云OBS',
};
export const LOCAL_STORAGE = 1;
const ROOT_TENANT = '000000';
const NOT_FOUND = '存储配置不存在';

export const OSS_MESSAGES = {
  category: '请选择分类',
  ossCode: '请输入资源编号',
  ossCodeTaken: '资源编号已存在',
  endpoint: '请输入资源地址',
  accessKey: '请输入accessKey',
  secretKey: '请输入secretKey',
  bucketName: '请输入空间名',
  cloudEnabled: (name: string) => `已启用${name}配置。本系统不连接外网，文件仍保存在本地存储（数据库）中`,
};

export const toOssView = (row: OssConfigRow) => ({
  id: row.id,
  tenantId: row.tenant_id,
  category: row.category,
  categoryName: OSS_CATEGORIES[row.category] ?? '',
  ossCode: row.oss_code,
  endpoint: row.endpoint,
  accessKey: maskSecret(row.access_key, true),
  secretKey: maskSecret(row.secret_key),
  bucketName: row.bucket_name,
  appId: row.app_id,
  region: row.region,
  remark: row.remark,
  status: row.status,
  statusName: row.status === OSS_ON ? '启用' : '关闭',
  rowVersion: row.row_version,
  createTime: shownTime(row.create_time),
  updateUserName: row.update_user_name,
  updateTime: shownTime(row.update_time),
});

export interface OssSubmit {
  id?: string;
  rowVersion?: number;
  category?: number;
  ossCode?: string;
  endpoint?: string;
  accessKey?: string;
  secretKey?: string;
  bucketName?: string;
  appId?: string;
  region?: string;
  remark?: string;
}

export const listOss = (db: Kysely<Database>, auth: AccessClaims, query: Record<string, unknown>) =>
  listOssConfigs(db, auth.tenant_id, query);

export async function ossDetail(db: Kysely<Database>, auth: AccessClaims, id: string): Promise<OssConfigRow> {
  const row = await findOssConfig(db, auth.tenant_id, id);
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

/** The values to store: required ones checked; keys sent back masked (or left empty on an update) keep the stored ones. */
function checkedInput(body: OssSubmit, current: OssConfigRow | undefined): OssConfigWrite {
  const category = body.category;
  if (category === undefined || !OSS_CATEGORIES[category]) throw new Refusal(OSS_MESSAGES.category);
  const input: OssConfigWrite = {
    category,
    ossCode: trimmed(body.ossCode),
    endpoint: trimmed(body.endpoint),
    accessKey: keptSecret(body.accessKey, current?.access_key ?? ''),
    secretKey: keptSecret(body.secretKey, current?.secret_key ?? ''),
    bucketName: trimmed(body.bucketName),
    appId: trimmed(body.appId),
    region: trimmed(body.region),
    remark: trimmed(body.remark),
  };
  if (!input.ossCode) throw new Refusal(OSS_MESSAGES.ossCode);
  // The embedded storage needs no address or keys; a cloud kind needs what BladeX's form asks for.
  if (category !== LOCAL_STORAGE) {
    if (!input.endpoint) throw new Refusal(OSS_MESSAGES.endpoint);
    if (!input.accessKey) throw new Refusal(OSS_MESSAGES.accessKey);
    if (!input.secretKey) throw new Refusal(OSS_MESSAGES.secretKey);
    if (!input.bucketName) throw new Refusal(OSS_MESSAGES.bucketName);
  }
  return input;
}

/** Creates (no id) or changes (id + the rowVersion read) a configuration; a new one starts off. */
export async function submitOss(db: Kysely<Database>, auth: AccessClaims, body: OssSubmit, now: Date) {
  const tenantId = auth.tenant_id;
  const id = trimmed(body.id);
  const current = id ? await findOssConfig(db, tenantId, id) : undefined;
  if (id && !current) throw new NotFound(NOT_FOUND);
  const input = checkedInput(body, current);
  const clash = await findOssConfigByCode(db, tenantId, input.ossCode);
  if (clash && clash.id !== id) throw new Refusal(OSS_MESSAGES.ossCodeTaken);
  if (!current) return { id: await insertOssConfig(db, tenantId, input, stampOf(auth, now)), created: true };
  const version = requiredVersion(body.rowVersion);
  const next = await updateOssConfig(db, tenantId, current.id, version, input, stampOf(auth, now));
  if (next === undefined) throw staleRow((await findOssConfig(db, tenantId, current.id)) ?? current);
  return { id: current.id, created: false, rowVersion: next };
}

/** All or nothing: an id that is not a live configuration of the tenant is 404 and nothing is removed. */
export async function removeOss(db: Kysely<Database>, auth: AccessClaims, rawIds: string, now: Date): Promise<void> {
  const ids = idsOf(rawIds, ROW_ID);
  await inTransaction(db, async (trx) => {
    const removed = await softDeleteOssConfigs(trx, auth.tenant_id, ids, stampOf(auth, now));
    if (removed.length !== ids.length) throw new NotFound(NOT_FOUND);
  });
}

/** Turns this configuration on and every other of the tenant off; answers the message to show. */
export async function enableOss(db: Kysely<Database>, auth: AccessClaims, id: string, now: Date): Promise<string> {
  const row = await ossDetail(db, auth, id);
  await inTransaction(db, (trx) => switchOssConfigOn(trx, auth.tenant_id, row.id, stampOf(auth, now)));
  return row.category === LOCAL_STORAGE ? '操作成功' : OSS_MESSAGES.cloudEnabled(OSS_CATEGORIES[row.category] ?? '');
}

/**
 * remove-pools (BladeX drops its cached storage clients of the named tenants after a configuration
 * change). This server keeps no storage clients — every upload writes blade_attach directly — so
 * there is nothing to drop: the platform administrator's call is checked and answered, and changes
 * nothing. Answers the tenants named.
 */
export function removePools(auth: AccessClaims, rawTenantIds: string): string[] {
  if (auth.tenant_id !== ROOT_TENANT) throw new Forbidden('只有平台管理员可以清理存储连接池');
  const tenantIds = [
    ...new Set(
      rawTenantIds
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (tenantIds.length === 0) throw new Refusal('参数[tenantIds]不能为空');
  if (tenantIds.length > 500 || tenantIds.some((t) => !/^[0-9A-Za-z]{1,12}$/.test(t))) throw new Refusal('参数[tenantIds]格式不正确');
  return tenantIds;
}
