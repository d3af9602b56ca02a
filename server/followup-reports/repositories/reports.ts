// The statements of 随访报告: the report table (iph_followup_report, migration 053) and its approvals
// (iph_followup_report_approval). The tables are the resource document's, so they are read and
// written with plain SQL here (not in db/schema.ts); every statement names the tenant itself
// (row-level security is the second lock), values are always bound.
import { sql, type Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';

/** 0 待审核, 1 已审核, 2 已退回. */
export const REPORT_PENDING = 0;
export const REPORT_APPROVED = 1;
export const REPORT_SENT_BACK = 2;

/** A report row as the table holds it. */
export type ReportRow = Record<string, unknown> & {
  id: string;
  tenant_id: string;
  follow_id: string;
  arch_id: string;
  state: number;
  create_user: string | null;
  create_time: Date;
  update_user: string | null;
  update_time: Date | null;
  row_version: number;
  author_name: string;
  approve_user: string | null;
  approve_user_name: string;
  approve_time: string;
  approve_opinion: string;
};

export interface NewReport {
  followId: string;
  archId: string;
  personName: string;
  formCode: string;
  formName: string;
  visitDate: string | null;
  snapshot: string;
}

export async function findReport(db: Kysely<Database>, tenantId: string, id: string): Promise<ReportRow | undefined> {
  const { rows } = await sql<ReportRow>`select * from iph_followup_report
    where tenant_id = ${tenantId} and is_deleted = 0 and id = ${id}`.execute(db);
  return rows[0];
}

/** The live reports of these records, by record id. */
export async function reportsOfRecords(db: Kysely<Database>, tenantId: string, followIds: string[]): Promise<Map<string, ReportRow>> {
  if (followIds.length === 0) return new Map();
  const { rows } = await sql<ReportRow>`select * from iph_followup_report
    where tenant_id = ${tenantId} and is_deleted = 0 and follow_id in (${sql.join(followIds)})`.execute(db);
  return new Map(rows.map((r) => [r.follow_id, r]));
}

/** A resident's live reports, newest visit first. */
export async function reportsOfArchive(db: Kysely<Database>, tenantId: string, archId: string): Promise<ReportRow[]> {
  const { rows } = await sql<ReportRow>`select * from iph_followup_report
    where tenant_id = ${tenantId} and is_deleted = 0 and arch_id = ${archId}
    order by visit_date desc nulls last, create_time desc, id desc limit 500`.execute(db);
  return rows;
}

export async function insertReport(db: Kysely<Database>, tenantId: string, r: NewReport, actor: Actor, now: Date): Promise<ReportRow> {
  const { rows } = await sql<ReportRow>`insert into iph_followup_report
    (id, tenant_id, follow_id, arch_id, person_name, form_code, form_name, visit_date, snapshot, state, author_name,
     create_user, create_time, update_user, update_time)
    values (${newId(now.getTime())}, ${tenantId}, ${r.followId}, ${r.archId}, ${r.personName}, ${r.formCode}, ${r.formName},
     ${r.visitDate}, ${r.snapshot}, ${REPORT_PENDING}, ${actor.userName}, ${actor.userId}, ${now}, ${actor.userId}, ${now})
    returning *`.execute(db);
  return rows[0]!;
}

/**
 * Writes the conclusion and advice of a report not yet approved, over the version read; a report
 * sent back goes back to 待审核. Undefined when gone, approved meanwhile or moved on.
 */
export async function updateReportText(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  text: { conclusion: string; advice: string },
  actor: Actor,
  now: Date,
): Promise<ReportRow | undefined> {
  const { rows } = await sql<ReportRow>`update iph_followup_report set conclusion = ${text.conclusion}, advice = ${text.advice},
      state = ${REPORT_PENDING}, update_user = ${actor.userId}, update_time = ${now}, row_version = row_version + 1
    where tenant_id = ${tenantId} and is_deleted = 0 and id = ${id} and row_version = ${rowVersion} and state <> ${REPORT_APPROVED}
    returning *`.execute(db);
  return rows[0];
}

/** Records a decision on a pending report (over the version read when given); undefined when it is no longer pending or moved on. */
export async function decideReport(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number | undefined,
  decision: { state: number; opinion: string },
  actor: Actor,
  approveTime: string,
  now: Date,
): Promise<ReportRow | undefined> {
  const version = rowVersion === undefined ? sql`true` : sql`row_version = ${rowVersion}`;
  const { rows } = await sql<ReportRow>`update iph_followup_report set state = ${decision.state}, approve_user = ${actor.userId},
      approve_user_name = ${actor.userName}, approve_time = ${approveTime}, approve_opinion = ${decision.opinion},
      update_user = ${actor.userId}, update_time = ${now}, row_version = row_version + 1
    where tenant_id = ${tenantId} and is_deleted = 0 and id = ${id} and state = ${REPORT_PENDING} and ${version}
    returning *`.execute(db);
  return rows[0];
}

/** The approval row that keeps an approved report from removal (the document's removeBlockedBy). */
export async function insertApproval(db: Kysely<Database>, tenantId: string, reportId: string, opinion: string, actor: Actor, now: Date) {
  await sql`insert into iph_followup_report_approval (id, tenant_id, report_id, approve_user_name, opinion, create_user, create_time, update_user, update_time)
    values (${newId(now.getTime())}, ${tenantId}, ${reportId}, ${actor.userName}, ${opinion}, ${actor.userId}, ${now}, ${actor.userId}, ${now})`.execute(
    db,
  );
}
