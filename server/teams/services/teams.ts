// The teams' calls beyond CRUD (spec 002 §7 doctorteam team-list, list-team-dis, doctorteam/select;
// doctorteamdts grant; regiondoctor list-main-doctor-by-region). The CRUD part of each family is its
// resource document (schemas/crud/{doctorteam,doctorteamdts,doctorassistant,regiondoctor}.crud.json).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { splitIds } from '../../auth/index';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { resourceView, type ResourceDocument, type ResourceView } from '../../resource-documents/index';
import {
  addTeamToLists,
  dropTeamFromOthers,
  insertMembership,
  liveTeams,
  liveUsers,
  membersOf,
  membershipsOf,
  regionDoctors,
  removeMemberships,
  type TeamRow,
} from '../repositories/teams';

export interface TeamMember {
  userId: string;
  account: string;
  realName: string;
  /** 1 团队长, 2 医生, 3 护士, 4 公卫医师; null when only the user's team list names the team. */
  teamRole: number | null;
  sort: number;
}

export type TeamWithMembers = ResourceView & { members: TeamMember[] };

/** A tenant named by the caller must be the caller's own: another institution's teams are not read here. */
export function ownTenant(callerTenant: string, asked: string | undefined): string {
  if (asked !== undefined && asked !== '' && asked !== callerTenant) throw new Forbidden('只能查询本机构的数据');
  return callerTenant;
}

async function withMembers(db: Kysely<Database>, doc: ResourceDocument, tenantId: string, teams: TeamRow[]): Promise<TeamWithMembers[]> {
  const members = await membersOf(
    db,
    tenantId,
    teams.map((t) => t.id),
  );
  return teams.map((t) => ({
    ...resourceView(doc.block, t),
    members: members
      .filter((m) => m.team_id === t.id)
      .map((m) => ({ userId: m.user_id, account: m.account, realName: m.real_name, teamRole: m.team_role, sort: m.sort ?? 0 })),
  }));
}

/** doctorteam/team-list: the caller's tenant's live teams with their members. */
export async function teamList(db: Kysely<Database>, doc: ResourceDocument, tenantId: string): Promise<TeamWithMembers[]> {
  return withMembers(db, doc, tenantId, await liveTeams(db, tenantId));
}

/** doctorteam/list-team-dis: the live teams a user of the caller's tenant belongs to (its team list). */
export async function teamsOfDoctor(
  db: Kysely<Database>,
  doc: ResourceDocument,
  tenantId: string,
  doctorId: string,
): Promise<TeamWithMembers[]> {
  const [user] = await liveUsers(db, tenantId, [doctorId]);
  if (!user) throw new NotFound('医生不存在');
  return withMembers(db, doc, tenantId, await liveTeams(db, tenantId, splitIds(user.team_id)));
}

/**
 * doctorteam/select: the team chosen at login (Team-Id). The caller's own team list must name it and
 * it must be a live team of the caller's tenant; the answer is the team's id, name, code and department.
 */
export async function selectTeam(db: Kysely<Database>, tenantId: string, userId: string, teamId: string) {
  const [team] = await liveTeams(db, tenantId, [teamId]);
  if (!team) throw new NotFound('团队不存在');
  const [me] = await liveUsers(db, tenantId, [userId]);
  if (!me || !splitIds(me.team_id).includes(teamId)) throw new Forbidden('您不是该团队的成员');
  return { id: team.id, name: team.name, teamCode: String(team.team_code ?? ''), deptId: team.dept_id };
}

/** A user's role in a team when grant adds them: from the user's (first) role. */
const ROLE_IN_TEAM: Record<string, number> = { team_leader: 1, doctor: 2, nurse: 3 };

/**
 * doctorteamdts/grant: makes exactly `userIds` the members of each team of `teamIds`, in one
 * transaction — the missing are added (their role in the team from their own role), the others
 * removed; the users' team lists follow (the membership trigger, and here for lists that named a
 * team without a membership row). Every id must be the caller's tenant's live team or user, or
 * nothing changes.
 */
export async function grantMembers(
  db: Kysely<Database>,
  tenantId: string,
  userIds: string[],
  teamIds: string[],
  actor: Actor,
  now: Date,
): Promise<{ added: number; removed: number }> {
  if (teamIds.length === 0) throw new Refusal('请选择团队');
  if (userIds.length === 0) throw new Refusal('请选择团队成员');
  const users = await liveUsers(db, tenantId, userIds);
  const unknownUser = userIds.find((id) => !users.some((u) => u.id === id));
  if (unknownUser) throw new Refusal(`用户不存在: ${unknownUser}`);
  const teams = await liveTeams(db, tenantId, teamIds);
  const unknownTeam = teamIds.find((id) => !teams.some((t) => t.id === id));
  if (unknownTeam) throw new Refusal(`团队不存在: ${unknownTeam}`);

  return inTransaction(db, async (trx) => {
    let added = 0;
    let removed = 0;
    for (const teamId of teamIds) {
      const current = await membershipsOf(trx, tenantId, teamId);
      const leaving = [...current].filter(([user]) => !userIds.includes(user)).map(([, rowId]) => rowId);
      await removeMemberships(trx, tenantId, leaving, actor.userId, now);
      removed += leaving.length;
      for (const user of users)
        if (!current.has(user.id)) {
          await insertMembership(
            trx,
            tenantId,
            { teamId, userId: user.id, teamRole: ROLE_IN_TEAM[user.role_alias ?? ''] ?? 2 },
            actor.userId,
            now,
          );
          added += 1;
        }
      await dropTeamFromOthers(trx, tenantId, teamId, userIds);
      await addTeamToLists(trx, tenantId, teamId, userIds);
    }
    return { added, removed };
  });
}

export interface MainDoctor {
  id: string;
  regionCode: string;
  doctorId: string;
  doctorName: string;
  phone: string;
  teamId: string;
  teamName: string;
  postType: number;
}

/** regiondoctor/list-main-doctor-by-region: the enabled doctors of a region in a post (2 主责医生 by default). */
export async function mainDoctorsOfRegion(
  db: Kysely<Database>,
  tenantId: string,
  regionCode: string,
  postType: number,
): Promise<MainDoctor[]> {
  const rows = await regionDoctors(db, tenantId, regionCode, postType);
  return rows.map((r) => ({
    id: r.id,
    regionCode: r.region_code,
    doctorId: r.doctor_id,
    doctorName: r.real_name,
    phone: r.phone,
    teamId: r.team_id ?? '',
    teamName: r.team_name ?? '',
    postType: r.post_type,
  }));
}
