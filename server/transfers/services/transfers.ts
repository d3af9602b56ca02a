// 转移管理 (spec 001 §7 usertransferdoctor; issue 31): a doctor proposes moving residents' archives to
// another team and/or doctor of the institution (status 0 待确认); the receiving side — the target
// doctor, or a user whose teams include the target team — confirms (the archive's doctor and team
// change then, through archives' own update: version and history) or sends the proposal back with a
// reason. The proposing side may not confirm its own proposal.
import type { AppDeps } from '../../app-deps';
import { archivesOf, assignArchives, type ArchiveAssignment } from '../../archives/index';
import { type AccessClaims, splitIds } from '../../auth/index';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { takeOutOfFamilies } from '../../families/index';
import { dateTime } from '../../forms/index';
import { requiredRowVersion, versionOrStale } from '../../org/index';
import {
  closeTransfers,
  CONFIRMED,
  insertTransfers,
  listTransfers,
  pendingOf,
  SENT_BACK,
  teamsOf,
  transfersByIds,
  updatePendingTransfer,
  usersOf,
  withdrawTransfers,
  type NewTransfer,
  type TransferRow,
  type TransferSide,
} from '../repositories/transfers';

export const TRANSFER_MESSAGES = {
  notFound: '转移申请不存在',
  archiveNotFound: '档案不存在',
  noTarget: '请选择接收团队或接收医生',
  noReason: '请输入转移原因',
  noBackReason: '请输入退回原因',
  doctorNotFound: '接收医生不存在',
  teamNotFound: '接收团队不存在',
  sameTarget: (name: string) => `${name}的档案已属于该团队和医生，无需转移`,
  pending: (name: string) => `${name}的档案已有待确认的转移申请`,
  done: '转移申请已处理，不能再确认或退回',
  ownSide: '不能确认或退回自己发起的转移申请，应由接收方处理',
  notTarget: '只有接收医生或接收团队的成员可以处理该转移申请',
  notYours: '只能修改或撤回自己发起且待确认的转移申请',
  noIds: '请选择要转移的档案',
} as const;

const STATUS_TEXT: Record<number, string> = { 0: '待确认', 1: '已确认', 2: '已退回' };

export interface TransferView {
  id: string;
  archId: string;
  personName: string;
  fromDoctorId: string;
  fromDoctorName: string;
  fromTeamId: string;
  fromTeamName: string;
  toDoctorId: string;
  toDoctorName: string;
  toTeamId: string;
  toTeamName: string;
  reason: string;
  status: number;
  statusText: string;
  proposerId: string;
  proposerName: string;
  backReason: string;
  removeFamilyDts: number;
  confirmUserName: string;
  confirmTime: string;
  rowVersion: number;
  createTime: string;
}

export function transferView(r: TransferRow): TransferView {
  return {
    id: r.id,
    archId: r.arch_id,
    personName: r.person_name,
    fromDoctorId: r.from_doctor_id,
    fromDoctorName: r.from_doctor_name,
    fromTeamId: r.from_team_id,
    fromTeamName: r.from_team_name,
    toDoctorId: r.to_doctor_id,
    toDoctorName: r.to_doctor_name,
    toTeamId: r.to_team_id,
    toTeamName: r.to_team_name,
    reason: r.reason,
    status: r.status,
    statusText: STATUS_TEXT[r.status] ?? '',
    proposerId: r.create_user ?? '',
    proposerName: r.proposer_name,
    backReason: r.back_reason,
    removeFamilyDts: r.remove_family_dts,
    confirmUserName: r.confirm_user_name,
    confirmTime: r.confirm_time ? dateTime(new Date(r.confirm_time)) : '',
    rowVersion: r.row_version,
    createTime: dateTime(new Date(r.create_time)),
  };
}

/** The caller's teams (blade_user.team_id, a comma list). */
async function teamsOfCaller(deps: AppDeps, auth: AccessClaims): Promise<string[]> {
  const [me] = await usersOf(deps.db, auth.tenant_id, [auth.user_id]);
  return me ? splitIds(me.team_id) : [];
}

export type ListSide = 'incoming' | 'mine' | 'all';

export async function transferPage(
  deps: AppDeps,
  auth: AccessClaims,
  query: { side?: ListSide; status?: number; personName?: string; current?: number; size?: number },
) {
  const current = query.current ?? 1;
  const size = query.size ?? 10;
  const sideName = query.side ?? 'incoming';
  const side: TransferSide =
    sideName === 'mine'
      ? { mine: auth.user_id }
      : sideName === 'incoming'
        ? { incoming: { userId: auth.user_id, teamIds: await teamsOfCaller(deps, auth) } }
        : { all: true };
  const { rows, total } = await listTransfers(
    deps.db,
    auth.tenant_id,
    { side, status: query.status, personName: query.personName?.trim() || undefined },
    current,
    size,
  );
  return { records: rows.map(transferView), total, current, size };
}

export async function transferDetail(deps: AppDeps, tenantId: string, id: string): Promise<TransferView> {
  const [row] = await transfersByIds(deps.db, tenantId, [id]);
  if (!row) throw new NotFound(TRANSFER_MESSAGES.notFound);
  return transferView(row);
}

export interface TargetBody {
  toDoctorId?: string | null;
  toTeamId?: string | null;
  reason?: string | null;
}

interface Target {
  to_doctor_id: string;
  to_doctor_name: string;
  to_team_id: string;
  to_team_name: string;
  reason: string;
}

/** The target as sent, checked: a doctor and/or a team of the caller's tenant (a doctor alone: the team is the doctor's first), and a reason. */
async function checkTarget(deps: AppDeps, tenantId: string, body: TargetBody): Promise<Target> {
  const doctorId = body.toDoctorId?.trim() || '';
  let teamId = body.toTeamId?.trim() || '';
  const reason = body.reason?.trim() || '';
  if (!doctorId && !teamId) throw new Refusal(TRANSFER_MESSAGES.noTarget);
  if (!reason) throw new Refusal(TRANSFER_MESSAGES.noReason);
  let doctorName = '';
  if (doctorId) {
    const [doctor] = await usersOf(deps.db, tenantId, [doctorId]);
    if (!doctor) throw new Refusal(TRANSFER_MESSAGES.doctorNotFound);
    doctorName = doctor.real_name;
    if (!teamId) teamId = splitIds(doctor.team_id)[0] ?? '';
  }
  let teamName = '';
  if (teamId) {
    const [team] = await teamsOf(deps.db, tenantId, [teamId]);
    if (!team) throw new Refusal(TRANSFER_MESSAGES.teamNotFound);
    teamName = team.name;
  }
  return { to_doctor_id: doctorId, to_doctor_name: doctorName, to_team_id: teamId, to_team_name: teamName, reason };
}

/** Proposes moving the archives of `archIds` (all or none: each must be the tenant's, differ from the target and have no pending proposal). */
export async function proposeTransfers(deps: AppDeps, auth: AccessClaims, archIds: string[], body: TargetBody): Promise<TransferView[]> {
  const ids = [...new Set(archIds)];
  if (ids.length === 0) throw new Refusal(TRANSFER_MESSAGES.noIds);
  const target = await checkTarget(deps, auth.tenant_id, body);
  const archives = await archivesOf(deps.db, auth.tenant_id, ids);
  if (archives.length !== ids.length) throw new NotFound(TRANSFER_MESSAGES.archiveNotFound);
  for (const a of archives)
    if (a.main_doctor_id === target.to_doctor_id && a.team_id === target.to_team_id)
      throw new Refusal(TRANSFER_MESSAGES.sameTarget(a.person_name));
  const pending = await pendingOf(deps.db, auth.tenant_id, ids);
  if (pending.length) throw new Refusal(TRANSFER_MESSAGES.pending(pending[0]!.person_name));
  const rows: NewTransfer[] = archives.map((a) => ({
    arch_id: a.id,
    person_name: a.person_name,
    from_doctor_id: a.main_doctor_id,
    from_doctor_name: a.doctor_name,
    from_team_id: a.team_id,
    from_team_name: a.team_name,
    ...target,
    proposer_name: auth.real_name,
  }));
  const created = await insertTransfers(deps.db, auth.tenant_id, rows, auth.user_id, new Date(deps.now()));
  return (await transfersByIds(deps.db, auth.tenant_id, created)).map(transferView);
}

/** Changes the target or reason of the caller's own pending proposal, over the version read (428 without, 409 stale). */
export async function changeTransfer(
  deps: AppDeps,
  auth: AccessClaims,
  id: string,
  rowVersion: number | undefined,
  body: TargetBody,
): Promise<TransferView> {
  const [current] = await transfersByIds(deps.db, auth.tenant_id, [id]);
  if (!current) throw new NotFound(TRANSFER_MESSAGES.notFound);
  const version = requiredRowVersion(rowVersion, '转移申请');
  if (current.create_user !== auth.user_id || current.status !== 0) throw new Forbidden(TRANSFER_MESSAGES.notYours);
  const target = await checkTarget(deps, auth.tenant_id, {
    toDoctorId: body.toDoctorId === undefined ? current.to_doctor_id : body.toDoctorId,
    toTeamId: body.toTeamId === undefined ? current.to_team_id : body.toTeamId,
    reason: body.reason === undefined ? current.reason : body.reason,
  });
  const next = await updatePendingTransfer(deps.db, auth.tenant_id, id, version, target, auth.user_id, new Date(deps.now()));
  await versionOrStale(
    deps.db,
    '转移申请',
    auth.tenant_id,
    next,
    async () => (await transfersByIds(deps.db, auth.tenant_id, [id]))[0],
    TRANSFER_MESSAGES.notFound,
  );
  return transferDetail(deps, auth.tenant_id, id);
}

/**
 * The proposals among `ids` that the caller may decide, all or none: every one is the tenant's,
 * pending, not the caller's own, and addressed to the caller (as the target doctor or a member of
 * the target team).
 */
async function decidable(deps: AppDeps, auth: AccessClaims, ids: string[]): Promise<TransferRow[]> {
  const unique = [...new Set(ids)];
  const rows = await transfersByIds(deps.db, auth.tenant_id, unique);
  if (rows.length === 0 || rows.length !== unique.length) throw new NotFound(TRANSFER_MESSAGES.notFound);
  const teams = await teamsOfCaller(deps, auth);
  for (const r of rows) {
    if (r.status !== 0) throw new Refusal(TRANSFER_MESSAGES.done);
    if (r.create_user === auth.user_id) throw new Forbidden(TRANSFER_MESSAGES.ownSide);
    const target = r.to_doctor_id === auth.user_id || (r.to_team_id !== '' && teams.includes(r.to_team_id));
    if (!target) throw new Forbidden(TRANSFER_MESSAGES.notTarget);
  }
  return rows;
}

/**
 * barch-confirm: the receiving side confirms; each archive's doctor and team become the target's
 * (a team alone: the archive's doctor is cleared, the receiving team assigns one). removeFamilyDts=1
 * also takes each resident out of their family.
 */
export async function confirmTransfers(deps: AppDeps, auth: AccessClaims, ids: string[], removeFamilyDts: boolean): Promise<number> {
  const rows = await decidable(deps, auth, ids);
  const now = new Date(deps.now());
  const closed = new Set(
    await closeTransfers(
      deps.db,
      auth.tenant_id,
      rows.map((r) => r.id),
      { status: CONFIRMED, removeFamilyDts: removeFamilyDts ? 1 : 0, userId: auth.user_id, userName: auth.real_name },
      now,
    ),
  );
  for (const r of rows.filter((x) => closed.has(x.id))) {
    const assignment: ArchiveAssignment = {
      main_doctor_id: r.to_doctor_id,
      doctor_name: r.to_doctor_name,
      team_id: r.to_team_id,
      team_name: r.to_team_name,
    };
    await assignArchives(deps.db, auth, [r.arch_id], assignment, now);
  }
  if (removeFamilyDts)
    await takeOutOfFamilies(
      deps,
      auth,
      rows.filter((x) => closed.has(x.id)).map((r) => r.arch_id),
    );
  return closed.size;
}

/** 退回: the receiving side sends proposals back with a reason; the archives stay as they are. */
export async function sendBackTransfers(deps: AppDeps, auth: AccessClaims, ids: string[], backReason: string | undefined): Promise<number> {
  const reason = backReason?.trim() ?? '';
  if (!reason) throw new Refusal(TRANSFER_MESSAGES.noBackReason);
  const rows = await decidable(deps, auth, ids);
  const closed = await closeTransfers(
    deps.db,
    auth.tenant_id,
    rows.map((r) => r.id),
    { status: SENT_BACK, backReason: reason, userId: auth.user_id, userName: auth.real_name },
    new Date(deps.now()),
  );
  return closed.length;
}

/** Withdraws the caller's own pending proposals (404 when none of `ids` is one). */
export async function withdrawOwnTransfers(deps: AppDeps, auth: AccessClaims, ids: string[]): Promise<number> {
  const done = await withdrawTransfers(deps.db, auth.tenant_id, ids, auth.user_id, new Date(deps.now()));
  if (done.length === 0) throw new NotFound(TRANSFER_MESSAGES.notFound);
  return done.length;
}

/** The tenant's teams, for the proposal dialog's 接收团队. */
export async function transferTeams(deps: AppDeps, tenantId: string) {
  return (await teamsOf(deps.db, tenantId)).map((t) => ({ id: t.id, name: t.name }));
}

/** usertransferarchives (between institutions): see server/transfers/README.md. */
export const CROSS_TENANT_REFUSAL =
  '跨机构转移档案需要两个机构共享居民档案，本系统的档案按机构隔离，不支持跨机构转移；机构内的转移请使用转移管理（usertransferdoctor）';
