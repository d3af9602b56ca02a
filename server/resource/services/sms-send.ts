// blade-resource/sms/endpoint/send-message(code, phones, params) with the embedded console/test
// sender: this server has no network, so "sending" checks the phones (mainland mobiles), renders
// the configuration's template with the params, writes one blade_sms_record row per phone and logs
// the message (the server's JSON log). A provider's configuration (阿里云, 腾讯云, …) is refused
// rather than pretending: its messages would reach nobody. Sends are capped per tenant and minute,
// counted in the database so every server process shares the cap.
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { enabledSmsConfig, findSmsConfigByCode, type SmsConfigRow } from '../repositories/sms-configs';
import { claimSmsQuota } from '../repositories/sms-rate';
import { insertSmsRecords } from '../repositories/sms-records';
import { stampOf, trimmed } from './oss-admin-common';
import { CONSOLE_SENDER, SMS_CATEGORIES } from './sms-configs';

/** Messages a tenant may send per minute (each phone is one message). */
export const SMS_PER_MINUTE = 60;
export const SMS_WINDOW_MS = 60_000;
/** Phones in one send-message. */
export const MAX_PHONES = 50;
/** A rendered message longer than this is refused (a long SMS is split in 67-character parts: 500 is 8). */
export const MAX_CONTENT = 500;
/** Mainland China mobile numbers: 11 digits from 13x to 19x. */
export const MOBILE = /^1[3-9][0-9]{9}$/;
export const SENT = 1;

export const SEND_MESSAGES = {
  noPhones: '参数[phones]不能为空',
  badPhone: (phone: string) => `手机号码格式不正确：${phone}（请填写11位中国大陆手机号码）`,
  tooManyPhones: `每次最多发送${MAX_PHONES}个手机号码`,
  badParams: '参数[params]应为JSON对象，如{"code":"1234"}',
  noConfig: (code: string) => `短信配置不存在：${code}`,
  noneEnabled: '没有启用的短信配置，请先在短信配置中启用一项',
  cannotSend: (name: string) => `${name}短信需要连接外网，本系统无法发送；请启用控制台（测试）短信配置`,
  missingParam: (name: string) => `模板参数[${name}]未提供`,
  tooLong: `短信内容超过${MAX_CONTENT}个字符`,
  tooFrequent: `短信发送过于频繁：每个机构每分钟最多发送${SMS_PER_MINUTE}条，请稍后再试`,
};

export interface SendRequest {
  code?: string;
  phones?: string;
  params?: string | Record<string, unknown>;
}

/** What the console sender writes to the server log for each message. */
export type SmsLogger = (entry: { tenantId: string; smsCode: string; phone: string; content: string }) => void;

/** The phones of a send: separated by commas (also Chinese ones), semicolons or spaces; +86 allowed; duplicates once. */
export function checkedPhones(raw: string): string[] {
  const phones = raw
    .split(/[,，;；\s]+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.replace(/^\+?86(?=1[0-9]{10}$)/, ''));
  if (phones.length === 0) throw new Refusal(SEND_MESSAGES.noPhones);
  const bad = phones.find((p) => !MOBILE.test(p));
  if (bad !== undefined) throw new Refusal(SEND_MESSAGES.badPhone(bad.slice(0, 30)));
  const unique = [...new Set(phones)];
  if (unique.length > MAX_PHONES) throw new Refusal(SEND_MESSAGES.tooManyPhones);
  return unique;
}

function checkedParams(raw: SendRequest['params']): Record<string, string> {
  let value: unknown = raw ?? {};
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    try {
      value = JSON.parse(value);
    } catch {
      throw new Refusal(SEND_MESSAGES.badParams);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Refusal(SEND_MESSAGES.badParams);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v !== null && typeof v === 'object') throw new Refusal(SEND_MESSAGES.badParams);
    out[key] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** `${name}` or `{name}` in the template become the params' values; a placeholder without a value is refused. */
export function renderTemplate(template: string, signName: string, params: Record<string, string>): string {
  const body = template.replace(/\$?\{\s*([A-Za-z0-9_]+)\s*\}/g, (_, name: string) => {
    if (!Object.hasOwn(params, name)) throw new Refusal(SEND_MESSAGES.missingParam(name));
    return params[name]!;
  });
  const content = signName ? `【${signName}】${body}` : body;
  if (content.length > MAX_CONTENT) throw new Refusal(SEND_MESSAGES.tooLong);
  return content;
}

async function senderConfig(db: Kysely<Database>, tenantId: string, code: string): Promise<SmsConfigRow> {
  if (code) {
    const named = await findSmsConfigByCode(db, tenantId, code);
    if (!named) throw new NotFound(SEND_MESSAGES.noConfig(code.slice(0, 64)));
    return named;
  }
  const enabled = await enabledSmsConfig(db, tenantId);
  if (!enabled) throw new Refusal(SEND_MESSAGES.noneEnabled);
  return enabled;
}

/** Sends with the configuration named by `code` (its sms_code), or the enabled one when no code is given. */
export async function sendMessage(db: Kysely<Database>, auth: AccessClaims, request: SendRequest, now: number, log: SmsLogger) {
  const phones = checkedPhones(trimmed(request.phones));
  const params = checkedParams(request.params);
  const config = await senderConfig(db, auth.tenant_id, trimmed(request.code));
  if (config.category !== CONSOLE_SENDER) throw new Refusal(SEND_MESSAGES.cannotSend(SMS_CATEGORIES[config.category] ?? ''));
  const content = renderTemplate(config.template_content, config.sign_name, params);
  const ids = await inTransaction(db, async (trx) => {
    if (!(await claimSmsQuota(trx, auth.tenant_id, phones.length, SMS_PER_MINUTE, SMS_WINDOW_MS, now)))
      throw new Refusal(SEND_MESSAGES.tooFrequent);
    return insertSmsRecords(
      trx,
      auth.tenant_id,
      phones.map((phone) => ({
        smsId: config.id,
        smsCode: config.sms_code,
        category: config.category,
        templateId: config.template_id,
        phone,
        content,
        params: JSON.stringify(params),
        status: SENT,
        result: '控制台输出（测试发送，未经运营商）',
      })),
      stampOf(auth, new Date(now)),
    );
  });
  for (const phone of phones) log({ tenantId: auth.tenant_id, smsCode: config.sms_code, phone, content });
  return { smsCode: config.sms_code, sent: phones.length, recordIds: ids };
}
