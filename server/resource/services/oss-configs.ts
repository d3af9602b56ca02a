// Storage configurations (blade-resource/oss list, detail, submit, remove, enable; spec 002 §7),
// per tenant, administrators only. Files are always stored by the embedded storage (blade_attach,
// in the database): this server has no network, so a cloud kind is configuration kept for a later
// deployment, and enabling it changes where nothing goes (server/README.md "Storage and SMS").
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { Forbidden, Refusal } from '../../domain/errors';
import { listOssConfigs, ossConfigRows, OSS_ON, type OssConfigRow, type OssConfigWrite } from '../repositories/oss-configs';
import { DIALOG_FORMS } from '../../forms/index';
import { maskSecret, shownTime, trimmed } from './oss-admin-common';
import { providerConfigs } from './provider-configs';
import type { OssView } from '../../../src/shared/contract/resource';

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

/** The server's own refusals; what a field needs, and its message, is the dialog's (rules/adminoss.rules.json). */
export const OSS_MESSAGES = {
  category: '请选择分类',
  ossCodeTaken: '资源编号已存在',
  accessKey: '请输入accessKey',
  secretKey: '请输入secretKey',
  cloudEnabled: (name: string) => `已启用${name}配置。本系统不连接外网，文件仍保存在本地存储（数据库）中`,
};

export const toOssView = (row: OssConfigRow): OssView => ({
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

const oss = providerConfigs<OssConfigRow, OssConfigWrite, OssSubmit>({
  statements: ossConfigRows,
  categories: OSS_CATEGORIES,
  // The embedded storage needs no address or keys; a cloud kind needs what BladeX's form asks for.
  embedded: LOCAL_STORAGE,
  dialog: DIALOG_FORMS.adminOss,
  dialogFields: ['category', 'ossCode', 'endpoint', 'accessKey', 'secretKey', 'bucketName', 'appId', 'region', 'remark'],
  messages: {
    notFound: NOT_FOUND,
    codeTaken: OSS_MESSAGES.ossCodeTaken,
    category: OSS_MESSAGES.category,
    accessKey: OSS_MESSAGES.accessKey,
    secretKey: OSS_MESSAGES.secretKey,
    configOnly: OSS_MESSAGES.cloudEnabled,
  },
  write: (body, { category, accessKey, secretKey }) => ({
    category,
    ossCode: trimmed(body.ossCode),
    endpoint: trimmed(body.endpoint),
    accessKey,
    secretKey,
    bucketName: trimmed(body.bucketName),
    appId: trimmed(body.appId),
    region: trimmed(body.region),
    remark: trimmed(body.remark),
  }),
  codeOf: (input) => input.ossCode,
});

export const ossDetail = oss.detail;
/** Creates (no id) or changes (id + the rowVersion read) a configuration; a new one starts off. */
export const submitOss = oss.submit;
/** All or nothing: an id that is not a live configuration of the tenant is 404 and nothing is removed. */
export const removeOss = oss.remove;
/** Turns this configuration on and every other of the tenant off; answers the message to show. */
export const enableOss = oss.enable;

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
