// The records pushed besides follow-ups and archives (decision 0033): contracts, maternal and child
// cases, medication, habits and follow-up vouchers, read as they are now for the push's document and
// for a push on request. Raw SQL over their tables (each tenant-owned, with row-level security);
// every statement names the tenant. Table names come from the fixed map below, never from input.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PUSH_STATE, type PushKind } from './outbox';

type Db = Kysely<Database>;

/** The kinds read here, each with its table. */
export type OtherKind = Exclude<PushKind, 'followup' | 'archive'>;

const TABLE: Record<OtherKind, string> = {
  contract: 'iph_user_contract',
  archive_other: 'iph_user_archives_other',
  medication: 'iph_user_medication',
  habits: 'iph_user_info_habits',
  voucher: 'user_followup_voucher',
};

/** A live source row: its resident, its version (1 where the table keeps none) and its columns as JSON. */
export interface SourceRow {
  id: string;
  arch_id: string;
  row_version: number;
  /** The follow-up record a voucher belongs to, and its form. */
  follow_id: string | null;
  form_code: string | null;
  row: Record<string, unknown>;
}

/** Columns that are bookkeeping of this product, not part of what is reported. */
const NOT_REPORTED = ['tenant_id', 'is_deleted', 'create_user', 'update_user', 'autograph_id'];

export async function findSources(db: Db, tenantId: string, kind: OtherKind, ids: string[]): Promise<SourceRow[]> {
  if (ids.length === 0) return [];
  const table = sql.table(TABLE[kind]);
  const drop = sql.raw(NOT_REPORTED.map((c) => `- '${c}'`).join(' '));
  // A voucher has no resident of its own: it is its follow-up record's (a live one).
  const r =
    kind === 'voucher'
      ? await sql<SourceRow>`select t.id, f.arch_id, 1 as row_version, t.follow_id, f.form_code, to_jsonb(t) ${drop} as row
          from ${table} t join form_record f on f.tenant_id = t.tenant_id and f.id = t.follow_id and f.is_deleted = 0
          where t.tenant_id = ${tenantId} and t.is_deleted = 0 and t.id in (${sql.join(ids)})`.execute(db)
      : await sql<SourceRow>`select t.id, t.arch_id, t.row_version, null as follow_id, null as form_code, to_jsonb(t) ${drop} as row
          from ${table} t where t.tenant_id = ${tenantId} and t.is_deleted = 0 and t.id in (${sql.join(ids)})`.execute(db);
  return r.rows;
}

/** The live habits row of an archive (one per archive), if any. */
export async function habitsOfArchive(db: Db, tenantId: string, archId: string): Promise<string | undefined> {
  const r = await sql<{ id: string }>`select id from iph_user_info_habits
    where tenant_id = ${tenantId} and arch_id = ${archId} and is_deleted = 0`.execute(db);
  return r.rows[0]?.id;
}

/** A habits row not yet reported to the regional system at its current version. */
export interface HabitsNeedingReport {
  id: string;
  arch_id: string;
  person_name: string;
  survey_date: string;
  row_version: number;
  outbox_id: string | null;
  state: number | null;
  last_error: string | null;
  update_time: Date | string | null;
}

/**
 * list-need-report-data of 生活习惯: the live habits rows whose GW push is missing, of an older
 * version, or not 已上报 (waiting, running, failed, dead or cleared); newest change first.
 */
export async function habitsNeedingReport(db: Db, tenantId: string, personName: string | undefined, current: number, size: number) {
  const like = personName ? '%' + personName.replace(/[\\%_]/g, (c) => '\\' + c) + '%' : undefined;
  const where = sql`h.tenant_id = ${tenantId} and h.is_deleted = 0
    and (o.id is null or o.content_version <> h.row_version or o.state <> ${PUSH_STATE.done})
    ${like ? sql`and a.person_name ilike ${like}` : sql``}`;
  const from = sql`iph_user_info_habits h
    join user_archive a on a.tenant_id = h.tenant_id and a.id = h.arch_id and a.is_deleted = 0
    left join iph_push_outbox o on o.tenant_id = h.tenant_id and o.id = 'GW:habits:' || h.id`;
  const [rows, count] = await Promise.all([
    sql<HabitsNeedingReport>`select h.id, h.arch_id, a.person_name, h.survey_date::text as survey_date, h.row_version,
        o.id as outbox_id, o.state, o.last_error, coalesce(h.update_time, h.create_time) as update_time
      from ${from} where ${where}
      order by coalesce(h.update_time, h.create_time) desc, h.id desc limit ${size} offset ${(current - 1) * size}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${from} where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}
