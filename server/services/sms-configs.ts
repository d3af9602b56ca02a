// SMS configurations (blade-resource/sms list, detail, submit, remove, enable; spec 002 §7), per
// tenant, administrators only. Category 1 is the console/test sender this server really has
// (services/sms-send.ts); the others are BladeX's providers, kept as configuration (no network).
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db/schema';
import { NotFound, Refusal } from '../domain/errors';
import { inTransaction } from '../repositories/form-transaction';
import {
  findSmsConfig,
  findSmsConfigByCode,
  insertSmsConfig,
  listSmsConfigs,
  SMS_ON,
  softDeleteSmsConfigs,
  switchSmsConfigOn,
  updateSmsConfig,
  type SmsConfigRow,
  type SmsConfigWrite,
} from '../repositories/sms-configs';
import { idsOf, keptSecret, maskSecret, requiredVersion, ROW_ID, shownTime, staleRow, stampOf, trimmed } from './oss-admin-common';

export const SMS_CATEGORIES: Readonly<Record<number, string>> = {
  1: '控制台（测试）',
  2: '云片',
  3: '七牛云',
  4: '阿里云',
  5: '腾讯云',
};
export const CONSOLE_SENDER = 1;
const NOT_FOUND = '短信配置不存在';

export const SMS_MESSAGES = {
  category: '请选择分类',
  smsCode: '请输入资源编号',
  smsCodeTaken: '资源编号已存在',
  templateId: '请输入模板ID',
  templateContent: '请输入模板内容',
  accessKey: '请输入accessKey',
  secretKey: '请输入secretKey',
  signName: '请输入短信签名',
  cloudEnabled: (name: string) => `已启用${name}配置。本系统不连接外网，该配置无法发送短信，仅控制台（测试）配置可以发送`,
};

export const toSmsView = (row: SmsConfigRow) => ({
  id: row.id,
  tenantId: row.tenant_id,
  category: row.category,
  categoryName: SMS_CATEGORIES[row.category] ?? '',
  smsCode: row.sms_code,
  templateId: row.template_id,
  templateContent: row.template_content,
  accessKey: maskSecret(row.access_key, true),
  secretKey: maskSecret(row.secret_key),
  regionId: row.region_id,
  signName: row.sign_name,
  remark: row.remark,
  status: row.status,
  statusName: row.status === SMS_ON ? '启用' : '关闭',
  rowVersion: row.row_version,
  createTime: shownTime(row.create_time),
  updateUserName: row.update_user_name,
  updateTime: shownTime(row.update_time),
});

export interface SmsSubmit {
  id?: string;
  rowVersion?: number;
  category?: number;
  smsCode?: string;
  templateId?: string;
  templateContent?: string;
  accessKey?: string;
  secretKey?: string;
  regionId?: string;
  signName?: string;
  remark?: string;
}

export const listSms = (db: Kysely<Database>, auth: AccessClaims, query: Record<string, unknown>) =>
  listSmsConfigs(db, auth.tenant_id, query);

export async function smsDetail(db: Kysely<Database>, auth: AccessClaims, id: string): Promise<SmsConfigRow> {
  const row = await findSmsConfig(db, auth.tenant_id, id);
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

function checkedInput(body: SmsSubmit, current: SmsConfigRow | undefined): SmsConfigWrite {
  const category = body.category;
  if (category === undefined || !SMS_CATEGORIES[category]) throw new Refusal(SMS_MESSAGES.category);
  const input: SmsConfigWrite = {
    category,
    smsCode: trimmed(body.smsCode),
    templateId: trimmed(body.templateId),
    templateContent: trimmed(body.templateContent),
    accessKey: keptSecret(body.accessKey, current?.access_key ?? ''),
    secretKey: keptSecret(body.secretKey, current?.secret_key ?? ''),
    regionId: trimmed(body.regionId),
    signName: trimmed(body.signName),
    remark: trimmed(body.remark),
  };
  if (!input.smsCode) throw new Refusal(SMS_MESSAGES.smsCode);
  if (category === CONSOLE_SENDER) {
    // The console sender renders the text itself: it needs the text, no provider keys.
    if (!input.templateContent) throw new Refusal(SMS_MESSAGES.templateContent);
  } else {
    if (!input.templateId) throw new Refusal(SMS_MESSAGES.templateId);
    if (!input.accessKey) throw new Refusal(SMS_MESSAGES.accessKey);
    if (!input.secretKey) throw new Refusal(SMS_MESSAGES.secretKey);
    if (!input.signName) throw new Refusal(SMS_MESSAGES.signName);
  }
  return input;
}

/** Creates (no id) or changes (id + the rowVersion read) a configuration; a new one starts off. */
export async function submitSms(db: Kysely<Database>, auth: AccessClaims, body: SmsSubmit, now: Date) {
  const tenantId = auth.tenant_id;
  const id = trimmed(body.id);
  const current = id ? await findSmsConfig(db, tenantId, id) : undefined;
  if (id && !current) throw new NotFound(NOT_FOUND);
  const input = checkedInput(body, current);
  const clash = await findSmsConfigByCode(db, tenantId, input.smsCode);
  if (clash && clash.id !== id) throw new Refusal(SMS_MESSAGES.smsCodeTaken);
  if (!current) return { id: await insertSmsConfig(db, tenantId, input, stampOf(auth, now)), created: true };
  const next = await updateSmsConfig(db, tenantId, current.id, requiredVersion(body.rowVersion), input, stampOf(auth, now));
  if (next === undefined) throw staleRow((await findSmsConfig(db, tenantId, current.id)) ?? current);
  return { id: current.id, created: false, rowVersion: next };
}

export async function removeSms(db: Kysely<Database>, auth: AccessClaims, rawIds: string, now: Date): Promise<void> {
  const ids = idsOf(rawIds, ROW_ID);
  await inTransaction(db, async (trx) => {
    const removed = await softDeleteSmsConfigs(trx, auth.tenant_id, ids, stampOf(auth, now));
    if (removed.length !== ids.length) throw new NotFound(NOT_FOUND);
  });
}

export async function enableSms(db: Kysely<Database>, auth: AccessClaims, id: string, now: Date): Promise<string> {
  const row = await smsDetail(db, auth, id);
  await inTransaction(db, (trx) => switchSmsConfigOn(trx, auth.tenant_id, row.id, stampOf(auth, now)));
  return row.category === CONSOLE_SENDER ? '操作成功' : SMS_MESSAGES.cloudEnabled(SMS_CATEGORIES[row.category] ?? '');
}
