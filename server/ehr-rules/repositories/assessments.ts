import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A live rule of an assessment, as the table holds it. */
export interface AssRuleRow {
  id: string;
  ass_code: string;
  rule_name: string;
  rule_expr: string;
  result_level: string;
  message: string;
  sort: number;
  status: number;
}

/** The live rules of one assessment of the tenant, in their order. */
export async function assessmentRules(db: Kysely<Database>, tenantId: string, assCode: string): Promise<AssRuleRow[]> {
  const { rows } = await sql<AssRuleRow>`select id, ass_code, rule_name, rule_expr, result_level, message, sort, status
    from iph_ass_ehr_rule where tenant_id = ${tenantId} and is_deleted = 0 and ass_code = ${assCode} order by sort, id`.execute(db);
  return rows;
}

/** The tenant's live indicators: the names a rule expression may read, with their value type (1 数值, 2 文本). */
export async function indicatorTypes(db: Kysely<Database>, tenantId: string): Promise<{ ehr_code: string; value_type: number }[]> {
  const { rows } = await sql<{ ehr_code: string; value_type: number }>`select ehr_code, value_type from iph_ehr
    where tenant_id = ${tenantId} and is_deleted = 0 order by ehr_code`.execute(db);
  return rows;
}

/** The ids among `ids` that are live assessment-indicator rows of the tenant. */
export async function liveAssEhrIds(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`select id from iph_ass_ehr
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)})`.execute(db);
  return new Set(rows.map((r) => r.id));
}
