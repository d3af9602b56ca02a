// BladeX deletes nothing: a removed row gets is_deleted = 1 (and, where the table keeps them, who
// removed it and when). Every repository's remove goes through here.
import { sql, type Kysely, type Updateable, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { Database } from '../../db/schema';

/** The tenant-owned tables whose rows are soft-deleted. */
export type SoftDeletedTable =
  | 'blade_dept'
  | 'blade_dict'
  | 'blade_client'
  | 'blade_dict_biz'
  | 'blade_notice'
  | 'blade_oss'
  | 'blade_param'
  | 'blade_tenant'
  | 'blade_post'
  | 'blade_region'
  | 'blade_sms'
  | 'blade_sms_record'
  | 'blade_user'
  | 'flow_deployment'
  | 'flow_model'
  | 'form'
  | 'form_field'
  | 'form_field_reckon'
  | 'user_followup_voucher';

/** Who removed the rows and when: a column `T` does not keep is `never`, so naming it fails to compile. */
export type RemovalStamp<T extends SoftDeletedTable> = {
  [K in 'update_time' | 'update_user' | 'update_user_name']?: K extends keyof Updateable<Database[T]> ? Updateable<Database[T]>[K] : never;
};

/**
 * An UPDATE marking the tenant's live rows of `table` deleted; the caller narrows it to the rows
 * meant (`.where('id', 'in', ids)`) and may ask for `returning` (kysely-pglite reports no counts).
 */
export function softDeleteFrom<T extends SoftDeletedTable>(
  db: Kysely<Database>,
  table: T,
  tenantId: string,
  stamp: RemovalStamp<T> = {},
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  const update = db
    .updateTable(table as SoftDeletedTable)
    .set({ is_deleted: 1, ...(stamp as { update_time?: Date; update_user?: string; update_user_name?: string }) })
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0);
  // kysely types a statement over the union of these tables; the one built is over `table` alone.
  return update as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}

/** The platform's own soft-deleted tables: menus, top menus, data and api scopes (rows of the root tenant). */
export type PlatformSoftDeletedTable = 'blade_menu' | 'blade_top_menu' | 'blade_scope_data' | 'blade_scope_api';

/**
 * Marks the live rows `ids` of a platform table deleted, with who and when, and moves their version
 * on (a stale edit then answers 409); answers the ids removed. No tenant to narrow by: only the
 * platform administrator writes these, and row-level security keeps them the root's.
 */
export async function softDeletePlatformRows(
  db: Kysely<Database>,
  table: PlatformSoftDeletedTable,
  ids: readonly string[],
  by: string,
  at: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    // kysely types a statement over the union of these tables; the one built is over `table` alone.
    .updateTable(table as 'blade_menu')
    .set({ is_deleted: 1, row_version: sql`row_version + 1`, update_user_name: by, update_time: at })
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
