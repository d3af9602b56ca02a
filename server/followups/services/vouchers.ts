// Follow-up vouchers (spec 001 §3 voucher, §7 userfollowupvoucher): photos or PDFs attached to a
// saved follow-up record, in the caller's tenant only — a record or voucher of another tenant
// answers 数据不存在! like one that is not there.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { findRecord } from '../repositories/records';
import { insertVouchers, listVouchers, softDeleteVouchers, tenantAttachIds, type VoucherDb } from '../repositories/vouchers';

/** At most this many vouchers in one save-vouchers call. */
export const MAX_VOUCHERS_PER_SAVE = 20;

const NO_DATA = '数据不存在!';

/** A voucher as sent: `link` (and `documentUrl`) are oss file links, `/api/blade-resource/oss/file/<uuid>`. */
export interface VoucherInput {
  link: string;
  documentUrl?: string | undefined;
  originalName: string;
  name: string;
}

const attachIdOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

async function requireFollowup(db: Kysely<Database>, tenantId: string, followId: string): Promise<void> {
  if (!(await findRecord(db, tenantId, followId))) throw new NotFound(NO_DATA);
}

/** A follow-up's live vouchers, newest first. */
export async function followupVouchers(db: Kysely<Database>, tenantId: string, followId: string): Promise<VoucherDb[]> {
  await requireFollowup(db, tenantId, followId);
  return listVouchers(db, tenantId, followId);
}

/** Adds 1–20 vouchers to a follow-up; each file must have been uploaded (oss put-file) in this tenant. */
export async function saveVouchers(
  db: Kysely<Database>,
  tenantId: string,
  followId: string,
  vouchers: readonly VoucherInput[],
  actor: Actor,
  now: Date,
): Promise<VoucherDb[]> {
  if (vouchers.length === 0) throw new Refusal('请先上传凭证');
  if (vouchers.length > MAX_VOUCHERS_PER_SAVE) throw new Refusal(`每次最多保存${MAX_VOUCHERS_PER_SAVE}个凭证`);
  await requireFollowup(db, tenantId, followId);
  const files = vouchers.flatMap((v) => [v.link, ...(v.documentUrl ? [v.documentUrl] : [])]);
  const known = await tenantAttachIds(db, tenantId, [...new Set(files.map(attachIdOf))]);
  const missing = vouchers.find((v) => !known.has(attachIdOf(v.link)) || (v.documentUrl && !known.has(attachIdOf(v.documentUrl))));
  if (missing) throw new Refusal(`凭证文件不存在，请重新上传：${missing.originalName}`);
  const rows = vouchers.map((v) => ({
    link: v.link,
    documentUrl: v.documentUrl ?? '',
    originalName: v.originalName.trim() || v.name,
    name: v.name,
  }));
  return insertVouchers(db, tenantId, followId, rows, actor, now);
}

/** Removes vouchers, all or none: an id the tenant does not have fails the whole call and changes nothing. */
export async function removeVouchers(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
  actor: Actor,
  now: Date,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new Refusal('请选择至少一条数据');
  await inTransaction(db, async (trx) => {
    const removed = await softDeleteVouchers(trx, tenantId, wanted, actor, now);
    // Thrown inside the transaction, so the vouchers it did find stay as they were.
    if (removed.length !== wanted.length) throw new NotFound(NO_DATA);
  });
}
