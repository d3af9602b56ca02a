import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const splitIds = (joined: string | null | undefined): string[] =>
  (joined ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export async function listDepts(db: Kysely<Database>, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_dept')
    .select(['id', 'dept_name', 'dept_category', 'region_code'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('sort')
    .execute();
}

export async function listRoles(db: Kysely<Database>, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_role')
    .select(['id', 'role_name', 'role_alias'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .orderBy('sort')
    .execute();
}

export async function listTeams(db: Kysely<Database>, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('blade_team').select(['id', 'name', 'dept_id']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}
