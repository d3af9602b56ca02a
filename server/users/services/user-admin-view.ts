// What the user administration answers for a user: every column a screen shows, the names of its
// departments, roles, team and posts joined for display, the lock state — never the password hash
// (the repository does not even read it).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { orgNames, type AdminUserRow } from '../repositories/user-admin';
import { splitIds } from '../../auth/index';
import { dateTime } from '../../forms/index';
import type { AdminUserView, DoctorView } from '../../../src/shared/contract/users';

export type OrgNames = Awaited<ReturnType<typeof orgNames>>;

export const loadOrgNames = (db: Kysely<Database>, tenantId: string): Promise<OrgNames> => orgNames(db, tenantId);

const SEX_NAMES: Readonly<Record<number, string>> = { 0: '未知的性别', 1: '男', 2: '女', 9: '未说明的性别' };

const namesOf = (ids: string, list: readonly { id: string; name: string }[]) => {
  const byId = new Map(list.map((item) => [item.id, item.name]));
  return splitIds(ids)
    .map((id) => byId.get(id) ?? '')
    .filter((name) => name !== '')
    .join(',');
};

// create_time is typed Generated<Timestamp> (a ColumnType kysely leaves wrapped); it reads as a Date.
const time = (value: unknown) => (value instanceof Date || typeof value === 'string' ? dateTime(new Date(value)) : '');

/** A user as the list, the detail and the doctor lists answer it. */
export function userView(row: AdminUserRow, names: OrgNames, now: number): AdminUserView {
  const lockedUntil = row.locked_until === null ? null : new Date(row.locked_until);
  return {
    id: row.id,
    tenantId: row.tenant_id,
    account: row.account,
    name: row.name,
    realName: row.real_name,
    avatar: row.avatar,
    email: row.email,
    phone: row.phone,
    sex: row.sex,
    sexName: SEX_NAMES[row.sex] ?? '',
    deptId: row.dept_id,
    deptName: namesOf(row.dept_id, names.depts),
    roleId: row.role_id,
    roleName: namesOf(row.role_id, names.roles),
    teamId: row.team_id,
    teamName: namesOf(row.team_id, names.teams),
    postId: row.post_id,
    postName: namesOf(row.post_id, names.posts),
    userType: row.user_type,
    status: row.status,
    statusName: row.status === 1 ? '正常' : '停用',
    /** Locked by the login lockout now (relieve-account lifts it). */
    locked: lockedUntil !== null && lockedUntil.getTime() > now,
    lockedUntil: lockedUntil === null || lockedUntil.getTime() <= now ? '' : dateTime(lockedUntil),
    failedCount: row.failed_count,
    /** A self-registered guest waiting for an administrator's role grant. */
    guestPending: row.guest_pending === 1,
    rowVersion: row.row_version,
    createTime: time(row.create_time),
    updateTime: time(row.update_time),
    updateUserName: row.update_user_name,
  };
}

export type UserView = ReturnType<typeof userView>;

/** The few fields a doctor picker needs (listDoctor, listMainDoctor, user-sel): no contact data. */
export function doctorView(row: AdminUserRow, names: OrgNames): DoctorView {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    realName: row.real_name,
    deptId: row.dept_id,
    deptName: namesOf(row.dept_id, names.depts),
    roleName: namesOf(row.role_id, names.roles),
    teamId: row.team_id,
    teamName: namesOf(row.team_id, names.teams),
    postId: row.post_id,
    postName: namesOf(row.post_id, names.posts),
  };
}
