// Saving reports (decision 0037): the entry dialog's save-measure-data, a device's or lab system's
// put-data, and import-measure all come here. One transaction for all the reports of a call (none
// saved when one is refused). `jyid` is the report's key in the tenant: a report whose jyid is already
// there overwrites that report — its columns, result rows, images and the health-record values it
// fed — and the answer says so.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { Conflict, NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import type { MeasureSaveBody, MeasureSaved } from '../../../src/shared/contract/measurements';
import {
  archiveOfIdCard,
  indicatorsByCode,
  insertMeasure,
  liveArchive,
  liveMeasureIdByJyid,
  markApplyProjectReported,
  overwriteMeasure,
  projectByCode,
  replaceRows,
  rewriteEhrValues,
  tenantName,
} from '../repositories/measures';
import { checkReport, dayOf, problemText, type CheckedReport, type ReportProblem } from './report-rules';

export interface MeasureContext {
  db: Kysely<Database>;
  tenantId: string;
  actor: Actor;
  now: Date;
}

/** A refused report of a batch: which one (0-based) and its problem. */
export class ReportRefused extends Error {
  constructor(
    readonly index: number,
    readonly problem: ReportProblem,
  ) {
    super(problemText(problem));
  }
}

type Db = Kysely<Database>;

/** The checks that need the tenant's data: the resident, the project of the tree, the indicator codes. */
async function resolve(db: Db, tenantId: string, body: MeasureSaveBody, report: CheckedReport): Promise<string | null> {
  const c = report.columns;
  const named = body.arch_id !== undefined && body.arch_id !== '';
  if (named && !(await liveArchive(db, tenantId, body.arch_id!))) throw new NotFound('档案不存在');
  if (c.proj_code !== '') {
    const project = await projectByCode(db, tenantId, c.proj_type, c.proj_code);
    if (!project) throw new Refusal(`项目不存在：${c.proj_code}`);
    if (c.proj_name === '') c.proj_name = project.proj_name;
  }
  const codes = [...new Set(report.results.map((r) => r.ehr_code).filter((code) => code !== ''))];
  const known = await indicatorsByCode(db, tenantId, codes);
  for (const [i, r] of report.results.entries()) {
    if (r.ehr_code === '') continue;
    const indicator = known.get(r.ehr_code);
    if (!indicator) throw new ReportRefused(-1, { msg: `健康档案指标 ${r.ehr_code} 不存在`, resultIndex: i + 1 });
    if (r.ehr_name === '') r.ehr_name = indicator.ehr_name;
    if (r.jyzb_unit === '') r.jyzb_unit = indicator.unit;
  }
  return named ? body.arch_id! : archiveOfIdCard(db, tenantId, c.id_card);
}

/**
 * A report naming its resident but not their name (a tablet's device reading, decision 0046) takes the
 * archive's name, and its sex and id card where it gives none: the archive is who was measured.
 */
async function withResident(db: Db, tenantId: string, body: MeasureSaveBody): Promise<MeasureSaveBody> {
  if (!body.arch_id || body.uname.trim() !== '') return body;
  const archive = await liveArchive(db, tenantId, body.arch_id);
  if (!archive) throw new NotFound('档案不存在');
  return {
    ...body,
    uname: archive.person_name,
    usex: body.usex?.trim() || archive.sex,
    id_card: body.id_card?.trim() || archive.id_card,
  };
}

async function saveOne(trx: Db, ctx: MeasureContext, given: MeasureSaveBody, unit: { yydm: string; yymc: string }): Promise<MeasureSaved> {
  const body = await withResident(trx, ctx.tenantId, given);
  const checked = checkReport(body, dayOf(ctx.now));
  if (!('columns' in checked)) throw new ReportRefused(-1, checked);
  const found = await resolve(trx, ctx.tenantId, body, checked);
  const earlier = await liveMeasureIdByJyid(trx, ctx.tenantId, checked.columns.jyid);
  // An overwrite that names no resident and whose id card finds none keeps the earlier report's resident
  // when it is the same person (same id card): a lab's correction must not unlink a report a doctor linked.
  const archId =
    found ??
    (earlier && earlier.arch_id && earlier.id_card.toUpperCase() === checked.columns.id_card.toUpperCase() ? earlier.arch_id : null);
  const columns = { ...checked.columns, arch_id: archId, ...unit };
  const { userId } = ctx.actor;
  const id = earlier ? earlier.id : await insertMeasure(trx, ctx.tenantId, columns, userId, ctx.now);
  if (earlier) await overwriteMeasure(trx, ctx.tenantId, id, columns, userId, ctx.now);
  await replaceRows(trx, ctx.tenantId, id, checked.results, checked.reports, ctx.now);
  await rewriteEhrValues(trx, ctx.tenantId, id, archId, columns.jyrq, checked.results, userId, ctx.now);
  await markApplyProjectReported(trx, ctx.tenantId, columns.bar_code, id);
  return { id, jyid: columns.jyid, arch_id: archId, overwritten: earlier !== null };
}

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/**
 * Saves the reports, all or none; a refusal of a batch is a ReportRefused naming the report. The
 * unit (yydm / yymc) of a report without one is the caller's institution.
 */
export async function saveReports(ctx: MeasureContext, bodies: MeasureSaveBody[]): Promise<MeasureSaved[]> {
  try {
    return await inTransaction(ctx.db, async (trx) => {
      const name = await tenantName(trx, ctx.tenantId);
      const saved: MeasureSaved[] = [];
      for (const [index, body] of bodies.entries()) {
        try {
          saved.push(await saveOne(trx, ctx, body, { yydm: ctx.tenantId, yymc: name }));
        } catch (e) {
          if (e instanceof ReportRefused) throw new ReportRefused(index, e.problem);
          if (e instanceof Refusal) throw new ReportRefused(index, { msg: e.message });
          throw e;
        }
      }
      return saved;
    });
  } catch (e) {
    // Two saves of one new jyid at the same moment: the second finds the first's row only after it commits.
    if (isUniqueViolation(e)) throw new Conflict('同一检验单号的报告正在保存，请稍后重试');
    throw e;
  }
}

/** The message of a save: an overwrite says which report it replaced. */
export function savedMessage(saved: MeasureSaved): string {
  return saved.overwritten ? `检验单号 ${saved.jyid} 已存在，已覆盖原报告` : '保存成功';
}

/** One report (the dialog's save): a refusal is its message alone (第2行结果：… for a result row). */
export async function saveReport(ctx: MeasureContext, body: MeasureSaveBody): Promise<MeasureSaved> {
  try {
    const [saved] = await saveReports(ctx, [body]);
    return saved!;
  } catch (e) {
    if (e instanceof ReportRefused) throw new Refusal(problemText(e.problem));
    throw e;
  }
}

/** put-data: several reports, all or none; a refusal names the report (第2份报告（检验单号 X）：…). */
export async function putReports(ctx: MeasureContext, bodies: MeasureSaveBody[]): Promise<MeasureSaved[]> {
  try {
    return await saveReports(ctx, bodies);
  } catch (e) {
    if (e instanceof ReportRefused) {
      const jyid = bodies[e.index]?.jyid?.trim();
      throw new Refusal(`第${e.index + 1}份报告${jyid ? `（检验单号 ${jyid}）` : ''}：${problemText(e.problem)}`);
    }
    throw e;
  }
}
