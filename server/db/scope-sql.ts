import { CompiledQuery } from 'kysely';
import { GENERIC_PLAN } from './plan-selection';
import type { ScopeSettings } from './tenant-scope';

/**
 * The SQL that puts a transaction in a tenant scope (db/tenant-rls.ts): the unprivileged app role,
 * the tenant whose rows it may see, or the system bypass — all local to the transaction, so a
 * pooled connection never carries one caller's tenant into the next caller's statement, and the
 * role switch ends with the transaction (the owner connection, on the same pool, keeps its own).
 */

/** What a tenant id may be to be written into SQL as a literal (the seeded and created ids are 6 digits). */
export const TENANT_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
const ROLE_PATTERN = /^[a-z_][a-z0-9_]*$/;

/**
 * The scope as one parameterised statement, run after a BEGIN of its own (PGlite, in process, where
 * a round trip costs next to nothing, and a transaction begun with an isolation level or access
 * mode). The owner (`role` null) only turns the bypass on: a non-superuser owner is subject to FORCE.
 */
export function scopeStatement(role: string | null, settings: ScopeSettings): CompiledQuery {
  if (role === null) return CompiledQuery.raw("select set_config('app.bypass_rls', 'on', true)");
  const { tenantId, bypass } = settings;
  return CompiledQuery.raw(
    "select set_config('role', $1, true), set_config('app.tenant_id', $2, true), set_config('app.bypass_rls', $3, true)",
    [role, tenantId, bypass ? 'on' : 'off'],
  );
}

/**
 * BEGIN and the scope as one simple-query string (PostgreSQL: one round trip). The simple protocol
 * takes several statements but no bound parameters, so the tenant id is a literal: it is checked
 * against TENANT_ID_PATTERN and the role against a plain identifier, and anything else throws
 * before SQL is sent — neither can carry a quote or a statement of its own. `genericPlan` adds the
 * plan setting of a query template's statement (plan-selection.ts).
 */
export function beginScopedSql(role: string | null, settings: ScopeSettings, genericPlan = false): string {
  const plan = genericPlan ? `${GENERIC_PLAN}; ` : '';
  if (role === null) return `BEGIN; ${plan}SET LOCAL app.bypass_rls = 'on'`;
  if (!ROLE_PATTERN.test(role)) throw new Error(`tenant scope: not a plain role name: ${JSON.stringify(role)}`);
  const { tenantId, bypass } = settings;
  if (tenantId !== '' && !TENANT_ID_PATTERN.test(tenantId)) throw new Error(`tenant scope: not a tenant id: ${JSON.stringify(tenantId)}`);
  // SET LOCAL rather than `select set_config(…, true)`, which does the same: a SET has no plan and
  // answers no row for pg to describe and parse (issue 6, round 3).
  return `BEGIN; SET LOCAL ROLE ${role}; ${plan}SET LOCAL app.tenant_id = '${tenantId}'; SET LOCAL app.bypass_rls = '${bypass ? 'on' : 'off'}'`;
}
