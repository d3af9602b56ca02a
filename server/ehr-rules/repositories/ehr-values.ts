import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** An indicator's definition and a resident's newest value of it (value null when none was measured). */
export interface LatestValueRow {
  ehr_code: string;
  ehr_name: string;
  unit: string;
  value_type: number;
  normal_low: string | number | null;
  normal_high: string | number | null;
  value: string | null;
  measure_time: Date | string | null;
  source: string | null;
}

/**
 * For each of the tenant's live indicators among `codes`, its definition and the archive's newest
 * measured value (iph_ehr_value), in the order of `codes`. Codes that name no live indicator are absent.
 */
export async function latestValues(db: Kysely<Database>, tenantId: string, archId: string, codes: string[]): Promise<LatestValueRow[]> {
  if (codes.length === 0) return [];
  const { rows } = await sql<LatestValueRow>`select e.ehr_code, e.ehr_name, e.unit, e.value_type, e.normal_low, e.normal_high,
      v.value, v.measure_time, v.source
    from iph_ehr e
    left join lateral (
      select value, measure_time, source from iph_ehr_value
      where tenant_id = ${tenantId} and is_deleted = 0 and arch_id = ${archId} and ehr_code = e.ehr_code
      order by measure_time desc, id desc limit 1
    ) v on true
    where e.tenant_id = ${tenantId} and e.is_deleted = 0 and e.ehr_code in (${sql.join(codes)})`.execute(db);
  const at = new Map(codes.map((c, i) => [c, i]));
  return rows.sort((a, b) => (at.get(a.ehr_code) ?? 0) - (at.get(b.ehr_code) ?? 0));
}
