// 家庭医生签约: a contract's life (decision 0031, README.md). Every transition is a conditional update
// on the state it starts from, so a transition not allowed, a stale version and a contract of another
// tenant are told apart only after the update found nothing: 404 (not the tenant's, or removed), 400
// naming the state it is in, or 409 naming who changed it.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { findArchive } from '../../archives/index';
import { findPacksByIds } from '../../catalogue/index';
import { checkDialog } from '../../forms/index';
import { requiredRowVersion, versionOrStale } from '../../org/index';
import { insertAttachment } from '../../resource/index';
import { membersOf } from '../../teams/index';
import type { TenantCache } from '../../platform/services/tenant-cache';
import {
  CONTRACT_STATE,
  findContract,
  findContracts,
  insertContract,
  liveTeams,
  lockResident,
  overlappingOpen,
  setRemoved,
  transition,
  updateTerms,
  type ContractRow,
  type ContractValues,
} from '../repositories/contracts';
import { addDays, day, periodEnd, renewable, shownState, STATE_TEXT, today } from './contract-views';
import { checkedSignature } from './signature-image';

export interface ContractContext {
  db: Kysely<Database>;
  tenantId: string;
  actor: Actor;
  now: Date;
  caches?: TenantCache<unknown> | undefined;
}

export const CONTRACT_LABEL = '签约协议';
export const NOT_FOUND = '签约协议不存在';
/** The dialog form (schemas/contractsign.json) whose rules the server applies to the terms. */
export const SIGN_FORM = 'contractsign';
/** The most contracts one batch call or one one-key signing takes. */
export const MAX_BATCH = 200;
export const MAX_FAMILY = 20;
/** The longest period a contract may cover. */
export const MAX_PERIOD_DAYS = 3 * 366;

export const CONTRACT_MESSAGES = {
  archiveMissing: '档案不存在',
  archiveCancelled: '档案已注销，不能签约',
  teamMissing: '签约团队不存在或已停用',
  doctorNotMember: '所选签约医生不是该团队成员',
  packMissing: '所选服务包不存在或已停用',
  periodTooLong: '签约周期不能超过3年',
  noneChosen: '请选择签约协议',
  tooMany: `每次最多处理${MAX_BATCH}份签约协议`,
  tooManyFamily: `一键签约每次最多${MAX_FAMILY}位居民`,
  noResidents: '请选择要签约的居民',
  reasonRequired: '请填写解约原因',
  unsigned: '请先完成电子签名',
  renewSource: '续签的原协议不存在',
  renewOther: '续签的原协议不属于该居民',
  renewNotYet: `原协议生效中且到期前${90}天内才能续签`,
  renewStart: '续签协议的开始日期应晚于原协议的结束日期',
  effectExpired: '协议已过签约周期，不能生效',
  removeSigned: '已签约的协议不能删除，请先解约或作废',
  withdrawOnly: '只能撤销待签约的协议',
  duplicate: (c: ContractRow, stateText: string) =>
    `该居民在${day(c.start_date)}至${day(c.end_date)}已有${stateText}的签约协议（${c.contract_no}），同一时期不能重复签约`,
  wrongState: (stateText: string, action: string) => `协议当前为${stateText}，不能${action}`,
} as const;

/** What create-or-update-contract, sign-up and one-key-sign-contract take: the dialog's fields. */
export interface ContractInput {
  id?: string | undefined;
  rowVersion?: number | undefined;
  archId: string;
  teamId?: string | undefined;
  doctorId?: string | undefined;
  packIds?: string[] | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  phone?: string | undefined;
  remark?: string | undefined;
  renewFrom?: string | undefined;
}

const stateTextOf = (row: ContractRow, now: Date) => STATE_TEXT[shownState(row, today(now))] ?? '';

/** The dialog's rules (rules/contractsign.rules.json), then the team, its doctor and the packs as the catalogue has them. */
async function resolveTerms(
  ctx: ContractContext,
  db: Kysely<Database>,
  input: ContractInput,
): Promise<Omit<ContractValues, 'archId' | 'personName'> & { phone: string }> {
  const values = {
    teamId: input.teamId ?? '',
    doctorId: input.doctorId ?? '',
    packIds: input.packIds ?? [],
    startDate: input.startDate ?? '',
    endDate: input.endDate ?? '',
    phone: input.phone ?? '',
    remark: input.remark ?? '',
  };
  await checkDialog({ db, tenantId: ctx.tenantId, now: ctx.now, dictionaries: ctx.caches }, SIGN_FORM, values);
  const team = (await liveTeams(db, ctx.tenantId)).find((t) => t.id === values.teamId);
  if (!team) throw new Refusal(CONTRACT_MESSAGES.teamMissing);
  const doctor = (await membersOf(db, ctx.tenantId, [team.id])).find((m) => m.user_id === values.doctorId);
  if (!doctor) throw new Refusal(CONTRACT_MESSAGES.doctorNotMember);
  const packIds = [...new Set(values.packIds)];
  const packs = (await findPacksByIds(db, ctx.tenantId, packIds)).filter((p) => p.status === 1);
  if (packs.length !== packIds.length || packIds.length === 0) throw new Refusal(CONTRACT_MESSAGES.packMissing);
  if (addDays(values.startDate, MAX_PERIOD_DAYS) < values.endDate) throw new Refusal(CONTRACT_MESSAGES.periodTooLong);
  const fee = packs.reduce((sum, p) => sum + Number(p.price), 0);
  return {
    phone: values.phone,
    teamId: team.id,
    teamName: team.name,
    doctorId: doctor.user_id,
    doctorName: doctor.real_name,
    packIds: packs.map((p) => p.id).join(','),
    packNames: packs.map((p) => p.pack_name).join('、'),
    fee: Math.round(fee * 100) / 100,
    startDate: values.startDate,
    endDate: values.endDate,
    remark: values.remark,
  };
}

/** Refuses a period that overlaps another open contract of the resident (the caller holds the resident's lock). */
async function refuseOverlap(ctx: ContractContext, db: Kysely<Database>, archId: string, start: string, end: string, exceptId?: string) {
  const clash = (await overlappingOpen(db, ctx.tenantId, archId, start, end, exceptId))[0];
  if (clash) throw new Refusal(CONTRACT_MESSAGES.duplicate(clash, stateTextOf(clash, ctx.now)));
}

async function liveArchive(ctx: ContractContext, db: Kysely<Database>, archId: string) {
  const archive = await findArchive(db, ctx.tenantId, archId);
  if (!archive) throw new NotFound(CONTRACT_MESSAGES.archiveMissing);
  if (archive.archives_status !== '1') throw new Refusal(CONTRACT_MESSAGES.archiveCancelled);
  return archive;
}

/** A renewal's source: the same resident's contract in effect near its end (or run out), ending before the new one starts. */
async function checkRenewal(ctx: ContractContext, db: Kysely<Database>, archId: string, renewFrom: string, start: string) {
  const source = await findContract(db, ctx.tenantId, renewFrom);
  if (!source) throw new Refusal(CONTRACT_MESSAGES.renewSource);
  if (source.arch_id !== archId) throw new Refusal(CONTRACT_MESSAGES.renewOther);
  if (!renewable(source, today(ctx.now))) throw new Refusal(CONTRACT_MESSAGES.renewNotYet);
  if (start <= day(source.end_date)) throw new Refusal(CONTRACT_MESSAGES.renewStart);
}

/** contract-info-generate: what the sign-agreement dialog opens with for a resident — nothing is written. */
export async function contractDefaults(ctx: ContractContext, archId: string) {
  const archive = await liveArchive(ctx, ctx.db, archId);
  const start = today(ctx.now);
  const teams = await liveTeams(ctx.db, ctx.tenantId);
  const teamId = teams.some((t) => t.id === archive.team_id) ? archive.team_id : (teams[0]?.id ?? '');
  const members = teamId ? await membersOf(ctx.db, ctx.tenantId, [teamId]) : [];
  const doctorId = members.some((m) => m.user_id === archive.main_doctor_id) ? archive.main_doctor_id : (members[0]?.user_id ?? '');
  return {
    archId,
    personName: archive.person_name,
    phone: archive.phone,
    teamId,
    doctorId,
    packIds: [] as string[],
    startDate: start,
    endDate: periodEnd(start, 12),
    remark: '',
  };
}

/** create-or-update-contract (and sign-up): a new contract 待签约, or new terms of one still 待签约 over the version read. */
export async function saveContract(ctx: ContractContext, input: ContractInput, signType = 1): Promise<ContractRow> {
  return inTransaction(ctx.db, async (trx) => {
    const archive = await liveArchive(ctx, trx, input.archId);
    const terms = await resolveTerms(ctx, trx, input);
    await lockResident(trx, ctx.tenantId, input.archId);
    if (input.id === undefined) {
      if (input.renewFrom) await checkRenewal(ctx, trx, input.archId, input.renewFrom, terms.startDate);
      await refuseOverlap(ctx, trx, input.archId, terms.startDate, terms.endDate);
      return insertContract(
        trx,
        ctx.tenantId,
        {
          ...terms,
          phone: terms.phone || archive.phone,
          archId: input.archId,
          personName: archive.person_name,
          signType,
          batchNo: '',
          renewFrom: input.renewFrom || null,
        },
        ctx.actor,
        ctx.now,
      );
    }
    const current = await findContract(trx, ctx.tenantId, input.id);
    if (!current || current.arch_id !== input.archId) throw new NotFound(NOT_FOUND);
    const rowVersion = requiredRowVersion(input.rowVersion, CONTRACT_LABEL);
    if (current.state !== CONTRACT_STATE.generated) throw new Refusal(CONTRACT_MESSAGES.wrongState(stateTextOf(current, ctx.now), '修改'));
    await refuseOverlap(ctx, trx, input.archId, terms.startDate, terms.endDate, input.id);
    const values = { ...terms, archId: input.archId, personName: archive.person_name };
    const saved = await updateTerms(trx, ctx.tenantId, input.id, rowVersion, values, ctx.actor, ctx.now);
    return saved ?? (await explainMiss(ctx, trx, input.id, [CONTRACT_STATE.generated], '修改'));
  });
}

/**
 * Nothing was updated: says why — gone (404), in a state the action does not start from (400 naming
 * it), or changed since it was read (409 naming who).
 */
async function explainMiss(
  ctx: ContractContext,
  db: Kysely<Database>,
  id: string,
  from: readonly number[],
  action: string,
): Promise<never> {
  const latest = await findContract(db, ctx.tenantId, id);
  if (!latest) throw new NotFound(NOT_FOUND);
  if (!from.includes(latest.state)) throw new Refusal(CONTRACT_MESSAGES.wrongState(stateTextOf(latest, ctx.now), action));
  await versionOrStale(db, CONTRACT_LABEL, ctx.tenantId, undefined, async () => latest, NOT_FOUND);
  throw new NotFound(NOT_FOUND);
}

async function storeSignature(ctx: ContractContext, db: Kysely<Database>, contractNo: string, autograph: string): Promise<string> {
  const content = checkedSignature(autograph);
  return insertAttachment(db, {
    tenantId: ctx.tenantId,
    userId: ctx.actor.userId,
    originalName: `签名-${contractNo}.png`,
    contentType: 'image/png',
    content,
    time: ctx.now,
  });
}

/** update(id, autograph): the resident's signature on a contract 待签约 — a PNG with ink, kept as the tenant's attachment. */
export async function saveAutograph(
  ctx: ContractContext,
  id: string,
  rowVersion: number | undefined,
  autograph: string,
): Promise<ContractRow> {
  return inTransaction(ctx.db, async (trx) => {
    const current = await findContract(trx, ctx.tenantId, id);
    if (!current) throw new NotFound(NOT_FOUND);
    const version = requiredRowVersion(rowVersion, CONTRACT_LABEL);
    if (current.state !== CONTRACT_STATE.generated) throw new Refusal(CONTRACT_MESSAGES.wrongState(stateTextOf(current, ctx.now), '签名'));
    const attachId = await storeSignature(ctx, trx, current.contract_no, autograph);
    const saved = await transition(
      trx,
      ctx.tenantId,
      id,
      [CONTRACT_STATE.generated],
      version,
      sql`autograph_id = ${attachId}`,
      ctx.actor,
      ctx.now,
    );
    return saved ?? (await explainMiss(ctx, trx, id, [CONTRACT_STATE.generated], '签名'));
  });
}

const signedSet = (ctx: ContractContext) =>
  sql`state = ${CONTRACT_STATE.signed}, sign_user = ${ctx.actor.userId}, sign_user_name = ${ctx.actor.userName}, sign_time = ${ctx.now}`;

/** sign-contract (do-signing-contract): 待签约 → 已签约, with the signature sent now or saved before. */
export async function signContract(
  ctx: ContractContext,
  id: string,
  rowVersion: number | undefined,
  autograph?: string | undefined,
): Promise<ContractRow> {
  return inTransaction(ctx.db, async (trx) => {
    const current = await findContract(trx, ctx.tenantId, id);
    if (!current) throw new NotFound(NOT_FOUND);
    const version = requiredRowVersion(rowVersion, CONTRACT_LABEL);
    if (current.state !== CONTRACT_STATE.generated) throw new Refusal(CONTRACT_MESSAGES.wrongState(stateTextOf(current, ctx.now), '签约'));
    const attachId = autograph ? await storeSignature(ctx, trx, current.contract_no, autograph) : current.autograph_id;
    if (!attachId) throw new Refusal(CONTRACT_MESSAGES.unsigned);
    const set = sql`${signedSet(ctx)}, autograph_id = ${attachId}`;
    const saved = await transition(trx, ctx.tenantId, id, [CONTRACT_STATE.generated], version, set, ctx.actor, ctx.now);
    return saved ?? (await explainMiss(ctx, trx, id, [CONTRACT_STATE.generated], '签约'));
  });
}

/**
 * one-key-sign-contract: several residents (a family) on the same terms and one signature (the
 * family's representative's), each a contract 已签约 sharing one batch number; all or none.
 */
export async function oneKeySign(
  ctx: ContractContext,
  archIds: string[],
  input: Omit<ContractInput, 'archId' | 'id' | 'rowVersion'>,
  autograph: string,
): Promise<ContractRow[]> {
  const ids = [...new Set(archIds)];
  if (ids.length === 0) throw new Refusal(CONTRACT_MESSAGES.noResidents);
  if (ids.length > MAX_FAMILY) throw new Refusal(CONTRACT_MESSAGES.tooManyFamily);
  return inTransaction(ctx.db, async (trx) => {
    const terms = await resolveTerms(ctx, trx, { ...input, archId: ids[0]! });
    const batchNo = `PL${ctx.now.getTime()}${ids[0]!.slice(-4)}`;
    let attachId: string | undefined;
    const out: ContractRow[] = [];
    for (const archId of ids) {
      const archive = await liveArchive(ctx, trx, archId);
      await lockResident(trx, ctx.tenantId, archId);
      await refuseOverlap(ctx, trx, archId, terms.startDate, terms.endDate);
      const row = await insertContract(
        trx,
        ctx.tenantId,
        { ...terms, phone: archive.phone, archId, personName: archive.person_name, signType: 3, batchNo, renewFrom: null },
        ctx.actor,
        ctx.now,
      );
      attachId ??= await storeSignature(ctx, trx, batchNo, autograph);
      const set = sql`${signedSet(ctx)}, autograph_id = ${attachId}`;
      out.push((await transition(trx, ctx.tenantId, row.id, [CONTRACT_STATE.generated], undefined, set, ctx.actor, ctx.now))!);
    }
    return out;
  });
}

/** A batch: ids checked, every contract found in the tenant (404 for one that is not), then `each` for all in one transaction. */
async function inBatch(
  ctx: ContractContext,
  rawIds: string[],
  from: readonly number[],
  action: string,
  each: (trx: Transaction<Database>, row: ContractRow) => Promise<ContractRow | undefined>,
): Promise<ContractRow[]> {
  const ids = [...new Set(rawIds)];
  if (ids.length === 0) throw new Refusal(CONTRACT_MESSAGES.noneChosen);
  if (ids.length > MAX_BATCH) throw new Refusal(CONTRACT_MESSAGES.tooMany);
  return inTransaction(ctx.db, async (trx) => {
    const rows = await findContracts(trx, ctx.tenantId, ids);
    if (rows.length !== ids.length) throw new NotFound(NOT_FOUND);
    const wrong = rows.find((r) => !from.includes(r.state));
    if (wrong) throw new Refusal(`${wrong.person_name}的${CONTRACT_MESSAGES.wrongState(stateTextOf(wrong, ctx.now), action)}`);
    const out: ContractRow[] = [];
    for (const row of rows) out.push((await each(trx, row)) ?? (await explainMiss(ctx, trx, row.id, from, action)));
    return out;
  });
}

const effectSet = (ctx: ContractContext) => sql`state = ${CONTRACT_STATE.inEffect}, effect_time = ${ctx.now}`;

/** sign-contract-comes-into-effect: 已签约 → 生效中 (not for a contract whose period has already ended). */
export async function bringIntoEffect(ctx: ContractContext, id: string, rowVersion: number | undefined): Promise<ContractRow> {
  const current = await findContract(ctx.db, ctx.tenantId, id);
  if (!current) throw new NotFound(NOT_FOUND);
  const version = requiredRowVersion(rowVersion, CONTRACT_LABEL);
  if (current.state === CONTRACT_STATE.signed && day(current.end_date) < today(ctx.now)) throw new Refusal(CONTRACT_MESSAGES.effectExpired);
  const saved = await transition(ctx.db, ctx.tenantId, id, [CONTRACT_STATE.signed], version, effectSet(ctx), ctx.actor, ctx.now);
  return saved ?? (await explainMiss(ctx, ctx.db, id, [CONTRACT_STATE.signed], '生效'));
}

/** batch-sign-contract-comes-into-effect: several 已签约 → 生效中, all or none. */
export async function bringAllIntoEffect(ctx: ContractContext, ids: string[]): Promise<ContractRow[]> {
  return inBatch(ctx, ids, [CONTRACT_STATE.signed], '生效', async (trx, row) => {
    if (day(row.end_date) < today(ctx.now)) throw new Refusal(`${row.person_name}的${CONTRACT_MESSAGES.effectExpired}`);
    return transition(trx, ctx.tenantId, row.id, [CONTRACT_STATE.signed], undefined, effectSet(ctx), ctx.actor, ctx.now);
  });
}

const endSet = (ctx: ContractContext, state: number, reason: string) =>
  sql`state = ${state}, end_reason = ${reason}, end_time = ${ctx.now}, end_user_name = ${ctx.actor.userName}`;

/** contract-termination: 已签约 or 生效中 → 已解约, with the reason. */
export async function terminate(ctx: ContractContext, id: string, rowVersion: number | undefined, reason: string): Promise<ContractRow> {
  const current = await findContract(ctx.db, ctx.tenantId, id);
  if (!current) throw new NotFound(NOT_FOUND);
  const version = requiredRowVersion(rowVersion, CONTRACT_LABEL);
  if (reason.trim() === '') throw new Refusal(CONTRACT_MESSAGES.reasonRequired);
  const from = [CONTRACT_STATE.signed, CONTRACT_STATE.inEffect];
  const saved = await transition(
    ctx.db,
    ctx.tenantId,
    id,
    from,
    version,
    endSet(ctx, CONTRACT_STATE.terminated, reason.trim()),
    ctx.actor,
    ctx.now,
  );
  return saved ?? (await explainMiss(ctx, ctx.db, id, from, '解约'));
}

const CANCELLABLE = [CONTRACT_STATE.generated, CONTRACT_STATE.signed];

/** contract-cancel: a contract not yet in effect (待签约, 已签约) → 已作废. */
export async function cancel(ctx: ContractContext, id: string, rowVersion: number | undefined, reason: string): Promise<ContractRow> {
  const current = await findContract(ctx.db, ctx.tenantId, id);
  if (!current) throw new NotFound(NOT_FOUND);
  const version = requiredRowVersion(rowVersion, CONTRACT_LABEL);
  const set = endSet(ctx, CONTRACT_STATE.cancelled, reason.trim() || '居民撤回签约');
  const saved = await transition(ctx.db, ctx.tenantId, id, CANCELLABLE, version, set, ctx.actor, ctx.now);
  return saved ?? (await explainMiss(ctx, ctx.db, id, CANCELLABLE, '作废'));
}

/** contract-invalid/byid: several contracts not yet in effect → 已作废, all or none. */
export async function invalidate(ctx: ContractContext, ids: string[], reason: string): Promise<ContractRow[]> {
  const set = endSet(ctx, CONTRACT_STATE.cancelled, reason.trim() || '批量作废');
  return inBatch(ctx, ids, CANCELLABLE, '作废', (trx, row) =>
    transition(trx, ctx.tenantId, row.id, CANCELLABLE, undefined, set, ctx.actor, ctx.now),
  );
}

/**
 * contract-remove(id, deleted): deleted 1 removes a contract 待签约 or 已作废 (a signed one is a
 * record of the service: 解约 or 作废 first); 0 puts a removed one back (a pending one only when its
 * period is still free).
 */
export async function removeContract(
  ctx: ContractContext,
  id: string,
  deleted: boolean,
  rowVersion: number | undefined,
  /** A signer without 删除: only the withdrawal of a contract 待签约 (the sign dialog closed unfinished). */
  withdrawOnly = false,
): Promise<ContractRow> {
  return inTransaction(ctx.db, async (trx) => {
    const current = await findContract(trx, ctx.tenantId, id, true);
    if (!current || current.is_deleted === (deleted ? 1 : 0)) throw new NotFound(NOT_FOUND);
    if (withdrawOnly && (!deleted || current.state !== CONTRACT_STATE.generated)) throw new Forbidden(CONTRACT_MESSAGES.withdrawOnly);
    if (current.state !== CONTRACT_STATE.generated && current.state !== CONTRACT_STATE.cancelled)
      throw new Refusal(CONTRACT_MESSAGES.removeSigned);
    if (!deleted && current.state === CONTRACT_STATE.generated) {
      await lockResident(trx, ctx.tenantId, current.arch_id);
      await refuseOverlap(ctx, trx, current.arch_id, day(current.start_date), day(current.end_date), id);
    }
    const saved = await setRemoved(trx, ctx.tenantId, id, deleted, rowVersion, ctx.actor, ctx.now);
    if (saved) return saved;
    await versionOrStale(trx, CONTRACT_LABEL, ctx.tenantId, undefined, async () => findContract(trx, ctx.tenantId, id, true), NOT_FOUND);
    throw new NotFound(NOT_FOUND);
  });
}

/** The contract of the tenant, or 404. */
export async function contractOf(ctx: Pick<ContractContext, 'db' | 'tenantId'>, id: string): Promise<ContractRow> {
  const row = await findContract(ctx.db, ctx.tenantId, id);
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

/** The resident of the tenant, or 404 (the by-archive lists). */
export async function requireArchive(ctx: Pick<ContractContext, 'db' | 'tenantId'>, archId: string): Promise<void> {
  if (!(await findArchive(ctx.db, ctx.tenantId, archId))) throw new NotFound(CONTRACT_MESSAGES.archiveMissing);
}
