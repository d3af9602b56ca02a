// SMS configurations (blade-resource/sms list, detail, submit, remove, enable; spec 002 §7), per
// tenant, administrators only. Category 1 is the console/test sender this server really has
// (resource/services/sms-send.ts); the others are BladeX's providers, kept as configuration (no network).
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { listSmsConfigs, smsConfigRows, SMS_ON, type SmsConfigRow, type SmsConfigWrite } from '../repositories/sms-configs';
import { DIALOG_FORMS } from '../../forms/index';
import { maskSecret, shownTime, trimmed } from './oss-admin-common';
import { providerConfigs } from './provider-configs';
import type { SmsView } from '../../../src/shared/contract/resource';

export const SMS_CATEGORIES: Readonly<Record<number, string>> = {
  1: '控制台（测试）',
  2: '云片',
  3: '七牛云',
  4: '阿里云',
  5: '腾讯云',
};
export const CONSOLE_SENDER = 1;
const NOT_FOUND = '短信配置不存在';

/** The server's own refusals; what a field needs, and its message, is the dialog's (rules/adminsms.rules.json). */
export const SMS_MESSAGES = {
  category: '请选择分类',
  smsCodeTaken: '资源编号已存在',
  accessKey: '请输入accessKey',
  secretKey: '请输入secretKey',
  cloudEnabled: (name: string) => `已启用${name}配置。本系统不连接外网，该配置无法发送短信，仅控制台（测试）配置可以发送`,
};

export const toSmsView = (row: SmsConfigRow): SmsView => ({
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

const sms = providerConfigs<SmsConfigRow, SmsConfigWrite, SmsSubmit>({
  statements: smsConfigRows,
  categories: SMS_CATEGORIES,
  // The console sender renders the text itself: it needs the text, no provider keys.
  embedded: CONSOLE_SENDER,
  dialog: DIALOG_FORMS.adminSms,
  dialogFields: ['category', 'smsCode', 'templateId', 'templateContent', 'accessKey', 'secretKey', 'regionId', 'signName', 'remark'],
  messages: {
    notFound: NOT_FOUND,
    codeTaken: SMS_MESSAGES.smsCodeTaken,
    category: SMS_MESSAGES.category,
    accessKey: SMS_MESSAGES.accessKey,
    secretKey: SMS_MESSAGES.secretKey,
    configOnly: SMS_MESSAGES.cloudEnabled,
  },
  write: (body, { category, accessKey, secretKey }) => ({
    category,
    smsCode: trimmed(body.smsCode),
    templateId: trimmed(body.templateId),
    templateContent: trimmed(body.templateContent),
    accessKey,
    secretKey,
    regionId: trimmed(body.regionId),
    signName: trimmed(body.signName),
    remark: trimmed(body.remark),
  }),
  codeOf: (input) => input.smsCode,
});

export const smsDetail = sms.detail;
/** Creates (no id) or changes (id + the rowVersion read) a configuration; a new one starts off. */
export const submitSms = sms.submit;
/** All or nothing: an id that is not a live configuration of the tenant is 404 and nothing is removed. */
export const removeSms = sms.remove;
/** Turns this configuration on and every other of the tenant off; answers the message to show. */
export const enableSms = sms.enable;
