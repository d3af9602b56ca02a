// The statements of 家庭医生签约 (iph_user_contract, migration 063). The table is not in db/schema.ts
// (as the resource tables): plain SQL with bound values; every statement names the tenant itself
// (row-level security is the second lock). State changes are conditional updates — on the state
// the transition starts from and, where the caller read a version, on that version — so two users
// acting on one contract cannot both win.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';

/** The stored states (decision 0031). 已到期 (3) is never stored: it is read from the period. */
export const CONTRACT_STATE = {
  generated: 0,
  signed: 1,
  inEffect: 2,
  expired: 3,
  terminated: 4,
  cancelled: 5,
} as const;

/** The states that hold a resident's period: a second contract may not overlap them. */
export const OPEN_STATES: readonly number[] = [CONTRACT_STATE.generated, CONTRACT_STATE.signed, CONTRACT_STATE.inEffect];

export type ContractRow = {
  id: string;
  tenant_id: string;
  contract_no: string;
  arch_id: string;
  person_name: string;
  phone: string;
  team_id: string;
  team_name: string;
  doctor_id: string;
  doctor_name: string;
  pack_ids: string;
  pack_names: string;
  fee: string | number;
  start_date: string | Date;
  end_date: string | Date;
  state: number;
  sign_type: number;
  batch_no: string;
  gw_id: string;
  autograph_id: string | null;
  sign_user: string | null;
  sign_user_name: string;
  sign_time: Date | null;
  effect_time: Date | null;
  end_reason: string;
  end_time: Date | null;
  end_user_name: string;
  renew_from: string | null;
  remark: string;
  is_deleted: number;
  row_version: number;
  create_user: string | null;
  create_time: Date;
  update_user: string | null;
  update_time: Date | null;
};

export interface ContractValues {
  archId: string;
  personName: string;
  phone: string;
  teamId: string;
  teamName: string;
  doctorId: string;
  doctorName: string;
  packIds: string;
  packNames: string;
  fee: number;
  startDate: string;
  endDate: string;
  remark: string;
}

export interface NewContract extends ContractValues {
  signType: number;
  batchNo: string;
  renewFrom: string | null;
}

export async function findContract(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  withRemoved = false,
): Promise<ContractRow | undefined> {
  const live = withRemoved ? sql`true` : sql`is_deleted = 0`;
  const { rows } = await sql<ContractRow>`select * from iph_user_contract
    where tenant_id = ${tenantId} and id = ${id} and ${live}`.execute(db);
  return rows[0];
}

export async function findContracts(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<ContractRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ContractRow>`select * from iph_user_contract
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)}) order by id`.execute(db);
  return rows;
}

/** A resident's live contracts, newest period first. */
export async function contractsOfArchive(db: Kysely<Database>, tenantId: string, archId: string): Promise<ContractRow[]> {
  const { rows } = await sql<ContractRow>`select * from iph_user_contract
    where tenant_id = ${tenantId} and is_deleted = 0 and arch_id = ${archId}
    order by start_date desc, create_time desc, id desc limit 200`.execute(db);
  return rows;
}

/** The resident's open contracts (待签约, 已签约, 生效中) whose period overlaps [start, end], but `exceptId`. */
export async function overlappingOpen(
  db: Kysely<Database>,
  tenantId: string,
  archId: string,
  start: string,
  end: string,
  exceptId?: string,
): Promise<ContractRow[]> {
  const except = exceptId ? sql`id <> ${exceptId}` : sql`true`;
  const { rows } = await sql<ContractRow>`select * from iph_user_contract
    where tenant_id = ${tenantId} and is_deleted = 0 and arch_id = ${archId} and ${except}
      and state in (${sql.join([...OPEN_STATES])})
      and start_date <= ${end}::date and end_date >= ${start}::date
    order by start_date`.execute(db);
  return rows;
}

/**
 * Serialises the writes of one resident's contracts for the rest of the transaction (the
 * one-open-contract-per-period check reads, then inserts): a transaction-scoped advisory lock on
 * the tenant and archive.
 */
export async function lockResident(db: Kysely<Database>, tenantId: string, archId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`contract:${tenantId}:${archId}`}))`.execute(db);
}

export async function insertContract(
  db: Kysely<Database>,
  tenantId: string,
  c: NewContract,
  actor: Actor,
  now: Date,
): Promise<ContractRow> {
  const id = newId(now.getTime());
  const { rows } = await sql<ContractRow>`insert into iph_user_contract
    (id, tenant_id, contract_no, arch_id, person_name, phone, team_id, team_name, doctor_id, doctor_name, pack_ids, pack_names,
     fee, start_date, end_date, state, sign_type, batch_no, gw_id, renew_from, remark, create_user, create_time, update_user, update_time)
    values (${id}, ${tenantId}, ${`QY${id}`}, ${c.archId}, ${c.personName}, ${c.phone}, ${c.teamId}, ${c.teamName}, ${c.doctorId},
     ${c.doctorName}, ${c.packIds}, ${c.packNames}, ${c.fee}, ${c.startDate}::date, ${c.endDate}::date, ${CONTRACT_STATE.generated},
     ${c.signType}, ${c.batchNo}, ${c.batchNo}, ${c.renewFrom}, ${c.remark}, ${actor.userId}, ${now}, ${actor.userId}, ${now})
    returning *`.execute(db);
  return rows[0]!;
}

/** The terms of a contract still 待签约, over the version read; undefined when gone, moved on or no longer pending. */
export async function updateTerms(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  c: ContractValues,
  actor: Actor,
  now: Date,
): Promise<ContractRow | undefined> {
  const { rows } = await sql<ContractRow>`update iph_user_contract set phone = ${c.phone}, team_id = ${c.teamId},
      team_name = ${c.teamName}, doctor_id = ${c.doctorId}, doctor_name = ${c.doctorName}, pack_ids = ${c.packIds},
      pack_names = ${c.packNames}, fee = ${c.fee}, start_date = ${c.startDate}::date, end_date = ${c.endDate}::date,
      remark = ${c.remark}, autograph_id = null, update_user = ${actor.userId}, update_time = ${now}, row_version = row_version + 1
    where tenant_id = ${tenantId} and is_deleted = 0 and id = ${id} and row_version = ${rowVersion}
      and state = ${CONTRACT_STATE.generated}
    returning *`.execute(db);
  return rows[0];
}

/**
 * One transition: the columns `set` on the contract when it is in one of `from` (and at
 * `rowVersion` when given). Undefined when it is not (gone, another state, another version).
 */
export async function transition(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  from: readonly number[],
  rowVersion: number | undefined,
  set: RawBuilder<unknown>,
  actor: Actor,
  now: Date,
): Promise<ContractRow | undefined> {
  const version = rowVersion === undefined ? sql`true` : sql`row_version = ${rowVersion}`;
  const { rows } = await sql<ContractRow>`update iph_user_contract set ${set}, update_user = ${actor.userId},
      update_time = ${now}, row_version = row_version + 1
    where tenant_id = ${tenantId} and is_deleted = 0 and id = ${id} and state in (${sql.join([...from])}) and ${version}
    returning *`.execute(db);
  return rows[0];
}

/** Soft removal (deleted 1) or putting a removed contract back (deleted 0), over the version read. */
export async function setRemoved(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  removed: boolean,
  rowVersion: number | undefined,
  actor: Actor,
  now: Date,
): Promise<ContractRow | undefined> {
  const version = rowVersion === undefined ? sql`true` : sql`row_version = ${rowVersion}`;
  const { rows } = await sql<ContractRow>`update iph_user_contract set is_deleted = ${removed ? 1 : 0},
      update_user = ${actor.userId}, update_time = ${now}, row_version = row_version + 1
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = ${removed ? 0 : 1} and ${version}
      and state in (${CONTRACT_STATE.generated}, ${CONTRACT_STATE.cancelled})
    returning *`.execute(db);
  return rows[0];
}

/** A page of the tenant's live contracts matching `where` (joined with AND), newest first. */
export async function pageContracts(
  db: Kysely<Database>,
  tenantId: string,
  where: RawBuilder<unknown>[],
  size: number,
  offset: number,
): Promise<{ rows: ContractRow[]; total: number }> {
  const conditions = sql.join([sql`tenant_id = ${tenantId}`, sql`is_deleted = 0`, ...where], sql` and `);
  const { rows: count } = await sql<{ n: string | number }>`select count(*) as n from iph_user_contract where ${conditions}`.execute(db);
  const { rows } = await sql<ContractRow>`select * from iph_user_contract where ${conditions}
    order by create_time desc, id desc limit ${size} offset ${offset}`.execute(db);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/** The tenant's live contracts of one signing batch (a family's, a one-key signing's) by the regional id. */
export async function contractsOfGwId(db: Kysely<Database>, tenantId: string, gwId: string): Promise<ContractRow[]> {
  const { rows } = await sql<ContractRow>`select * from iph_user_contract
    where tenant_id = ${tenantId} and is_deleted = 0 and gw_id = ${gwId} order by person_name, id limit 200`.execute(db);
  return rows;
}

/** How many live records of each form the resident has, dated within [start, end] (the performance view). */
export async function recordsOfForms(
  db: Kysely<Database>,
  tenantId: string,
  archId: string,
  formCodes: string[],
  start: string,
  end: string,
): Promise<{ id: string; form_code: string; visit_date: string | Date | null }[]> {
  if (formCodes.length === 0) return [];
  const { rows } = await sql<{ id: string; form_code: string; visit_date: string | Date | null }>`
    select id, form_code, visit_date from form_record
    where tenant_id = ${tenantId} and is_deleted = 0 and arch_id = ${archId} and form_code in (${sql.join(formCodes)})
      and coalesce(nullif(left(visit_date, 10), ''), to_char(create_time, 'YYYY-MM-DD')) between ${start} and ${end}
    order by visit_date, id`.execute(db);
  return rows;
}

/** The tenant's live, enabled teams (the dialog's team picker), in their order. */
export async function liveTeams(db: Kysely<Database>, tenantId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await sql<{ id: string; name: string }>`select id, name from blade_team
    where tenant_id = ${tenantId} and is_deleted = 0 and status = 1 order by sort, id limit 500`.execute(db);
  return rows;
}

/** A live contract of the tenant by its number (QY…) or its id. */
export async function findContractByNo(db: Kysely<Database>, tenantId: string, no: string): Promise<ContractRow | undefined> {
  const { rows } = await sql<ContractRow>`select * from iph_user_contract
    where tenant_id = ${tenantId} and is_deleted = 0 and (contract_no = ${no} or id = ${no}) limit 1`.execute(db);
  return rows[0];
}
