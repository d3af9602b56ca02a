/**
 * Which statements PostgreSQL keeps prepared and plans once: the query templates' (repositories/
 * query-template.ts), the statements every request runs. The pipelined pg driver
 * (pg-pipeline-driver.ts) sends such a statement under its name, so each pooled connection parses
 * it once and then only binds and executes it; outside an explicit transaction the scoped driver
 * (scoped-driver.ts) also runs it with a generic plan (GENERIC_PLAN below).
 *
 * The names are kept per process on purpose: a name stands for one SQL text, the same for every
 * database and connection (each connection prepares it on first use). Bounded: past MAX_NAMED
 * texts, new ones go unnamed (and keep the default plan).
 */
const statementNames = new Map<string, string>();
const MAX_NAMED = 100;

/** The name `sqlText` is prepared under, or undefined for an ad-hoc statement. */
export function preparedName(sqlText: string): string | undefined {
  return statementNames.get(sqlText);
}

/** Whether `sqlText` is a query template's statement (prepared by name, run with a generic plan). */
export function isNamedStatement(sqlText: string): boolean {
  return statementNames.has(sqlText);
}

/** Names `sqlText` (platform/repositories/query-template.ts: a statement the app runs again and again). */
export function nameStatement(sqlText: string): void {
  if (statementNames.size < MAX_NAMED && !statementNames.has(sqlText)) statementNames.set(sqlText, `phw_t${statementNames.size + 1}`);
}

/**
 * For a query template's statement only: PostgreSQL kept choosing a custom plan for the list page,
 * whose LIMIT and OFFSET are parameters, and so planned it again on every call — about two thirds
 * of its CPU per page (issue 6, round 3; docs/decisions/0014). The generic plan is the same index
 * walk. Never for the whole session: an unnamed statement gets a generic plan under this setting
 * too, and a generic plan cannot use a partial index whose condition is a parameter
 * (`is_deleted = $3`): one ID-card lookup took 21 ms instead of 0.2. Templates therefore write such
 * constants as literals. Set with SET LOCAL in the statement's own BEGIN + scope (scope-sql.ts).
 */
export const GENERIC_PLAN = 'SET LOCAL plan_cache_mode = force_generic_plan';

/** Whether an autocommitted statement runs with the generic plan. */
export const wantsGenericPlan = (sqlText: string): boolean => isNamedStatement(sqlText);
