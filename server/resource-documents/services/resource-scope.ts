// A caller's row scope over a resource document's table (the block's `scope`; issue 31): the
// conditions every list, detail, update and removal adds to "the tenant's live rows", and the teams a
// team-scoped caller may write rows for. The data scope comes from access/ (BladeX 数据权限, per
// menu and role, cached there); the team scope from the session's team ids. Conditions name only
// columns of the checked block (resourceBlockProblems) and bind every value.
import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { dataScopeFor } from '../../access/index';
import { splitIds, type AccessClaims } from '../../auth/index';
import type { ResourceBlock } from '../../../src/shared/resource/resource-block';
import type { ScopeConditions } from '../repositories/resource-rows';

export interface CallerScope {
  /** Added to every read and write of the caller's rows. */
  where: ScopeConditions;
  /** A team-scoped caller: the column and the team ids a row they write must carry. */
  teams?: { column: string; label: string; ids: string[] };
}

export const WHOLE_TENANT: CallerScope = { where: [] };

const aliasesOf = (auth: AccessClaims) =>
  new Set(auth.role_alias.split(',').map((a) => (a.trim() === 'admin' ? 'administrator' : a.trim())));

/** The caller's scope over the block's rows. */
export async function callerScope(deps: AppDeps, auth: AccessClaims, block: ResourceBlock): Promise<CallerScope> {
  const scope = block.scope;
  if (!scope) return WHOLE_TENANT;
  const where: ScopeConditions[number][] = [];
  if (scope.menu) {
    const data = await dataScopeFor(deps, auth, scope.menu);
    if (data?.ownOnly) where.push(sql`create_user = ${auth.user_id}`);
    else if (data?.deptIds) {
      const depts = data.deptIds.length ? sql.join(data.deptIds) : sql`null`;
      const column = scope.dept ? block.columns[scope.dept]!.column : undefined;
      where.push(
        column
          ? sql`${sql.ref(column)} in (${depts})`
          : sql`create_user in (select id from blade_user where tenant_id = ${auth.tenant_id} and dept_id in (${depts}))`,
      );
    }
  }
  let teams: CallerScope['teams'];
  if (scope.team) {
    const aliases = aliasesOf(auth);
    if (scope.team.roles.some((role) => aliases.has(role))) {
      const c = block.columns[scope.team.prop]!;
      const ids = splitIds(auth.team_id);
      where.push(ids.length ? sql`${sql.ref(c.column)} in (${sql.join(ids)})` : sql`false`);
      teams = { column: c.column, label: c.label, ids };
    }
  }
  return { where, ...(teams && { teams }) };
}
