// The attachment screen's queries (blade-resource/attach, spec 002 §7) over blade_attach, the table
// the oss uploads already write (resource/repositories/attachments.ts). Its admin columns come from
// migration 019 (db/tables/resource-admin.ts AttachAdminColumns), added to kysely's view here.
import type { Kysely } from 'kysely';
import type { AttachAdminColumns, AttachTable, Database } from '../../db/schema';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import { nextVersion, pageOfRows, updatedBy, type ListQuery, type Stamp } from '../../platform/repositories/resource-rows';

type AttachDb = Kysely<Database & { blade_attach: AttachTable & AttachAdminColumns }>;
const withAdminColumns = (db: Kysely<Database>): AttachDb => db.withTables<{ blade_attach: AttachAdminColumns }>() as unknown as AttachDb;

/** Where an uploaded file is served (resource/routes/oss.ts): vouchers keep this link. */
export const fileLink = (id: string) => `/api/blade-resource/oss/file/${id}`;

/** Everything but the bytes. */
const COLUMNS = [
  'id',
  'tenant_id',
  'user_id',
  'original_name',
  'content_type',
  'size',
  'create_time',
  'update_user',
  'update_user_name',
  'update_time',
  'row_version',
] as const;

export interface AttachmentRow {
  id: string;
  tenant_id: string;
  user_id: string;
  original_name: string;
  content_type: string;
  size: number;
  create_time: Date;
  update_user: string | null;
  update_user_name: string;
  update_time: Date | null;
  row_version: number;
}

const FILTERS: Record<string, FilterColumn> = {
  originalName: { column: 'original_name', kind: 'text' },
  contentType: { column: 'content_type', kind: 'text' },
  attachSize: { column: 'size', kind: 'number' },
  createUser: { column: 'user_id', kind: 'text' },
  createTime: { column: 'create_time', kind: 'date' },
};

/** The tenant's live attachments. */
const live = (db: Kysely<Database>, tenantId: string) =>
  withAdminColumns(db).selectFrom('blade_attach').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

export async function listAttachments(db: Kysely<Database>, tenantId: string, query: ListQuery) {
  const page = await pageOfRows(live(db, tenantId), query, FILTERS, (q) =>
    q.select(COLUMNS).orderBy('create_time', 'desc').orderBy('id', 'desc'),
  );
  const rows: AttachmentRow[] = page.rows;
  return { ...page, rows };
}

export async function findAttachmentRow(db: Kysely<Database>, tenantId: string, id: string): Promise<AttachmentRow | undefined> {
  return live(db, tenantId).select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The shown name of a file, only over the version read; the new version or undefined when it moved on. */
export async function renameAttachment(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  originalName: string,
  stamp: Stamp,
): Promise<number | undefined> {
  const row = await withAdminColumns(db)
    .updateTable('blade_attach')
    .set({ original_name: originalName, row_version: nextVersion(), ...updatedBy(stamp) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('row_version', '=', rowVersion)
    .returning('row_version')
    .executeTakeFirst();
  return row?.row_version;
}

export async function softDeleteAttachments(db: Kysely<Database>, tenantId: string, ids: string[], stamp: Stamp): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await withAdminColumns(db)
    .updateTable('blade_attach')
    .set({ is_deleted: 1, ...updatedBy(stamp) })
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Which of these attachments a live follow-up voucher of the tenant links to (as its file or its document). */
export async function attachmentsInVouchers(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const links = ids.map(fileLink);
  const rows = await db
    .selectFrom('user_followup_voucher')
    .select(['link', 'document_url'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where((eb) => eb.or([eb('link', 'in', links), eb('document_url', 'in', links)]))
    .execute();
  const used = new Set(rows.flatMap((r) => [r.link, r.document_url]));
  return new Set(ids.filter((id) => used.has(fileLink(id))));
}
