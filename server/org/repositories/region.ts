import type { Kysely, Selectable } from 'kysely';
import type { Database, RegionTable } from '../../db/schema';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import { nextVersion, pageOfRows, softDeleteVersioned, type ListQuery } from '../../platform/repositories/resource-rows';
import { keysWithChildren, liveChildren } from './tree-rows';

/**
 * Administrative divisions (blade-system/region): platform rows, all in the root tenant, so every
 * query here takes that tenant id; row-level security lets every tenant read them (db/tenant-rls.ts
 * PLATFORM_DEFAULT_TABLES). A child's code starts with its parent's, so a subtree is a code prefix.
 */
export type RegionRow = Selectable<RegionTable>;

const FILTERS: Record<string, FilterColumn> = {
  code: { column: 'code', kind: 'text' },
  name: { column: 'name', kind: 'text' },
  parentCode: { column: 'parent_code', kind: 'text' },
  regionLevel: { column: 'region_level', kind: 'number' },
};

const live = (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('blade_region').selectAll().where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

export async function listRegions(db: Kysely<Database>, tenantId: string, query: ListQuery & { parentCode?: string }) {
  const base = db
    .selectFrom('blade_region')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .$if(query.parentCode !== undefined && query.parentCode !== '', (q) => q.where('parent_code', '=', query.parentCode!));
  return pageOfRows(base, query, FILTERS, (q) => q.selectAll().orderBy('region_level').orderBy('sort').orderBy('code'));
}

export async function findRegions(db: Kysely<Database>, tenantId: string, codes: string[]): Promise<RegionRow[]> {
  if (codes.length === 0) return [];
  return live(db, tenantId).where('code', 'in', codes).orderBy('region_level').orderBy('sort').orderBy('code').execute();
}

export async function findRegion(db: Kysely<Database>, tenantId: string, code: string): Promise<RegionRow | undefined> {
  return live(db, tenantId).where('code', '=', code).executeTakeFirst();
}

/** A region by code, removed or not (a removed code submitted again is brought back). */
export async function findRegionEvenRemoved(db: Kysely<Database>, tenantId: string, code: string): Promise<RegionRow | undefined> {
  return db.selectFrom('blade_region').selectAll().where('tenant_id', '=', tenantId).where('code', '=', code).executeTakeFirst();
}

/** The live children of one region ('00': the provinces), each with whether it has children. */
export const regionChildren = (db: Kysely<Database>, tenantId: string, parentCode: string) =>
  liveChildren(db, 'blade_region', tenantId, parentCode);

/** The live regions under each of `codes` (not the codes themselves), down to `maxLevel`. */
export async function regionDescendants(db: Kysely<Database>, tenantId: string, codes: string[], maxLevel: number): Promise<RegionRow[]> {
  if (codes.length === 0) return [];
  // Codes are digits only (the routes' schemas): nothing in a prefix to escape.
  return live(db, tenantId)
    .where((eb) => eb.or(codes.map((code) => eb.and([eb('code', 'like', `${code}%`), eb('code', '!=', code)]))))
    .where('region_level', '<=', maxLevel)
    .orderBy('region_level')
    .orderBy('sort')
    .orderBy('code')
    .execute();
}

/** Every live region down to `maxLevel` (level-tree). */
export async function regionsToLevel(db: Kysely<Database>, tenantId: string, maxLevel: number): Promise<RegionRow[]> {
  return live(db, tenantId).where('region_level', '<=', maxLevel).orderBy('region_level').orderBy('sort').orderBy('code').execute();
}

/** The codes among `codes` that have a live child. */
export const regionsWithChildren = (db: Kysely<Database>, tenantId: string, codes: string[]) =>
  keysWithChildren(db, 'blade_region', tenantId, codes);

export interface RegionWrite {
  code: string;
  parentCode: string;
  ancestors: string;
  name: string;
  regionLevel: number;
  sort: number;
  remark: string;
}

const columns = (input: RegionWrite) => ({
  parent_code: input.parentCode,
  ancestors: input.ancestors,
  name: input.name,
  region_level: input.regionLevel,
  sort: input.sort,
  remark: input.remark,
});

export async function insertRegion(db: Kysely<Database>, tenantId: string, input: RegionWrite, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('blade_region')
    .values({ code: input.code, tenant_id: tenantId, ...columns(input), update_user: userId, update_time: now })
    .execute();
}

/**
 * Changes a region over the version read (live rows), or brings a removed one back (`revive`: any
 * version); the new version, or undefined when the row moved on.
 */
export async function updateRegion(
  db: Kysely<Database>,
  tenantId: string,
  input: RegionWrite,
  change: { rowVersion: number } | { revive: true },
  userId: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('blade_region')
    .set({ ...columns(input), is_deleted: 0, row_version: nextVersion(), update_user: userId, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('code', '=', input.code)
    .$if('rowVersion' in change, (q) =>
      q.where('is_deleted', '=', 0).where('row_version', '=', (change as { rowVersion: number }).rowVersion),
    )
    .$if('revive' in change, (q) => q.where('is_deleted', '=', 1))
    .returning('row_version')
    .executeTakeFirst();
  return row?.row_version;
}

export const softDeleteRegions = (db: Kysely<Database>, tenantId: string, codes: string[], userId: string, now: Date) =>
  softDeleteVersioned(db, 'blade_region', 'code', tenantId, codes, userId, now);
