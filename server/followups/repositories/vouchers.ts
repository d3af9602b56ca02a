// Follow-up vouchers (spec 001 §3, §7 userfollowupvoucher): files attached to a saved follow-up
// record. Every query takes the caller's tenant.
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { Database, FollowupVoucherTable } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

export type VoucherDb = Selectable<FollowupVoucherTable>;

export interface NewVoucher {
  link: string;
  documentUrl: string;
  originalName: string;
  name: string;
}

/** A record's live vouchers, newest first. */
export async function listVouchers(db: Kysely<Database>, tenantId: string, followId: string): Promise<VoucherDb[]> {
  return db
    .selectFrom('user_followup_voucher')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('follow_id', '=', followId)
    .where('is_deleted', '=', 0)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Adds vouchers to a record in one statement; the caller has checked the record and the files. */
export async function insertVouchers(
  db: Kysely<Database>,
  tenantId: string,
  followId: string,
  vouchers: NewVoucher[],
  actor: Actor,
  now: Date,
): Promise<VoucherDb[]> {
  if (vouchers.length === 0) return [];
  const rows = vouchers.map((v) => ({
    id: newId(now.getTime()),
    tenant_id: tenantId,
    follow_id: followId,
    link: v.link,
    document_url: v.documentUrl,
    original_name: v.originalName,
    name: v.name,
    create_user: actor.userId,
    create_user_name: actor.userName,
    create_time: now,
  }));
  return db.insertInto('user_followup_voucher').values(rows).returningAll().execute();
}

/**
 * Soft-deletes the tenant's live vouchers among `ids`; answers the ids it removed (RETURNING:
 * kysely-pglite reports no affected-row counts). The caller decides whether a partial answer fails.
 */
export async function softDeleteVouchers(
  db: Kysely<Database>,
  tenantId: string,
  ids: string[],
  actor: Actor,
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await softDeleteFrom(db, 'user_followup_voucher', tenantId, { update_user: actor.userId, update_time: now })
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Which of these oss file ids are files the tenant uploaded. */
export async function tenantAttachIds(db: Kysely<Database>, tenantId: string, attachIds: string[]): Promise<Set<string>> {
  if (attachIds.length === 0) return new Set();
  const rows = await db.selectFrom('blade_attach').select('id').where('tenant_id', '=', tenantId).where('id', 'in', attachIds).execute();
  return new Set(rows.map((r) => r.id));
}
