// SMS records (blade-resource/smsrecord list, detail, submit, remove; spec 002 §7): what
// send-message wrote, one row per phone. They are a log of what was sent: submit cannot create one
// or change what was sent, only the administrators' remark (with the version read). The phone is
// masked in every answer (it is a resident's number); a search by phone still finds it.
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { findSmsRecord, listSmsRecords, softDeleteSmsRecords, updateSmsRecordRemark, type SmsRecordRow } from '../repositories/sms-records';
import { maskMiddle } from '../../platform/services/masking';
import { idsOf, requiredVersion, ROW_ID, shownTime, staleRow, stampOf, trimmed } from './oss-admin-common';
import { SMS_CATEGORIES } from './sms-configs';
import type { SmsRecordView } from '../../../src/shared/contract/resource';

const NOT_FOUND = '短信记录不存在';
export const SMS_RECORD_MESSAGES = { create: '短信记录由发送短信生成，不能手动新增' };

export const toSmsRecordView = (row: SmsRecordRow): SmsRecordView => ({
  id: row.id,
  tenantId: row.tenant_id,
  smsId: row.sms_id,
  smsCode: row.sms_code,
  category: row.category,
  categoryName: SMS_CATEGORIES[row.category] ?? '',
  templateId: row.template_id,
  phone: maskMiddle(row.phone),
  content: row.content,
  params: row.params,
  status: row.status,
  statusName: row.status === 1 ? '发送成功' : '发送失败',
  result: row.result,
  remark: row.remark,
  sendTime: shownTime(row.send_time),
  createUserName: row.create_user_name,
  updateUserName: row.update_user_name,
  updateTime: shownTime(row.update_time),
  rowVersion: row.row_version,
});

export const listRecords = (db: Kysely<Database>, auth: AccessClaims, query: Record<string, unknown>) =>
  listSmsRecords(db, auth.tenant_id, query);

export async function recordDetail(db: Kysely<Database>, auth: AccessClaims, id: string): Promise<SmsRecordRow> {
  const row = await findSmsRecord(db, auth.tenant_id, id);
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

export async function submitRecord(
  db: Kysely<Database>,
  auth: AccessClaims,
  body: { id?: string; remark?: string; rowVersion?: number },
  now: Date,
): Promise<number> {
  const id = trimmed(body.id);
  if (!id) throw new Refusal(SMS_RECORD_MESSAGES.create);
  const current = await recordDetail(db, auth, id);
  const next = await updateSmsRecordRemark(
    db,
    auth.tenant_id,
    id,
    requiredVersion(body.rowVersion),
    trimmed(body.remark),
    stampOf(auth, now),
  );
  if (next === undefined) throw staleRow((await findSmsRecord(db, auth.tenant_id, id)) ?? current);
  return next;
}

export async function removeRecords(db: Kysely<Database>, auth: AccessClaims, rawIds: string, now: Date): Promise<void> {
  const ids = idsOf(rawIds, ROW_ID);
  await inTransaction(db, async (trx) => {
    const removed = await softDeleteSmsRecords(trx, auth.tenant_id, ids, stampOf(auth, now));
    if (removed.length !== ids.length) throw new NotFound(NOT_FOUND);
  });
}
