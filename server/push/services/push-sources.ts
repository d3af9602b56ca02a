// The pushes of the records besides follow-ups and archives (decision 0033): contracts to the regional
// system (written by trigger when signed, brought into effect, terminated or voided; all-sign-submit-push
// pushes them again), the resident's habits (sync to GW, list-need-report-data), and medication,
// habits, inquiries and vouchers to 基卫 on request.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dateTime } from '../../forms/index';
import { NotFound, Refusal } from '../../domain/errors';
import type { HabitsReportView } from '../../../src/shared/contract/push';
import {
  addMissingContractPushes,
  addPush,
  outboxOfSources,
  PUSH_STATE,
  PUSH_STATE_TEXT,
  requeue,
  requeueKind,
} from '../repositories/outbox';
import { findSources, habitsNeedingReport, habitsOfArchive } from '../repositories/sources';
import { gwStatusOf, pushTo } from './push-status';

type Db = Kysely<Database>;

/** The contract states the regional system is told of: 已签约, 生效中, 已解约, and 已作废 once signed. */
const REPORTED_CONTRACT_STATES = [1, 2, 4, 5];
/** A contract without a row is taken up in these only: a voided one may never have been signed (已作废 from 待签约). */
const BACKLOG_CONTRACT_STATES = [1, 2, 4];
const CONTRACT_STATE_TEXT: Record<number, string> = { 0: '待签约', 1: '已签约', 2: '生效中', 4: '已解约', 5: '已作废' };

/** The inquiry forms (问诊) as followups/routes/screening.ts binds them to useraskhypertension / useraskhyperglycemia. */
export const INQUIRY_FORM_CODES = { hypertension: 'hypertensioninquiry', hyperglycemia: 'diabetesinquiry' } as const;

/**
 * all-sign-submit-push: the contracts named pushed to the regional system again (their rows back to
 * 待上报; a contract signed before it had a row gets one), or without ids every contract push that
 * failed, ran out of attempts or was cleared, and every signed contract that never had a row (the
 * backlog from before the trigger). A contract never signed is refused: it is the clinic's draft.
 * All or none.
 */
export async function pushContracts(db: Db, tenantId: string, ids: string[] | 'failed', now: Date): Promise<string[]> {
  if (ids === 'failed')
    return [
      ...(await requeueKind(db, tenantId, 'contract', 'GW', now)),
      ...(await addMissingContractPushes(db, tenantId, BACKLOG_CONTRACT_STATES, now)),
    ];
  const unique = [...new Set(ids)];
  const found = new Map((await findSources(db, tenantId, 'contract', unique)).map((c) => [c.id, c]));
  for (const id of unique) {
    const contract = found.get(id);
    if (!contract) throw new NotFound(`签约协议不存在：${id.slice(0, 40)}`);
    const state = Number(contract.row.state);
    if (!REPORTED_CONTRACT_STATES.includes(state))
      throw new Refusal(`协议当前为${CONTRACT_STATE_TEXT[state] ?? state}，签约后才能上报：${String(contract.row.contract_no ?? id)}`);
  }
  const rows = new Map(
    (await outboxOfSources(db, tenantId, 'contract', unique)).filter((r) => r.system === 'GW').map((r) => [r.source_id, r]),
  );
  const again = unique.map((id) => rows.get(id)?.id).filter((id): id is string => !!id);
  const changed = again.length ? await requeue(db, tenantId, again, now) : [];
  for (const id of unique) {
    if (rows.has(id)) continue;
    // The trigger's first version is 1: a contract without a row is pushed as that version.
    const contract = found.get(id)!;
    changed.push(
      await addPush(
        db,
        { tenantId, kind: 'contract', sourceId: id, archId: contract.arch_id, formCode: 'contract', system: 'GW', version: 1 },
        now,
      ),
    );
  }
  return changed;
}

/** userinfohabits/sync/{archId}: the resident's habits pushed to the regional system at their current version. */
export async function syncHabits(db: Db, tenantId: string, archId: string, now: Date): Promise<string[]> {
  const habitsId = await habitsOfArchive(db, tenantId, archId);
  if (!habitsId) throw new NotFound('该居民尚无生活习惯记录');
  return pushTo(db, tenantId, 'GW', 'habits', [habitsId], now);
}

/** list-need-report-data of 生活习惯: the habits not yet reported to the regional system at their current version. */
export async function habitsToReport(db: Db, tenantId: string, personName: string | undefined, current: number, size: number) {
  const { rows, total } = await habitsNeedingReport(db, tenantId, personName, current, size);
  const records: HabitsReportView[] = rows.map((r) => {
    // A row of an older version is as good as none: this version has not been pushed.
    const current = r.state !== null && r.outbox_id !== null;
    const state = current ? r.state! : -1;
    return {
      id: r.id,
      archId: r.arch_id,
      personName: r.person_name,
      surveyDate: r.survey_date,
      rowVersion: r.row_version,
      pushId: r.outbox_id ?? '',
      state,
      stateText: state === PUSH_STATE.done ? '已上报（旧版本）' : state >= 0 ? (PUSH_STATE_TEXT[state] ?? '') : '未上报',
      gwStatus: state >= 0 && state !== PUSH_STATE.done ? gwStatusOf(state) : '0',
      gwMsg: r.last_error ?? '',
      updateTime: r.update_time === null ? '' : dateTime(new Date(r.update_time)),
    };
  });
  return { records, total };
}
