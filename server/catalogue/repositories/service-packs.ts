// The statements of the service catalogue's calls beyond CRUD (server/catalogue/README.md): packs
// and their projects read for the pickers, and written into another tenant by syn-service-pack.
// Every statement names its tenant and sees live rows only (row-level security is the second lock).
import { sql, type Kysely, type Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { Database, ServicePackTable, ServiceProjectTable } from '../../db/schema';

export type ServicePackRow = Selectable<ServicePackTable>;
export type ServiceProjectRow = Selectable<ServiceProjectTable>;

/** The tenant's live packs of one status (none: every status), by code; at most `limit`. */
export async function findPacks(
  db: Kysely<Database>,
  tenantId: string,
  status: number | undefined,
  limit: number,
): Promise<ServicePackRow[]> {
  return db
    .selectFrom('iph_service_pack')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .orderBy(sql`pack_code`)
    .limit(limit)
    .execute();
}

/** The tenant's live packs among `ids`. */
export async function findPacksByIds(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<ServicePackRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('iph_service_pack')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('id', 'in', ids)
    .orderBy(sql`pack_code`)
    .execute();
}

export async function findPackByCode(db: Kysely<Database>, tenantId: string, code: string): Promise<ServicePackRow | undefined> {
  return db
    .selectFrom('iph_service_pack')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('pack_code', '=', code)
    .executeTakeFirst();
}

/** The live projects of the tenant's packs `packIds`, in the pack's order (sort, code). */
export async function findProjectsOfPacks(db: Kysely<Database>, tenantId: string, packIds: string[]): Promise<ServiceProjectRow[]> {
  if (packIds.length === 0) return [];
  return db
    .selectFrom('iph_service_project')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('pack_id', 'in', packIds)
    .orderBy(sql`sort`)
    .orderBy(sql`project_code`)
    .execute();
}

type PackValues = Pick<
  ServicePackRow,
  'pack_code' | 'pack_name' | 'pack_type' | 'price' | 'target_crowd' | 'service_months' | 'status' | 'description'
>;
type ProjectValues = Pick<ServiceProjectRow, 'project_code' | 'project_name' | 'times_per_year' | 'unit_price' | 'category' | 'sort'>;

export const packValues = (r: ServicePackRow): PackValues => ({
  pack_code: r.pack_code,
  pack_name: r.pack_name,
  pack_type: r.pack_type,
  price: r.price,
  target_crowd: r.target_crowd,
  service_months: r.service_months,
  status: r.status,
  description: r.description,
});

export const projectValues = (r: ServiceProjectRow): ProjectValues => ({
  project_code: r.project_code,
  project_name: r.project_name,
  times_per_year: r.times_per_year,
  unit_price: r.unit_price,
  category: r.category,
  sort: r.sort,
});

export async function insertPack(db: Kysely<Database>, tenantId: string, values: PackValues, userId: string, now: Date): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('iph_service_pack')
    .values({ ...values, id, tenant_id: tenantId, create_user: userId, create_time: now, update_user: userId, update_time: now })
    .execute();
  return id;
}

/** Overwrites a live pack's values (syn-service-pack with `over`), stepping its version. */
export async function overwritePack(db: Kysely<Database>, tenantId: string, id: string, values: PackValues, userId: string, now: Date) {
  await db
    .updateTable('iph_service_pack')
    .set({ ...values, update_user: userId, update_time: now, row_version: sql`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
}

/** Soft-removes every live project of a pack (before its projects are copied again). */
export async function removeProjectsOfPack(db: Kysely<Database>, tenantId: string, packId: string, userId: string, now: Date) {
  await db
    .updateTable('iph_service_project')
    .set({ is_deleted: 1, update_user: userId, update_time: now, row_version: sql`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('pack_id', '=', packId)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function insertProjects(
  db: Kysely<Database>,
  tenantId: string,
  packId: string,
  projects: ProjectValues[],
  userId: string,
  now: Date,
): Promise<void> {
  if (projects.length === 0) return;
  await db
    .insertInto('iph_service_project')
    .values(
      projects.map((p) => ({
        ...p,
        id: newId(now.getTime()),
        tenant_id: tenantId,
        pack_id: packId,
        create_user: userId,
        create_time: now,
        update_user: userId,
        update_time: now,
      })),
    )
    .execute();
}
