// ehr/detail-arch and ehr/detail-archs (spec 001 §3 "EHR definition": ehr_code, arch_id, ehr_s,
// backRule, hasRules): a resident's newest value of named indicators, from iph_ehr_value (migration
// 036), with the indicator's definition; asked with rules (hasRules / backRule = 1), each value is
// also judged against the indicator's normal range.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { dateTime } from '../../forms/index';
import { latestValues, type LatestValueRow } from '../repositories/ehr-values';

/** How many codes one detail-archs may name. */
export const MAX_CODES = 100;
const CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The judgement of a value against the normal range: 偏低, 正常, 偏高; null when it cannot be judged. */
export type Judgement = '偏低' | '正常' | '偏高' | null;

export interface IndicatorValue {
  ehrCode: string;
  ehrName: string;
  unit: string;
  valueType: number;
  /** The newest measured value (text as stored); null when none was measured. */
  value: string | null;
  measureTime: string | null;
  source: string | null;
  normalLow: number | null;
  normalHigh: number | null;
  /** Only when rules were asked for (hasRules / backRule = 1); else null. */
  judgement: Judgement;
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

function judge(r: LatestValueRow): Judgement {
  const value = num(r.value);
  if (Number(r.value_type) !== 1 || value === null || Number.isNaN(value)) return null;
  const low = num(r.normal_low);
  const high = num(r.normal_high);
  if (low === null && high === null) return null;
  if (low !== null && value < low) return '偏低';
  if (high !== null && value > high) return '偏高';
  return '正常';
}

function view(r: LatestValueRow, withRules: boolean): IndicatorValue {
  return {
    ehrCode: r.ehr_code,
    ehrName: r.ehr_name,
    unit: r.unit,
    valueType: Number(r.value_type),
    value: r.value,
    measureTime: r.measure_time ? dateTime(new Date(r.measure_time)) : null,
    source: r.source,
    normalLow: num(r.normal_low),
    normalHigh: num(r.normal_high),
    judgement: withRules ? judge(r) : null,
  };
}

/** The codes of `ehr_s` (comma separated), each checked, without repeats. */
export function codesOf(list: string): string[] {
  const codes = [
    ...new Set(
      list
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    ),
  ];
  if (codes.length === 0) throw new Refusal('请至少指定一个指标编码');
  if (codes.length > MAX_CODES) throw new Refusal(`一次最多查询 ${MAX_CODES} 个指标`);
  const bad = codes.find((c) => !CODE.test(c));
  if (bad) throw new Refusal(`指标编码 ${bad} 格式不正确`);
  return codes;
}

/** detail-arch: one indicator of one resident (404 when the code names no live indicator of the tenant). */
export async function indicatorOfArchive(
  db: Kysely<Database>,
  tenantId: string,
  archId: string,
  code: string,
  withRules: boolean,
): Promise<IndicatorValue> {
  const [row] = await latestValues(db, tenantId, archId, codesOf(code));
  if (!row) throw new NotFound('指标不存在');
  return view(row, withRules);
}

/** detail-archs: several indicators of one resident, in the order asked; codes naming no indicator are left out. */
export async function indicatorsOfArchive(
  db: Kysely<Database>,
  tenantId: string,
  archId: string,
  codes: string,
  withRules: boolean,
): Promise<IndicatorValue[]> {
  return (await latestValues(db, tenantId, archId, codesOf(codes))).map((r) => view(r, withRules));
}
