// 随访报告's calls beyond CRUD: generating a report from a follow-up record, saving its conclusion and
// advice, and the second person's decision. The rules: one live report per record; an approved
// report is neither edited nor removed (the removal is the resource document's, refused through its
// removeBlockedBy on the approval row written here); a report is approved by someone other than its
// author (不能审核自己生成的报告).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { Conflict, Forbidden, NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import type { TenantCache } from '../../platform/services/tenant-cache';
import { findArchive } from '../../archives/index';
import { findRecord } from '../../followups/index';
import { checkDialog, dateTime, dictionaryLookup, findVersion } from '../../forms/index';
import { requiredRowVersion, versionOrStale } from '../../org/index';
import {
  decideReport,
  findReport,
  insertApproval,
  insertReport,
  REPORT_APPROVED,
  REPORT_PENDING,
  REPORT_SENT_BACK,
  reportsOfRecords,
  updateReportText,
  type ReportRow,
} from '../repositories/reports';
import { reportSnapshot } from './report-snapshot';

export interface ReportContext {
  db: Kysely<Database>;
  tenantId: string;
  actor: Actor;
  now: Date;
  caches?: TenantCache<unknown> | undefined;
}

export const REPORT_LABEL = '随访报告';
export const STATE_TEXT: Record<number, string> = { [REPORT_PENDING]: '待审核', [REPORT_APPROVED]: '已审核', [REPORT_SENT_BACK]: '已退回' };
const NOT_FOUND = `${REPORT_LABEL}不存在`;
/** The most records one gen-reports or reports one approve-reports takes. */
export const MAX_BATCH = 200;

/** The report of one live record of the tenant, written in `db` (a transaction's, for several). */
async function generateOne(ctx: ReportContext, db: Kysely<Database>, followId: string): Promise<ReportRow> {
  const record = await findRecord(db, ctx.tenantId, followId);
  if (!record) throw new NotFound(`随访记录不存在：${followId}`);
  const version = await findVersion(db, ctx.tenantId, record.form_code, record.form_version);
  if (!version) throw new Refusal(`随访记录的表单 ${record.form_code} 第${record.form_version}版不存在，无法生成报告`);
  const archive = await findArchive(db, ctx.tenantId, record.arch_id);
  const personName = archive?.person_name ?? '';
  const lookup = await dictionaryLookup(db, ctx.tenantId, version.document, ctx.caches);
  const snapshot = reportSnapshot(
    version.document,
    {
      formCode: record.form_code,
      formVersion: record.form_version,
      values: record.values,
      acknowledgements: record.acknowledgements,
      visitDate: record.visit_date,
      nextVisitDate: record.next_visit_date,
      doctorName: record.create_user_name,
    },
    personName,
    lookup,
  );
  return insertReport(
    db,
    ctx.tenantId,
    {
      followId,
      archId: record.arch_id,
      personName,
      formCode: record.form_code,
      formName: version.document.formName,
      visitDate: record.visit_date,
      snapshot: JSON.stringify(snapshot),
    },
    ctx.actor,
    ctx.now,
  );
}

/** gen-report: the record's report, generated now or the one it already has (`created` says which). */
export async function generateReport(ctx: ReportContext, followId: string): Promise<{ row: ReportRow; created: boolean }> {
  return inTransaction(ctx.db, async (trx) => {
    const existing = (await reportsOfRecords(trx, ctx.tenantId, [followId])).get(followId);
    if (existing) return { row: existing, created: false };
    return { row: await generateOne(ctx, trx, followId), created: true };
  });
}

/** gen-reports: several records in one transaction, all or none; those already reported are skipped and counted. */
export async function generateReports(ctx: ReportContext, followIds: string[]): Promise<{ rows: ReportRow[]; skipped: string[] }> {
  const ids = [...new Set(followIds)];
  if (ids.length === 0) throw new Refusal('请选择至少一条随访记录');
  if (ids.length > MAX_BATCH) throw new Refusal(`每次最多生成${MAX_BATCH}份报告`);
  return inTransaction(ctx.db, async (trx) => {
    const existing = await reportsOfRecords(trx, ctx.tenantId, ids);
    const rows: ReportRow[] = [];
    const skipped: string[] = [];
    for (const id of ids) {
      if (existing.has(id)) skipped.push(id);
      else rows.push(await generateOne(ctx, trx, id));
    }
    return { rows, skipped };
  });
}

/** save-report: the conclusion and advice of a report not yet approved, over the version read (a report sent back is pending again). */
export async function saveReport(
  ctx: ReportContext,
  input: { id: string; rowVersion?: number | undefined; conclusion?: string | undefined; advice?: string | undefined },
): Promise<ReportRow> {
  const current = await findReport(ctx.db, ctx.tenantId, input.id);
  if (!current) throw new NotFound(NOT_FOUND);
  const rowVersion = requiredRowVersion(input.rowVersion, REPORT_LABEL);
  if (current.state === REPORT_APPROVED) throw new Refusal('已审核的报告不能修改');
  const text = {
    conclusion: (input.conclusion ?? String(current['conclusion'] ?? '')).trim(),
    advice: (input.advice ?? String(current['advice'] ?? '')).trim(),
  };
  // The dialog's rules (rules/followupreport.rules.json), word for word what the dialog shows.
  await checkDialog({ db: ctx.db, tenantId: ctx.tenantId, now: ctx.now, dictionaries: ctx.caches }, 'followupreport', text);
  const saved = await updateReportText(ctx.db, ctx.tenantId, input.id, rowVersion, text, ctx.actor, ctx.now);
  if (saved) return saved;
  // Nothing written: gone (404), approved meanwhile (400), or moved on (409 naming who changed it).
  const latest = await findReport(ctx.db, ctx.tenantId, input.id);
  if (latest?.state === REPORT_APPROVED) throw new Refusal('已审核的报告不能修改');
  await versionOrStale(ctx.db, REPORT_LABEL, ctx.tenantId, undefined, async () => latest, NOT_FOUND);
  throw new NotFound(NOT_FOUND);
}

export interface Decision {
  /** 1 通过, 2 退回. */
  state: number;
  opinion: string;
}

/** One decision inside the caller's transaction: the rules, then the conditional update (and the approval row). */
async function decideIn(
  ctx: ReportContext,
  db: Kysely<Database>,
  id: string,
  rowVersion: number | undefined,
  d: Decision,
): Promise<ReportRow> {
  const current = await findReport(db, ctx.tenantId, id);
  if (!current) throw new NotFound(NOT_FOUND);
  if (current.create_user === ctx.actor.userId) throw new Forbidden('不能审核自己生成的报告');
  if (current.state !== REPORT_PENDING) throw new Refusal(`报告${STATE_TEXT[current.state] ?? ''}，只能审核待审核的报告`);
  const decided = await decideReport(db, ctx.tenantId, id, rowVersion, d, ctx.actor, dateTime(ctx.now), ctx.now);
  if (!decided) {
    const latest = await findReport(db, ctx.tenantId, id);
    if (!latest) throw new NotFound(NOT_FOUND);
    if (latest.state !== REPORT_PENDING) throw new Conflict('报告已被他人审核，请刷新后重试');
    await versionOrStale(db, REPORT_LABEL, ctx.tenantId, undefined, async () => latest, NOT_FOUND);
    throw new NotFound(NOT_FOUND);
  }
  if (d.state === REPORT_APPROVED) await insertApproval(db, ctx.tenantId, id, d.opinion, ctx.actor, ctx.now);
  return decided;
}

/** A decision's input as the dialog and the path send it. */
export function decisionOf(state: number, opinion: string | undefined): Decision {
  if (state !== REPORT_APPROVED && state !== REPORT_SENT_BACK) throw new Refusal('审核结果应为 1（通过）或 2（退回）');
  const text = (opinion ?? '').trim();
  if (state === REPORT_SENT_BACK && text === '') throw new Refusal('退回报告时请填写审核意见');
  return { state, opinion: text };
}

/** approve-report/{id}/{state}/{rowVersion}: one report over the version read. */
export function approveReport(ctx: ReportContext, id: string, rowVersion: number, d: Decision): Promise<ReportRow> {
  return inTransaction(ctx.db, (trx) => decideIn(ctx, trx, id, rowVersion, d));
}

/** approve-reports: several pending reports, one decision, all or none. */
export async function approveReports(ctx: ReportContext, ids: string[], d: Decision): Promise<ReportRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new Refusal('请选择至少一份报告');
  if (unique.length > MAX_BATCH) throw new Refusal(`每次最多审核${MAX_BATCH}份报告`);
  return inTransaction(ctx.db, async (trx) => {
    const out: ReportRow[] = [];
    for (const id of unique) out.push(await decideIn(ctx, trx, id, undefined, d));
    return out;
  });
}

/** get-report-status/{id}: the state and who decided when. */
export async function reportStatus(ctx: ReportContext, id: string) {
  const r = await findReport(ctx.db, ctx.tenantId, id);
  if (!r) throw new NotFound(NOT_FOUND);
  return {
    id: r.id,
    state: r.state,
    stateText: STATE_TEXT[r.state] ?? '',
    authorName: r.author_name,
    createTime: dateTime(new Date(r.create_time)),
    approveUser: r.approve_user ?? '',
    approveUserName: r.approve_user_name,
    approveTime: r.approve_time,
    approveOpinion: r.approve_opinion,
    rowVersion: r.row_version,
  };
}
