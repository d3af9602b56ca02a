// SMS records (blade-resource/smsrecord, spec 002 §7) in blade_sms_record: one row per phone of a
// send-message. The caller's tenant's rows only; removal is soft.
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { Database, SmsRecordTable } from '../../db/schema';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import {
  liveAtVersion,
  nextVersion,
  pageOfRows,
  softDeleteStamped,
  updatedBy,
  type ListQuery,
  type Stamp,
} from '../../platform/repositories/resource-rows';

export type SmsRecordRow = Selectable<SmsRecordTable>;

export interface NewSmsRecord {
  smsId: string;
  smsCode: string;
  category: number;
  templateId: string;
  phone: string;
  content: string;
  params: string;
  status: number;
  result: string;
}

const FILTERS: Record<string, FilterColumn> = {
  phone: { column: 'phone', kind: 'text' },
  smsCode: { column: 'sms_code', kind: 'text' },
  content: { column: 'content', kind: 'text' },
  category: { column: 'category', kind: 'number' },
  status: { column: 'status', kind: 'number' },
  sendTime: { column: 'send_time', kind: 'date' },
};

/** The tenant's live records. */
const live = (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('blade_sms_record').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

export async function listSmsRecords(db: Kysely<Database>, tenantId: string, query: ListQuery) {
  return pageOfRows(live(db, tenantId), query, FILTERS, (q) => q.selectAll().orderBy('send_time', 'desc').orderBy('id', 'desc'));
}

export async function findSmsRecord(db: Kysely<Database>, tenantId: string, id: string): Promise<SmsRecordRow | undefined> {
  return live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

/** One statement for every phone of a send. */
export async function insertSmsRecords(db: Kysely<Database>, tenantId: string, records: NewSmsRecord[], stamp: Stamp): Promise<string[]> {
  if (records.length === 0) return [];
  const rows = records.map((r) => ({
    id: newId(stamp.time.getTime()),
    tenant_id: tenantId,
    sms_id: r.smsId,
    sms_code: r.smsCode,
    category: r.category,
    template_id: r.templateId,
    phone: r.phone,
    content: r.content,
    params: r.params,
    status: r.status,
    result: r.result,
    send_time: stamp.time,
    create_user: stamp.userId,
    create_user_name: stamp.userName,
    ...updatedBy(stamp),
  }));
  await db.insertInto('blade_sms_record').values(rows).execute();
  return rows.map((r) => r.id);
}

/** The administrator's note on a record, only over the version read; the new version or undefined when it moved on. */
export async function updateSmsRecordRemark(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  remark: string,
  stamp: Stamp,
): Promise<number | undefined> {
  const row = await db
    .updateTable('blade_sms_record')
    .set({ remark, row_version: nextVersion(), ...updatedBy(stamp) })
    .where(liveAtVersion(tenantId, id, rowVersion))
    .returning('row_version')
    .executeTakeFirst();
  return row?.row_version;
}

export const softDeleteSmsRecords = (db: Kysely<Database>, tenantId: string, ids: string[], stamp: Stamp): Promise<string[]> =>
  softDeleteStamped(db, 'blade_sms_record', tenantId, ids, stamp);
