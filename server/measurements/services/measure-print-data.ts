// What a printed report needs (decision 0046): the report as its detail answers it (dictionary texts,
// the id card masked), the normal range of each result row's health-record indicator, and when the
// report last changed (the PDF's date, so the same report prints the same bytes). The printout itself
// is laid out by print-templates, through server/printing's one renderer.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import type { MeasureView } from '../../../src/shared/contract/measurements';
import { indicatorRanges, measureChangedAt } from '../repositories/measures';
import { reportDetail } from './measure-reads';

export interface IndicatorRange {
  low: number | null;
  high: number | null;
}

export interface MeasureForPrint {
  report: MeasureView;
  /** ehr_code → the indicator's normal range (only indicators with a bound). */
  ranges: ReadonlyMap<string, IndicatorRange>;
  changed: Date;
}

/** The tenant's live report `id` with what its printout shows; 404 报告不存在：id otherwise. */
export async function measureForPrint(db: Kysely<Database>, tenantId: string, id: string): Promise<MeasureForPrint> {
  let report: MeasureView;
  try {
    report = await reportDetail({ db, tenantId }, { id });
  } catch (e) {
    if (e instanceof NotFound) throw new NotFound(`报告不存在：${id}`);
    throw e;
  }
  const codes = [...new Set(report.results.map((r) => r.ehr_code).filter((c) => c !== ''))];
  const ranges = new Map<string, IndicatorRange>();
  for (const r of await indicatorRanges(db, tenantId, codes)) {
    const low = r.normal_low === null ? null : Number(r.normal_low);
    const high = r.normal_high === null ? null : Number(r.normal_high);
    if (low !== null || high !== null) ranges.set(r.ehr_code, { low, high });
  }
  return { report, ranges, changed: await measureChangedAt(db, tenantId, id) };
}
