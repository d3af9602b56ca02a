// Reading, removing and linking reports (decision 0037): the lists and details of usermeasureproject
// and usermeasure, the resident's result rows (the lab history of one indicator), the project list the
// entry picks from, removal by id or by jyid, linking reports to archives by id card and refreshing
// the health-record values a report feeds.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { dateTime } from '../../forms/index';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { maskMiddle } from '../../platform/services/masking';
import type {
  MeasureHistoryRow,
  MeasureLinks,
  MeasureProject,
  MeasureResultView,
  MeasureView,
} from '../../../src/shared/contract/measurements';
import {
  byIds,
  byJyids,
  countUnlinked,
  linkMeasuresByIdCard,
  listMeasures,
  liveArchive,
  liveMeasureIds,
  projectsWithIndicators,
  removeMeasures,
  reportsOf,
  resultsOf,
  rewriteEhrValues,
  SORTABLE,
  type MeasureFilter,
  type MeasureRow,
  type ResultRow,
  type SortColumn,
} from '../repositories/measures';
import { CHARGE_TEXT, PROJ_TYPE_TEXT, SEX_TEXT } from './report-rules';
import type { MeasureContext } from './measure-save';

type Db = Kysely<Database>;

export interface ReadContext {
  db: Db;
  tenantId: string;
}

const resultView = (r: ResultRow): MeasureResultView => ({ ...r, proj_type: Number(r.proj_type), sort: Number(r.sort) });

/** Reports with their result rows and images, in the order given; the id card masked. */
async function views(ctx: ReadContext, rows: MeasureRow[]): Promise<MeasureView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const results = await resultsOf(ctx.db, ctx.tenantId, { ids });
  const images = await reportsOf(ctx.db, ctx.tenantId, ids);
  return rows.map((r) => ({
    ...r,
    // Masked as an archive's is (110***********1234): a report answers to every care role of the institution.
    id_card: maskMiddle(r.id_card),
    uage: r.uage === null ? null : Number(r.uage),
    usex_text: SEX_TEXT[r.usex] ?? '',
    charge: Number(r.charge),
    charge_text: CHARGE_TEXT[Number(r.charge)] ?? '',
    proj_type: Number(r.proj_type),
    proj_type_text: PROJ_TYPE_TEXT[Number(r.proj_type)] ?? '',
    create_time: dateTime(new Date(r.create_time)),
    results: results.filter((x) => x.measure_id === r.id).map(resultView),
    reports: images.filter((x) => x.measure_id === r.id).map((x) => ({ ...x, file_type: Number(x.file_type) })),
  }));
}

/** BladeX `descs` / `ascs` (comma lists of snake or camel names) as the list's order; jyrq,create_time newest first by default. */
export function orderOf(descs: string | undefined, ascs: string | undefined): { column: SortColumn; desc: boolean }[] {
  const parse = (list: string | undefined, desc: boolean) =>
    (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((s) => {
        const column = s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as SortColumn;
        if (!SORTABLE.includes(column)) throw new Refusal(`不支持按 ${s.slice(0, 30)} 排序`);
        return { column, desc };
      });
  const order = [...parse(descs, true), ...parse(ascs, false)];
  return order.length > 0
    ? order
    : [
        { column: 'jyrq', desc: true },
        { column: 'create_time', desc: true },
      ];
}

export async function listReports(
  ctx: ReadContext,
  filter: MeasureFilter,
  order: { column: SortColumn; desc: boolean }[],
  current: number,
  size: number,
): Promise<{ records: MeasureView[]; total: number }> {
  const { rows, total } = await listMeasures(ctx.db, ctx.tenantId, filter, order, size, (current - 1) * size);
  return { records: await views(ctx, rows), total };
}

/** A resident's reports (of a range, of a type), newest first, at most 200. */
export async function reportsOfFilter(ctx: ReadContext, filter: MeasureFilter): Promise<MeasureView[]> {
  if (filter.archId && !(await liveArchive(ctx.db, ctx.tenantId, filter.archId))) throw new NotFound('档案不存在');
  const { rows } = await listMeasures(ctx.db, ctx.tenantId, filter, orderOf(undefined, undefined), 200, 0);
  return views(ctx, rows);
}

export async function reportDetail(ctx: ReadContext, filter: { id?: string; jyid?: string }): Promise<MeasureView> {
  const { rows } = await listMeasures(ctx.db, ctx.tenantId, filter.id ? { ids: [filter.id] } : { jyid: filter.jyid }, [], 1, 0);
  const [view] = await views(ctx, rows);
  if (!view) throw new NotFound('报告不存在');
  return view;
}

/** Result rows of the named reports (404 when none of them is the tenant's live report). */
export async function resultsOfReports(ctx: ReadContext, ids: string[]): Promise<MeasureResultView[]> {
  if ((await liveMeasureIds(ctx.db, ctx.tenantId, ids)).length === 0) throw new NotFound('报告不存在');
  return (await resultsOf(ctx.db, ctx.tenantId, { ids })).map(resultView);
}

/** A resident's result rows, newest report first: of one indicator (ehr or report code) for the lab history. */
export async function residentResults(
  ctx: ReadContext,
  f: {
    archId: string;
    ehrCode?: string | undefined;
    jyzbCode?: string | undefined;
    projType?: number | undefined;
    day?: string | undefined;
  },
): Promise<MeasureResultView[]> {
  if (!(await liveArchive(ctx.db, ctx.tenantId, f.archId))) throw new NotFound('档案不存在');
  const rows = await resultsOf(ctx.db, ctx.tenantId, {
    archId: f.archId,
    projType: f.projType,
    from: f.day,
    to: f.day,
    ...(f.ehrCode ? { ehrCode: f.ehrCode } : {}),
    ...(f.jyzbCode ? { jyzbCode: f.jyzbCode } : {}),
  });
  return rows.map(resultView);
}

/** The lab history rows of spec 001 line 55: a resident's reports as date, item or project code and type. */
export async function historyRows(ctx: ReadContext, archId: string, projType: number | undefined): Promise<MeasureHistoryRow[]> {
  const reports = await reportsOfFilter(ctx, { archId, projType });
  return reports.map((r) => ({
    id: r.id,
    jyid: r.jyid,
    jyrq: r.jyrq,
    jyxmDm_projCode: r.jyxm_dm || r.proj_code,
    isType: r.proj_type,
    proj_name: r.proj_name,
    jyxm_mc: r.jyxm_mc,
    result_count: r.results.length,
  }));
}

/** The tenant's projects of the tree (of a type, a code) with the indicators each measures: the entry's result rows. */
export async function measureProjects(
  ctx: ReadContext,
  projType: number | undefined,
  projCode: string | undefined,
): Promise<MeasureProject[]> {
  const rows = await projectsWithIndicators(ctx.db, ctx.tenantId, projType, projCode);
  const out = new Map<string, MeasureProject>();
  for (const r of rows) {
    const p = out.get(r.id) ?? { id: r.id, proj_type: Number(r.proj_type), proj_code: r.proj_code, proj_name: r.proj_name, indicators: [] };
    if (r.ehr_code) p.indicators.push({ ehr_code: r.ehr_code, ehr_name: r.ehr_name ?? '', unit: r.unit ?? '' });
    out.set(r.id, p);
  }
  return [...out.values()];
}

/** Removes reports by id, all or none (404 when one is not the tenant's live report). */
export async function removeReports(ctx: MeasureContext, ids: string[]): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    const removed = await removeMeasures(trx, ctx.tenantId, byIds(ids), ctx.actor.userId, ctx.now);
    if (removed.length !== new Set(ids).size) throw new NotFound('报告不存在');
  });
}

/** Removes the reports of these jyids (a lab's recall); all or none (404 naming a jyid the tenant has no report of). */
export async function removeByJyids(ctx: MeasureContext, jyids: string[]): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const removed = await removeMeasures(trx, ctx.tenantId, byJyids(jyids), ctx.actor.userId, ctx.now);
    const missing = jyids.find((j) => !removed.some((r) => r.jyid === j));
    if (missing !== undefined) throw new NotFound(`检验单号 ${missing} 的报告不存在`);
    return removed.length;
  });
}

/** Links the reports without a resident (of `ids`, or all) to the archive of their id card; their values go to the resident. */
export async function associateArchives(ctx: MeasureContext, ids: string[] | null): Promise<MeasureLinks> {
  return inTransaction(ctx.db, async (trx) => {
    if (ids !== null && (await liveMeasureIds(trx, ctx.tenantId, ids)).length === 0) throw new NotFound('报告不存在');
    const linked = await linkMeasuresByIdCard(trx, ctx.tenantId, ids, ctx.actor.userId, ctx.now);
    for (const r of linked) await refreshValues(trx, ctx, r.id, r.arch_id, r.jyrq);
    return {
      linked: linked.map((r) => ({ id: r.id, archId: r.arch_id, personName: r.person_name })),
      unmatched: await countUnlinked(trx, ctx.tenantId, ids),
    };
  });
}

async function refreshValues(db: Db, ctx: MeasureContext, id: string, archId: string | null, jyrq: string): Promise<number> {
  const results = await resultsOf(db, ctx.tenantId, { ids: [id] });
  return rewriteEhrValues(db, ctx.tenantId, id, archId, jyrq, results, ctx.actor.userId, ctx.now);
}

/**
 * refresh-user-measure-by-ids: the named reports linked by id card when they have no resident yet, and
 * the health-record values each feeds written again from its result rows (after an indicator was added
 * or a report linked by hand). All named must be the tenant's live reports (404).
 */
export async function refreshReports(ctx: MeasureContext, ids: string[]): Promise<{ refreshed: number; linked: number; values: number }> {
  return inTransaction(ctx.db, async (trx) => {
    const live = await liveMeasureIds(trx, ctx.tenantId, ids);
    if (live.length !== new Set(ids).size) throw new NotFound('报告不存在');
    const linked = await linkMeasuresByIdCard(trx, ctx.tenantId, live, ctx.actor.userId, ctx.now);
    const { rows } = await listMeasures(trx, ctx.tenantId, { ids: live }, [], live.length, 0);
    let values = 0;
    for (const r of rows) values += await refreshValues(trx, ctx, r.id, r.arch_id, r.jyrq);
    return { refreshed: rows.length, linked: linked.length, values };
  });
}
