// 医生任务 beyond CRUD (spec 001 §7 doctortask): a team leader reassigns an open task of the team to
// another member; the doctor it is assigned to (or the team's leader) marks it done.
import type { Kysely } from 'kysely';
import { splitIds, type AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { findTask, finishTasks, isTeamMember, reassignTask, tasksByBusiKey, type DoctorTaskRow } from '../repositories/doctor-tasks';
import { isTeamLeader } from './due-tasks';

export interface TaskContext {
  db: Kysely<Database>;
  auth: AccessClaims;
  now: Date;
}

const NOT_FOUND = '医生任务不存在';

/** A task outside the caller's teams is answered as absent, as the resource document's team scope answers it. */
function inCallerTeams(auth: AccessClaims, task: DoctorTaskRow): boolean {
  return splitIds(auth.team_id).includes(task.team_id);
}

export async function assignTask(ctx: TaskContext, id: string, doctorId: string): Promise<void> {
  const { db, auth } = ctx;
  const task = await findTask(db, auth.tenant_id, id);
  if (!task || !inCallerTeams(auth, task)) throw new NotFound(NOT_FOUND);
  if (!isTeamLeader(auth)) throw new Forbidden('只有团队长可以派发任务');
  if (task.status !== '0') throw new Refusal('任务已完成，不能改派');
  if (!(await isTeamMember(db, auth.tenant_id, doctorId, task.team_id))) throw new Refusal('该医生不是本团队成员');
  if ((await reassignTask(db, auth.tenant_id, id, doctorId, auth.user_id, ctx.now)) === 0) throw new Refusal('任务已完成，不能改派');
}

/**
 * Finishes the tasks named by id, or by business key (and kind): the caller's own open tasks, or —
 * for a team leader — any open task of the team. Answers how many were finished.
 */
export async function finishTask(ctx: TaskContext, by: { id?: string; busiKey?: string; taskCode?: string }): Promise<number> {
  const { db, auth } = ctx;
  let tasks: DoctorTaskRow[];
  if (by.id) {
    const task = await findTask(db, auth.tenant_id, by.id);
    tasks = task ? [task] : [];
  } else if (by.busiKey) tasks = await tasksByBusiKey(db, auth.tenant_id, by.busiKey, by.taskCode || undefined);
  else throw new Refusal('请提供任务ID（id）或业务主键（busiKey）');
  const leader = isTeamLeader(auth);
  const mine = tasks.filter((t) => t.doctor_id === auth.user_id || (leader && inCallerTeams(auth, t)));
  if (mine.length === 0) throw new NotFound(NOT_FOUND);
  const open = mine.filter((t) => t.status === '0');
  if (open.length === 0) throw new Refusal('任务已完成');
  return finishTasks(
    db,
    auth.tenant_id,
    open.map((t) => t.id),
    auth.user_id,
    ctx.now,
  );
}
