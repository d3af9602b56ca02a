// The transfer proposals (iph_user_transfer, migration 041). Raw SQL, values always bound.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';

export interface TransferRow {
  id: string;
  tenant_id: string;
  arch_id: string;
  person_name: string;
  from_doctor_id: string;
  from_doctor_name: string;
  from_team_id: string;
  from_team_name: string;
  to_doctor_id: string;
  to_doctor_name: string;
  to_team_id: string;
  to_team_name: string;
  reason: string;
  status: number;
  proposer_name: string;
  back_reason: string;
  remove_family_dts: number;
  confirm_user: string | null;
  confirm_user_name: string;
  confirm_time: Date | string | null;
  row_version: number;
  create_user: string | null;
  create_time: Date | string;
  update_user: string | null;
  update_time: Date | null;
}

export type NewTransfer = Pick<
  TransferRow,
  | 'arch_id'
  | 'person_name'
  | 'from_doctor_id'
  | 'from_doctor_name'
  | 'from_team_id'
  | 'from_team_name'
  | 'to_doctor_id'
  | 'to_doctor_name'
  | 'to_team_id'
  | 'to_team_name'
  | 'reason'
  | 'proposer_name'
>;

export const PENDING = 0;
export const CONFIRMED = 1;
export const SENT_BACK = 2;

/** Which proposals a list shows: the caller's own, or those waiting for the caller's side (as doctor or as one of the teams). */
export type TransferSide = { mine: string } | { incoming: { userId: string; teamIds: string[] } } | { all: true };

export interface TransferFilter {
  side: TransferSide;
  status?: number;
  personName?: string;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function sideCondition(side: TransferSide): RawBuilder<unknown> {
  if ('mine' in side) return sql`t.create_user = ${side.mine}`;
  if ('incoming' in side) {
    const { userId, teamIds } = side.incoming;
    const teams = teamIds.length ? sql`or (t.to_team_id <> '' and t.to_team_id in (${sql.join(teamIds)}))` : sql``;
    return sql`(t.to_doctor_id = ${userId} ${teams})`;
  }
  return sql`true`;
}

export async function listTransfers(
  db: Kysely<Database>,
  tenantId: string,
  filter: TransferFilter,
  current: number,
  size: number,
): Promise<{ rows: TransferRow[]; total: number }> {
  const like = filter.personName ? `%${escapeLike(filter.personName)}%` : null;
  const where = sql`t.tenant_id = ${tenantId} and t.is_deleted = 0 and ${sideCondition(filter.side)}
    and (${filter.status ?? null}::integer is null or t.status = ${filter.status ?? null})
    and (${like}::text is null or t.person_name like ${like})`;
  const total = await sql<{ n: string | number }>`select count(*) as n from iph_user_transfer t where ${where}`.execute(db);
  const { rows } = await sql<TransferRow>`select t.* from iph_user_transfer t where ${where}
    order by t.status, t.create_time desc, t.id desc limit ${size} offset ${(current - 1) * size}`.execute(db);
  return { rows, total: Number(total.rows[0]?.n ?? 0) };
}

export async function transfersByIds(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<TransferRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<TransferRow>`select * from iph_user_transfer
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)}) order by create_time, id`.execute(db);
  return rows;
}

/** The pending proposals of these archives. */
export async function pendingOf(db: Kysely<Database>, tenantId: string, archIds: string[]): Promise<TransferRow[]> {
  if (archIds.length === 0) return [];
  const { rows } = await sql<TransferRow>`select * from iph_user_transfer
    where tenant_id = ${tenantId} and is_deleted = 0 and status = ${PENDING} and arch_id in (${sql.join(archIds)})`.execute(db);
  return rows;
}

export async function insertTransfers(
  db: Kysely<Database>,
  tenantId: string,
  rows: NewTransfer[],
  userId: string,
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const id = newId(now.getTime());
    ids.push(id);
    await sql`insert into iph_user_transfer (id, tenant_id, arch_id, person_name, from_doctor_id, from_doctor_name, from_team_id,
        from_team_name, to_doctor_id, to_doctor_name, to_team_id, to_team_name, reason, proposer_name, create_user, create_time)
      values (${id}, ${tenantId}, ${r.arch_id}, ${r.person_name}, ${r.from_doctor_id}, ${r.from_doctor_name}, ${r.from_team_id},
        ${r.from_team_name}, ${r.to_doctor_id}, ${r.to_doctor_name}, ${r.to_team_id}, ${r.to_team_name}, ${r.reason},
        ${r.proposer_name}, ${userId}, ${now})`.execute(db);
  }
  return ids;
}

/** Changes a pending proposal's target and reason if it still has `rowVersion`; undefined when it moved on. */
export async function updatePendingTransfer(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  patch: Pick<TransferRow, 'to_doctor_id' | 'to_doctor_name' | 'to_team_id' | 'to_team_name' | 'reason'>,
  userId: string,
  now: Date,
): Promise<number | undefined> {
  const { rows } = await sql<{ row_version: number }>`update iph_user_transfer set
      to_doctor_id = ${patch.to_doctor_id}, to_doctor_name = ${patch.to_doctor_name}, to_team_id = ${patch.to_team_id},
      to_team_name = ${patch.to_team_name}, reason = ${patch.reason},
      row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status = ${PENDING} and row_version = ${rowVersion}
    returning row_version`.execute(db);
  return rows[0]?.row_version;
}

/** Ends pending proposals among `ids` (confirmed or sent back); answers the ids ended. */
export async function closeTransfers(
  db: Kysely<Database>,
  tenantId: string,
  ids: string[],
  close: { status: number; backReason?: string; removeFamilyDts?: number; userId: string; userName: string },
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`update iph_user_transfer set status = ${close.status},
      back_reason = ${close.backReason ?? ''}, remove_family_dts = ${close.removeFamilyDts ?? 0},
      confirm_user = ${close.userId}, confirm_user_name = ${close.userName}, confirm_time = ${now},
      row_version = row_version + 1, update_user = ${close.userId}, update_time = ${now}
    where tenant_id = ${tenantId} and is_deleted = 0 and status = ${PENDING} and id in (${sql.join(ids)})
    returning id`.execute(db);
  return rows.map((r) => r.id);
}

/** Withdraws the caller's own pending proposals among `ids` (soft removal); answers the ids withdrawn. */
export async function withdrawTransfers(
  db: Kysely<Database>,
  tenantId: string,
  ids: string[],
  userId: string,
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`update iph_user_transfer set is_deleted = 1, row_version = row_version + 1,
      update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and is_deleted = 0 and status = ${PENDING} and create_user = ${userId} and id in (${sql.join(ids)})
    returning id`.execute(db);
  return rows.map((r) => r.id);
}

/** The tenant's live users among `ids` with their names and teams. */
export async function usersOf(db: Kysely<Database>, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_user')
    .select(['id', 'real_name', 'team_id'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('id', 'in', ids)
    .execute();
}

/** The tenant's teams among `ids` (all of them when `ids` is undefined), by name. */
export async function teamsOf(db: Kysely<Database>, tenantId: string, ids?: string[]) {
  if (ids && ids.length === 0) return [];
  return db
    .selectFrom('blade_team')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .orderBy('name')
    .execute();
}
