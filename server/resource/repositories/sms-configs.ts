// SMS configurations (blade-resource/sms, spec 002 §7) in blade_sms: a tenant's rows only,
// every statement narrowed by the caller's tenant id; the statements are provider-config-rows.ts'.
// Removal is soft (is_deleted = 1, who and when).
import type { Kysely, Selectable } from 'kysely';
import type { Database, SmsConfigTable } from '../../db/schema';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import { providerConfigRows } from './provider-config-rows';
import { CONFIG_ON, type ListQuery } from '../../platform/repositories/resource-rows';

export type SmsConfigRow = Selectable<SmsConfigTable>;

export interface SmsConfigWrite {
  category: number;
  smsCode: string;
  templateId: string;
  templateContent: string;
  accessKey: string;
  secretKey: string;
  regionId: string;
  signName: string;
  remark: string;
}

export const SMS_ON = CONFIG_ON;

const FILTERS: Record<string, FilterColumn> = {
  category: { column: 'category', kind: 'number' },
  smsCode: { column: 'sms_code', kind: 'text' },
  templateId: { column: 'template_id', kind: 'text' },
  signName: { column: 'sign_name', kind: 'text' },
  remark: { column: 'remark', kind: 'text' },
  status: { column: 'status', kind: 'number' },
  createTime: { column: 'create_time', kind: 'date' },
};

/** blade_sms's statements (resource/repositories/provider-config-rows.ts). */
export const smsConfigRows = providerConfigRows({
  table: 'blade_sms',
  codeColumn: 'sms_code',
  filters: FILTERS,
  columns: (input: SmsConfigWrite) => ({
    category: input.category,
    sms_code: input.smsCode,
    template_id: input.templateId,
    template_content: input.templateContent,
    access_key: input.accessKey,
    secret_key: input.secretKey,
    region_id: input.regionId,
    sign_name: input.signName,
    remark: input.remark,
  }),
});

export const listSmsConfigs = (db: Kysely<Database>, tenantId: string, query: ListQuery) => smsConfigRows.list(db, tenantId, query);
export const findSmsConfigByCode = smsConfigRows.findByCode;
/** The tenant's enabled configuration, if any (none: send-message names one by code). */
export const enabledSmsConfig = smsConfigRows.enabled;
