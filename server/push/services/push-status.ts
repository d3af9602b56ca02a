// What the screens and calls read and change of the outbox (decision 0033): rows as views with the
// spec's gwStatus / gwMsg, 重新上报 (back to 待上报: the relay queues them), 清除错误 (已清除), a
// push to one more system, and the per-form counts of 随访提交状态.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PushSystem } from '../../config';
import { allForms, dateTime } from '../../forms/index';
import { findArchive } from '../../archives/index';
import { findRecord } from '../../followups/index';
import { NotFound, Refusal } from '../../domain/errors';
import type { PushCount, PushView } from '../../../src/shared/contract/push';
import {
  addMissingCasePushes,
  addPush,
  clearErrors,
  outboxPage,
  PUSH_STATE,
  PUSH_STATE_TEXT,
  identityExists,
  requeue,
  requeueByIdentity,
  stateCounts,
  type ListedRow,
  type OutboxFilter,
  type PushKind,
} from '../repositories/outbox';
import { findSources, type OtherKind } from '../repositories/sources';
import { SYSTEM_LABEL, type Adapters } from './adapters';

export type { PushKind };

type Db = Kysely<Database>;

const time = (t: Date | string | null) => (t === null ? '' : dateTime(new Date(t)));

/** The spec's gwStatus: '1' 已上报, '2' 上报失败 (失败, 终止), '0' otherwise (未上报). */
export function gwStatusOf(state: number): '0' | '1' | '2' {
  if (state === PUSH_STATE.done) return '1';
  if (state === PUSH_STATE.failed || state === PUSH_STATE.dead) return '2';
  return '0';
}

/** What each kind of source is called on the screens. */
export const KIND_TEXT: Record<PushKind, string> = {
  followup: '随访记录',
  archive: '健康档案',
  contract: '签约协议',
  archive_other: '专项档案',
  medication: '用药记录',
  habits: '生活习惯',
  voucher: '随访凭证',
};

/** The form column of a row that is not a follow-up record: what was pushed. */
const SOURCE_NAME: Record<string, string> = {
  archive: '个人基本信息',
  contract: '家庭医生签约',
  maternal: '孕产妇档案',
  child: '儿童档案',
  medication: '用药记录',
  habits: '生活习惯',
  voucher: '随访凭证',
};

function formNameOf(row: ListedRow, formNames: Map<string, string>): string {
  if (row.source_kind === 'followup') return formNames.get(row.form_code) ?? row.form_code;
  if (row.source_kind === 'voucher') return `${SOURCE_NAME.voucher}（${formNames.get(row.form_code) ?? row.form_code}）`;
  return SOURCE_NAME[row.source_kind === 'archive_other' ? row.form_code : row.source_kind] ?? row.form_code;
}

export function pushView(row: ListedRow, formNames: Map<string, string>, adapters: Adapters): PushView {
  const adapter = adapters[row.system as PushSystem];
  // A row of a system not configured waits: its reason is the configuration, not an error.
  const waitingReason = row.state === PUSH_STATE.waiting && adapter && !adapter.configured ? adapter.waitingReason : '';
  return {
    id: row.id,
    kind: row.source_kind,
    kindText: KIND_TEXT[row.source_kind] ?? row.source_kind,
    sourceId: row.source_id,
    archId: row.arch_id,
    personName: row.person_name ?? '',
    formCode: row.form_code,
    formName: formNameOf(row, formNames),
    visitDate: row.visit_date ?? '',
    system: row.system,
    systemName: SYSTEM_LABEL[row.system as PushSystem] ?? row.system,
    state: row.state,
    stateText: PUSH_STATE_TEXT[row.state] ?? String(row.state),
    attempts: row.attempts,
    gwStatus: gwStatusOf(row.state),
    gwMsg: waitingReason || row.last_error,
    idempotencyKey: row.idempotency_key,
    externalId: row.external_id,
    nextTryTime: row.state === PUSH_STATE.failed || row.state === PUSH_STATE.waiting ? time(row.next_try_time) : '',
    lastTryTime: time(row.last_try_time),
    pushedTime: time(row.pushed_time),
    updateTime: time(row.update_time),
  };
}

export async function formNamesOf(db: Db, tenantId: string): Promise<Map<string, string>> {
  return new Map((await allForms(db, tenantId)).map((f) => [f.form_code, f.form_name]));
}

export async function listPushes(db: Db, tenantId: string, adapters: Adapters, filter: OutboxFilter, current: number, size: number) {
  const [{ rows, total }, names] = await Promise.all([outboxPage(db, tenantId, filter, current, size), formNamesOf(db, tenantId)]);
  return { records: rows.map((r) => pushView(r, names, adapters)), total };
}

/**
 * 重新上报 of the given rows, or without ids every failed, dead or cleared one and every live
 * maternal or child case that never had a push (filed before the trigger): answers the rows changed.
 */
export async function pushAgain(db: Db, tenantId: string, ids: string[] | 'failed', now: Date): Promise<string[]> {
  if (ids !== 'failed') return requeue(db, tenantId, ids, now);
  return [...(await requeue(db, tenantId, ids, now)), ...(await addMissingCasePushes(db, tenantId, now))];
}

/** 清除错误: the failed or dead rows of `ids` stop being tried. */
export async function clearPushErrors(db: Db, tenantId: string, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) throw new Refusal('参数[ids]不能为空');
  return clearErrors(db, tenantId, ids, now);
}

/** What pushTo is told besides the ids: the forms a follow-up must be of (an inquiry's push), and the 404's text. */
export interface PushToOptions {
  formCodes?: readonly string[];
  notFound?: string;
}

const NOT_FOUND: Record<PushKind, string> = {
  followup: '随访记录不存在',
  archive: '档案不存在',
  contract: '签约协议不存在',
  archive_other: '专项档案不存在',
  medication: '用药记录不存在',
  habits: '生活习惯记录不存在',
  voucher: '凭证不存在',
};

/**
 * A push of records to a system on request (push_to_jw, push-archives-to-his, the push-to-jw of
 * medication, habits, inquiries and vouchers, 健康教育's push-promotion): a row 待上报 per record at
 * its current version — all or none: an id that is not a live record of the tenant (or not of the
 * forms asked for) is 404 and nothing is written. A version already 已上报 stays as it is.
 */
export async function pushTo(
  db: Db,
  tenantId: string,
  system: PushSystem,
  kind: PushKind,
  ids: string[],
  now: Date,
  options: PushToOptions = {},
) {
  if (ids.length === 0) throw new Refusal('参数[ids]不能为空');
  const missing = (id: string) => new NotFound(`${options.notFound ?? NOT_FOUND[kind]}：${id.slice(0, 40)}`);
  const rows: { sourceId: string; archId: string; formCode: string; version: number }[] = [];
  const unique = [...new Set(ids)];
  if (kind === 'archive' || kind === 'followup') {
    for (const id of unique) {
      if (kind === 'archive') {
        const archive = await findArchive(db, tenantId, id);
        if (!archive) throw missing(id);
        rows.push({ sourceId: id, archId: id, formCode: 'archive', version: archive.row_version });
      } else {
        const record = await findRecord(db, tenantId, id);
        if (!record || (options.formCodes && !options.formCodes.includes(record.form_code))) throw missing(id);
        rows.push({ sourceId: id, archId: record.arch_id, formCode: record.form_code, version: record.row_version });
      }
    }
  } else {
    const found = new Map((await findSources(db, tenantId, kind as OtherKind, unique)).map((r) => [r.id, r]));
    for (const id of unique) {
      const source = found.get(id);
      if (!source) throw missing(id);
      const formCode = kind === 'voucher' ? (source.form_code ?? '') : kind === 'archive_other' ? String(source.row.kind ?? '') : kind;
      rows.push({ sourceId: id, archId: source.arch_id, formCode, version: source.row_version });
    }
  }
  const made: string[] = [];
  for (const r of rows) made.push(await addPush(db, { tenantId, kind, system, ...r }, now));
  return made;
}

/** Per form, the regional pushes of records changed in [from, to] by state. */
export async function pushCounts(db: Db, tenantId: string, kind: 'followup' | 'archive', from: string, to: string): Promise<PushCount[]> {
  const [rows, names] = await Promise.all([stateCounts(db, tenantId, kind, from, to), formNamesOf(db, tenantId)]);
  const byForm = new Map<string, PushCount>();
  const keys = ['waiting', 'running', 'done', 'failed', 'dead', 'cleared'] as const;
  for (const r of rows) {
    let c = byForm.get(r.form_code);
    if (!c) {
      const formName = kind === 'archive' ? '个人基本信息' : (names.get(r.form_code) ?? r.form_code);
      c = { formCode: r.form_code, formName, waiting: 0, running: 0, done: 0, failed: 0, dead: 0, cleared: 0, total: 0 };
      byForm.set(r.form_code, c);
    }
    const key = keys[r.state];
    if (key) c[key] += r.n;
    c.total += r.n;
  }
  return [...byForm.values()].sort((a, b) => a.formCode.localeCompare(b.formCode));
}

/** push-public-health-data: every regional push of the resident with this id card not yet done, pushed again. */
export async function pushIdentity(db: Db, tenantId: string, idCard: string, now: Date): Promise<string[]> {
  if (!(await identityExists(db, tenantId, idCard))) throw new NotFound('未找到该证件号的居民档案');
  return requeueByIdentity(db, tenantId, idCard, now);
}
