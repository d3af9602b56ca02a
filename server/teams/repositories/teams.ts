// The statements of the teams' calls beyond CRUD: a tenant's live teams, who is in them (a user's
// blade_user.team_id lists the teams the login and the archive transfer see; a membership row adds the
// role in the team), the main doctors of a region, and grant's writes. Every statement names the
// tenant itself (row-level security is the second lock); values are always bound.
import { sql, type Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';

/** A team as blade_team holds it (the document's columns and the standard ones). */
export type TeamRow = Record<string, unknown> & {
  id: string;
  tenant_id: string;
  name: string;
  dept_id: string;
  row_version: number;
  create_time: Date;
  update_user: string | null;
  update_time: Date | null;
};

export interface MemberRow {
  team_id: string;
  user_id: string;
  account: string;
  real_name: string;
  team_role: number | null;
  sort: number | null;
}

/** The tenant's live teams, all of them or those among `ids`, in the list's order (sort, name). */
export async function liveTeams(db: Kysely<Database>, tenantId: string, ids?: string[]): Promise<TeamRow[]> {
  if (ids && ids.length === 0) return [];
  const among = ids ? sql`and id in (${sql.join(ids)})` : sql``;
  const { rows } = await sql<TeamRow>`select * from blade_team where tenant_id = ${tenantId} and is_deleted = 0 ${among}
    order by sort, name, id`.execute(db);
  return rows;
}

/**
 * The members of the tenant's teams among `teamIds`: the live users whose team list names the team,
 * with their role and order in it when a membership row says so.
 */
export async function membersOf(db: Kysely<Database>, tenantId: string, teamIds: string[]): Promise<MemberRow[]> {
  if (teamIds.length === 0) return [];
  const { rows } = await sql<MemberRow>`
    select l.team_id, u.id as user_id, u.account, u.real_name, m.team_role, m.sort
    from blade_user u
    cross join lateral (select distinct trim(x) as team_id from unnest(string_to_array(u.team_id, ',')) as s(x)) l
    left join iph_doctor_team_dts m
      on m.tenant_id = u.tenant_id and m.team_id = l.team_id and m.user_id = u.id and m.is_deleted = 0
    where u.tenant_id = ${tenantId} and u.is_deleted = 0 and l.team_id in (${sql.join(teamIds)})
    order by l.team_id, coalesce(m.sort, 9999), u.id`.execute(db);
  return rows;
}

/** A live user of the tenant: the team list and the first role's alias (for grant's default role in a team). */
export async function liveUsers(
  db: Kysely<Database>,
  tenantId: string,
  ids: string[],
): Promise<{ id: string; team_id: string; role_alias: string | null }[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string; team_id: string; role_alias: string | null }>`
    select u.id, u.team_id, r.role_alias from blade_user u
    left join blade_role r on r.tenant_id = u.tenant_id and r.id = split_part(u.role_id, ',', 1)
    where u.tenant_id = ${tenantId} and u.is_deleted = 0 and u.id in (${sql.join(ids)})`.execute(db);
  return rows;
}

/** The team's live membership rows: user id → row id. */
export async function membershipsOf(db: Kysely<Database>, tenantId: string, teamId: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ id: string; user_id: string }>`select id, user_id from iph_doctor_team_dts
    where tenant_id = ${tenantId} and team_id = ${teamId} and is_deleted = 0`.execute(db);
  return new Map(rows.map((r) => [r.user_id, r.id]));
}

export async function insertMembership(
  db: Kysely<Database>,
  tenantId: string,
  values: { teamId: string; userId: string; teamRole: number },
  userId: string,
  now: Date,
): Promise<void> {
  await sql`insert into iph_doctor_team_dts (id, tenant_id, team_id, user_id, team_role, sort, create_user, create_time, update_user, update_time)
    values (${newId(now.getTime())}, ${tenantId}, ${values.teamId}, ${values.userId}, ${values.teamRole}, 0, ${userId}, ${now}, ${userId}, ${now})`.execute(
    db,
  );
}

/** Soft-removes membership rows (the trigger takes the team out of each user's list). */
export async function removeMemberships(db: Kysely<Database>, tenantId: string, ids: string[], userId: string, now: Date) {
  if (ids.length === 0) return;
  await sql`update iph_doctor_team_dts set is_deleted = 1, row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)})`.execute(db);
}

/**
 * Takes `teamId` out of the lists of the tenant's users not among `keep` (members the list names
 * without a membership row — written before memberships were kept — leave with the others).
 */
export async function dropTeamFromOthers(db: Kysely<Database>, tenantId: string, teamId: string, keep: string[]): Promise<void> {
  await sql`update blade_user set team_id = iph_team_list_without(team_id, ${teamId})
    where tenant_id = ${tenantId} and ${teamId} = any (string_to_array(replace(team_id, ' ', ''), ','))
      and id not in (${sql.join(keep)})`.execute(db);
}

export interface RegionDoctorRow {
  id: string;
  region_code: string;
  doctor_id: string;
  team_id: string | null;
  post_type: number;
  real_name: string;
  phone: string;
  team_name: string | null;
}

/** The enabled doctors of a region in a post, with their names and teams. */
export async function regionDoctors(
  db: Kysely<Database>,
  tenantId: string,
  regionCode: string,
  postType: number,
): Promise<RegionDoctorRow[]> {
  const { rows } = await sql<RegionDoctorRow>`
    select d.id, d.region_code, d.doctor_id, d.team_id, d.post_type, u.real_name, u.phone, t.name as team_name
    from iph_region_doctor d
    join blade_user u on u.tenant_id = d.tenant_id and u.id = d.doctor_id and u.is_deleted = 0
    left join blade_team t on t.tenant_id = d.tenant_id and t.id = d.team_id and t.is_deleted = 0
    where d.tenant_id = ${tenantId} and d.is_deleted = 0 and d.status = 1 and d.region_code = ${regionCode} and d.post_type = ${postType}
    order by d.create_time, d.id`.execute(db);
  return rows;
}

/** Puts `teamId` in the lists of the tenant's users among `ids` that do not name it yet. */
export async function addTeamToLists(db: Kysely<Database>, tenantId: string, teamId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`update blade_user
    set team_id = case when iph_team_list_without(team_id, ${teamId}) = '' then ${teamId}
                       else iph_team_list_without(team_id, ${teamId}) || ',' || ${teamId} end
    where tenant_id = ${tenantId} and id in (${sql.join(ids)})
      and not (${teamId} = any (string_to_array(replace(team_id, ' ', ''), ',')))`.execute(db);
}
