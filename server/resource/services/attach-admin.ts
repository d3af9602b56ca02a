// The attachment screen (blade-resource/attach list, detail, submit, remove; spec 002 §7) over the
// files the oss uploads store (blade_attach). New attachments come only from an upload
// (put-file-attach and the others): submit changes an existing one's shown name. Removing hides the
// row from this screen; a link already handed out keeps working, as BladeX's logical delete leaves
// the stored object — and a file a follow-up voucher shows cannot be removed here at all.
import type { Kysely } from 'kysely';
import { extensionOf } from '../../../src/shared/policies/upload';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import {
  attachmentsInVouchers,
  fileLink,
  findAttachmentRow,
  listAttachments,
  renameAttachment,
  softDeleteAttachments,
  type AttachmentRow,
} from '../repositories/oss-attachments';
import { idsOf, requiredVersion, shownTime, staleRow, stampOf, trimmed } from './oss-admin-common';
import type { AttachView } from '../../../src/shared/contract/resource';

const NOT_FOUND = '附件不存在';
export const ATTACH_ID = /^[0-9a-f-]{36}$/;
export const ATTACH_MESSAGES = {
  create: '附件请通过上传生成（oss/endpoint/put-file-attach）',
  name: '请输入附件名称',
  inVoucher: (names: string) => `附件已被随访凭证引用，不能删除：${names}`,
};

export const toAttachView = (row: AttachmentRow): AttachView => ({
  id: row.id,
  tenantId: row.tenant_id,
  link: fileLink(row.id),
  domain: '',
  name: row.id,
  originalName: row.original_name,
  extension: extensionOf(row.original_name),
  attachSize: row.size,
  contentType: row.content_type,
  createUser: row.user_id,
  createTime: shownTime(row.create_time),
  updateUserName: row.update_user_name,
  updateTime: shownTime(row.update_time),
  rowVersion: row.row_version,
});

export const listAttach = (db: Kysely<Database>, auth: AccessClaims, query: Record<string, unknown>) =>
  listAttachments(db, auth.tenant_id, query);

export async function attachDetail(db: Kysely<Database>, auth: AccessClaims, id: string): Promise<AttachmentRow> {
  const row = ATTACH_ID.test(id) ? await findAttachmentRow(db, auth.tenant_id, id) : undefined;
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

export async function submitAttach(
  db: Kysely<Database>,
  auth: AccessClaims,
  body: { id?: string; originalName?: string; rowVersion?: number },
  now: Date,
): Promise<number> {
  const id = trimmed(body.id);
  if (!id) throw new Refusal(ATTACH_MESSAGES.create);
  const current = await attachDetail(db, auth, id);
  const originalName = trimmed(body.originalName);
  if (!originalName) throw new Refusal(ATTACH_MESSAGES.name);
  const next = await renameAttachment(db, auth.tenant_id, id, requiredVersion(body.rowVersion), originalName, stampOf(auth, now));
  if (next === undefined) throw staleRow((await findAttachmentRow(db, auth.tenant_id, id)) ?? current);
  return next;
}

/** All or nothing: an unknown id is 404, a file a live voucher shows is refused, and nothing is removed. */
export async function removeAttach(db: Kysely<Database>, auth: AccessClaims, rawIds: string, now: Date): Promise<void> {
  const ids = idsOf(rawIds, ATTACH_ID);
  await inTransaction(db, async (trx) => {
    const used = await attachmentsInVouchers(trx, auth.tenant_id, ids);
    if (used.size > 0) {
      const names: string[] = [];
      for (const id of used) names.push((await findAttachmentRow(trx, auth.tenant_id, id))?.original_name ?? id);
      throw new Refusal(ATTACH_MESSAGES.inVoucher(names.join('、')));
    }
    const removed = await softDeleteAttachments(trx, auth.tenant_id, ids, stampOf(auth, now));
    if (removed.length !== ids.length) throw new NotFound(NOT_FOUND);
  });
}
