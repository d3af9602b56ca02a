// SMS configurations (blade-resource/sms, spec 002 §7) in blade_sms: a tenant's rows only,
// every statement narrowed by the caller's tenant id. Removal is soft (is_deleted = 1, who and when).
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../db/ids';
import type { Database, SmsConfigTable } from '../db/schema';
import type { FilterColumn } from './crud-filters';
import {
  CONFIG_OFF,
  CONFIG_ON,
  createdBy,
  liveAtVersion,
  nextVersion,
  pageOfRows,
  softDeleteStamped,
  switchConfigOn,
  updatedBy,
  type ListQuery,
  type Stamp,
} from './resource-rows';

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
export const SMS_OFF = CONFIG_OFF;

const FILTERS: Record<string, FilterColumn> = {
  category: { column: 'category', kind: 'number' },
  smsCode: { column: 'sms_code', kind: 'text' },
  templateId: { column: 'template_id', kind: 'text' },
  signName: { column: 'sign_name', kind: 'text' },
  remark: { column: 'remark', kind: 'text' },
  status: { column: 'status', kind: 'number' },
  createTime: { column: 'create_time', kind: 'date' },
};

const columns = (input: SmsConfigWrite) => ({
  category: input.category,
  sms_code: input.smsCode,
  template_id: input.templateId,
  template_content: input.templateContent,
  access_key: input.accessKey,
  secret_key: input.secretKey,
  region_id: input.regionId,
  sign_name: input.signName,
  remark: input.remark,
});

/** The tenant's live configurations. */
const live = (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('blade_sms').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

export async function listSmsConfigs(db: Kysely<Database>, tenantId: string, query: ListQuery) {
  return pageOfRows(live(db, tenantId), query, FILTERS, (q) => q.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc'));
}

export async function findSmsConfig(db: Kysely<Database>, tenantId: string, id: string): Promise<SmsConfigRow | undefined> {
  return live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSmsConfigByCode(db: Kysely<Database>, tenantId: string, code: string): Promise<SmsConfigRow | undefined> {
  return live(db, tenantId).selectAll().where('sms_code', '=', code).executeTakeFirst();
}

/** The tenant's enabled configuration, if any (none: send-message names one by code). */
export async function enabledSmsConfig(db: Kysely<Database>, tenantId: string): Promise<SmsConfigRow | undefined> {
  return live(db, tenantId).selectAll().where('status', '=', SMS_ON).executeTakeFirst();
}

export async function insertSmsConfig(db: Kysely<Database>, tenantId: string, input: SmsConfigWrite, stamp: Stamp): Promise<string> {
  const id = newId(stamp.time.getTime());
  await db
    .insertInto('blade_sms')
    .values({ id, tenant_id: tenantId, ...columns(input), status: SMS_OFF, ...createdBy(stamp) })
    .execute();
  return id;
}

/** Changes the row only if it is still at `rowVersion`; answers the new version, or undefined when it moved on. */
export async function updateSmsConfig(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  input: SmsConfigWrite,
  stamp: Stamp,
): Promise<number | undefined> {
  const row = await db
    .updateTable('blade_sms')
    .set({ ...columns(input), row_version: nextVersion(), ...updatedBy(stamp) })
    .where(liveAtVersion(tenantId, id, rowVersion))
    .returning('row_version')
    .executeTakeFirst();
  return row?.row_version;
}

/** Soft-deletes the tenant's live rows among `ids`; answers the ids removed. */
export const softDeleteSmsConfigs = (db: Kysely<Database>, tenantId: string, ids: string[], stamp: Stamp): Promise<string[]> =>
  softDeleteStamped(db, 'blade_sms', tenantId, ids, stamp);

/** Turns every other configuration of the tenant off and this one on (run in one transaction). */
export const switchSmsConfigOn = (db: Kysely<Database>, tenantId: string, id: string, stamp: Stamp): Promise<void> =>
  switchConfigOn(db, 'blade_sms', tenantId, id, stamp);
