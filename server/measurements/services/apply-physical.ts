// 体检申请 (decision 0037): an application of some projects of the tree for one resident
// (apply-modal) or many (apply-modal-archs); each resident's project gets a bar code for its label
// (userapplyproject/listBarCodeData), and a report later saved with that bar code marks it 已出报告.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { dateTime } from '../../forms/index';
import { inTransaction } from '../../platform/repositories/form-transaction';
import type { ApplyProjectView, ApplyView, BarCodeRow } from '../../../src/shared/contract/measurements';
import {
  findApplication,
  insertApplication,
  listApplications,
  listApplyProjects,
  liveArchiveIds,
  liveProjectsById,
  type ApplyProjectFilter,
  type ApplyProjectRow,
  type ApplyRow,
} from '../repositories/applications';
import { dayOf, SEX_TEXT } from './report-rules';
import type { MeasureContext } from './measure-save';

export interface ApplyInput {
  archIds: string[];
  applyDate?: string | undefined;
  projIds: string[];
  remark?: string | undefined;
}

/** Applies for the projects for every resident named, all or none (档案不存在 / 项目不存在 naming the first missing). */
export async function apply(ctx: MeasureContext, input: ApplyInput): Promise<{ id: string; residents: number; projects: number }> {
  const today = dayOf(ctx.now);
  const applyDate = (input.applyDate ?? '').slice(0, 10) || today;
  const t = new Date(`${applyDate}T00:00:00Z`);
  if (Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== applyDate) throw new Refusal('申请日期格式不正确');
  if (applyDate < today) throw new Refusal('申请日期不能早于今天');
  const archIds = [...new Set(input.archIds)];
  const projIds = [...new Set(input.projIds)];
  return inTransaction(ctx.db, async (trx) => {
    const archives = await liveArchiveIds(trx, ctx.tenantId, archIds);
    const missingArch = archIds.find((id) => !archives.includes(id));
    if (missingArch !== undefined) throw new NotFound(`档案不存在：${missingArch.slice(0, 40)}`);
    const projects = await liveProjectsById(trx, ctx.tenantId, projIds);
    const missingProj = projIds.find((id) => !projects.some((p) => p.id === id));
    if (missingProj !== undefined) throw new NotFound(`项目不存在：${missingProj}`);
    const main = { applyDate, doctor: ctx.actor.userName, remark: (input.remark ?? '').trim() };
    const id = await insertApplication(trx, ctx.tenantId, main, archIds, projects, ctx.actor.userId, ctx.now);
    return { id, residents: archIds.length, projects: archIds.length * projects.length };
  });
}

const applyView = (r: ApplyRow): ApplyView => ({
  ...r,
  resident_count: Number(r.resident_count),
  create_time: dateTime(new Date(r.create_time)),
});

const projectView = (r: ApplyProjectRow): ApplyProjectView => ({
  id: r.id,
  main_id: r.main_id,
  arch_id: r.arch_id,
  name: r.name,
  sex: r.sex,
  sex_text: SEX_TEXT[r.sex] ?? '',
  apply_date: r.apply_date,
  proj_type: Number(r.proj_type),
  proj_code: r.proj_code,
  proj_name: r.proj_name,
  bar_code: r.bar_code,
  status: r.measure_id ? '1' : '0',
  measure_id: r.measure_id,
});

export async function applications(
  ctx: { db: Kysely<Database>; tenantId: string },
  f: { from?: string | undefined; to?: string | undefined },
  current: number,
  size: number,
): Promise<{ records: ApplyView[]; total: number }> {
  const { rows, total } = await listApplications(ctx.db, ctx.tenantId, f, size, (current - 1) * size);
  return { records: rows.map(applyView), total };
}

export async function applyProjects(
  ctx: { db: Kysely<Database>; tenantId: string },
  f: ApplyProjectFilter,
  current: number,
  size: number,
): Promise<{ records: ApplyProjectView[]; total: number }> {
  const { rows, total } = await listApplyProjects(ctx.db, ctx.tenantId, f, size, (current - 1) * size);
  return { records: rows.map(projectView), total };
}

/** One application with every resident's projects (the screen's right panel). */
export async function applicationDetail(
  ctx: { db: Kysely<Database>; tenantId: string },
  id: string,
): Promise<ApplyView & { projects: ApplyProjectView[] }> {
  const main = await findApplication(ctx.db, ctx.tenantId, id);
  if (!main) throw new NotFound('体检申请不存在');
  const { rows } = await listApplyProjects(ctx.db, ctx.tenantId, { mainId: id }, 5000, 0);
  return { ...applyView(main), projects: rows.map(projectView) };
}

/** Age in whole years on a day, and as a label: 45岁; under six 1岁3月; under a year 8月 or 20天. */
export function ageOn(birthday: string, day: string): { age: number | null; ageDetail: string } {
  const b = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday);
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!b || !d) return { age: null, ageDetail: '' };
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const [dy, dm, dd] = [Number(d[1]), Number(d[2]), Number(d[3])];
  let months = (dy - by) * 12 + (dm - bm) - (dd < bd ? 1 : 0);
  if (months < 0) return { age: null, ageDetail: '' };
  const years = Math.floor(months / 12);
  months -= years * 12;
  if (years >= 6) return { age: years, ageDetail: `${years}岁` };
  if (years >= 1) return { age: years, ageDetail: months > 0 ? `${years}岁${months}月` : `${years}岁` };
  if (months >= 1) return { age: 0, ageDetail: `${months}月` };
  const days = Math.round((Date.UTC(dy, dm - 1, dd) - Date.UTC(by, bm - 1, bd)) / 86_400_000);
  return { age: 0, ageDetail: `${days}天` };
}

/** The label print rows of an application (spec 001 line 55): one per resident and project. */
export async function barCodeRows(ctx: { db: Kysely<Database>; tenantId: string }, mainId: string): Promise<BarCodeRow[]> {
  if (!(await findApplication(ctx.db, ctx.tenantId, mainId))) throw new NotFound('体检申请不存在');
  const { rows } = await listApplyProjects(ctx.db, ctx.tenantId, { mainId }, 5000, 0);
  return rows.map((r) => ({
    apply_date: r.apply_date,
    proj_name: r.proj_name,
    name: r.name,
    sex_text: SEX_TEXT[r.sex] ?? '',
    ...ageOn(r.birthday, r.apply_date),
    bar_code: r.bar_code,
  }));
}
