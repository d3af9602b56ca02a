// The lists of contracts: new-list (签约管理's page, BladeX filters), the cancelled ones, and the
// performance list. `state_equal` is the state as shown: 3 已到期 is 已签约/生效中 past the end, and
// 1 and 2 are those not yet past it.
import { sql, type RawBuilder } from 'kysely';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import { Refusal } from '../../domain/errors';
import { CONTRACT_STATE, pageContracts, type ContractRow } from '../repositories/contracts';
import { today } from './contract-views';
import type { ContractContext } from './contracts';

const FILTERS: Record<string, FilterColumn> = {
  personName: { column: 'person_name', kind: 'text' },
  contractNo: { column: 'contract_no', kind: 'text' },
  archId: { column: 'arch_id', kind: 'text' },
  teamId: { column: 'team_id', kind: 'text' },
  teamName: { column: 'team_name', kind: 'text' },
  doctorId: { column: 'doctor_id', kind: 'text' },
  doctorName: { column: 'doctor_name', kind: 'text' },
  packNames: { column: 'pack_names', kind: 'text' },
  signType: { column: 'sign_type', kind: 'number' },
  startDate: { column: 'start_date', kind: 'date' },
  endDate: { column: 'end_date', kind: 'date' },
  gwId: { column: 'gw_id', kind: 'text' },
};

/** SQL for one shown state on `todayText`. */
export function shownStateCondition(state: number, todayText: string): RawBuilder<unknown> {
  const open = sql`state in (${CONTRACT_STATE.signed}, ${CONTRACT_STATE.inEffect})`;
  if (state === CONTRACT_STATE.expired) return sql`(${open} and end_date < ${todayText}::date)`;
  if (state === CONTRACT_STATE.signed || state === CONTRACT_STATE.inEffect)
    return sql`(state = ${state} and end_date >= ${todayText}::date)`;
  return sql`state = ${state}`;
}

function stateConditions(query: Record<string, unknown>, todayText: string): RawBuilder<unknown>[] {
  const raw = String(query['state_equal'] ?? query['state'] ?? '').trim();
  if (raw === '') return [];
  const states = raw.split(',').map((s) => Number(s.trim()));
  if (states.some((s) => !Number.isInteger(s) || s < 0 || s > 5)) throw new Refusal('参数[state]应为0～5的签约状态');
  return [
    sql`(${sql.join(
      states.map((s) => shownStateCondition(s, todayText)),
      sql` or `,
    )})`,
  ];
}

export async function listContracts(
  ctx: ContractContext,
  query: Record<string, unknown> & { current?: number; size?: number },
  only: RawBuilder<unknown>[] = [],
): Promise<{ rows: ContractRow[]; total: number; current: number; size: number }> {
  const { current, size, offset } = paging(query);
  const where = [...only, ...filterConditions(query, FILTERS), ...stateConditions(query, today(ctx.now))];
  const { rows, total } = await pageContracts(ctx.db, ctx.tenantId, where, size, offset);
  return { rows, total, current, size };
}

/** list-cancel-contract: 已解约 and 已作废. */
export const CANCELLED_ONLY = [sql`state in (${CONTRACT_STATE.terminated}, ${CONTRACT_STATE.cancelled})`];
/** performcontract/list: the contracts the service is owed on — 已签约 and 生效中 (also those run out). */
export const PERFORMING_ONLY = [sql`state in (${CONTRACT_STATE.signed}, ${CONTRACT_STATE.inEffect})`];
