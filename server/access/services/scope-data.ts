// Data scopes applied (BladeX 数据权限): a data scope on a menu, granted to a role, narrows the
// rows that menu's list shows to that role. Types: 1 all, 2 own rows, 3 own department (the
// session's department), 4 own department and those under it, 5 the listed departments.
// A caller holding several roles gets the widest: a role without a data scope on the menu, or
// with type 1, means no restriction; department scopes add up; "own rows" only when nothing wider.
// Kept per tenant, roles and menu for SCOPE_RULES_TTL_MS in deps.caches (a grant clears it).
import { type AccessClaims, splitIds } from '../../auth/index';
import type { AppDeps } from '../../app-deps';
import { grantedDataScopes, tenantDeptParents } from '../repositories/scope-rules';
import { descendantsOf } from './menu-admin-tree';

export const SCOPE_RULES_TTL_MS = 5_000;

/** What a list may show: rows of these departments, or only the caller's own; undefined: everything. */
export interface DataScope {
  deptIds?: string[];
  ownOnly?: boolean;
}

type Rule = { role_id: string; scope_type: number; scope_value: string };

async function keptRules(deps: AppDeps, auth: AccessClaims, menuCode: string, roleIds: string[]): Promise<Rule[]> {
  const key = `data-scope ${auth.role_id} ${menuCode}`;
  const now = deps.now();
  const hit = deps.caches.get(auth.tenant_id, key) as { rules: Rule[]; at: number } | undefined;
  if (hit && now - hit.at < SCOPE_RULES_TTL_MS) return hit.rules;
  const rules = await grantedDataScopes(deps.db, auth.tenant_id, roleIds, menuCode);
  deps.caches.set(auth.tenant_id, key, { rules, at: now });
  return rules;
}

/** The data scope of the menu `menuCode` (e.g. 'user', 用户管理) for the caller; undefined when unrestricted. */
export async function dataScopeFor(deps: AppDeps, auth: AccessClaims, menuCode: string): Promise<DataScope | undefined> {
  const roleIds = splitIds(auth.role_id);
  if (roleIds.length === 0) return undefined;
  const rules = await keptRules(deps, auth, menuCode, roleIds);
  if (roleIds.some((roleId) => !rules.some((r) => r.role_id === roleId))) return undefined;
  if (rules.some((r) => r.scope_type === 1)) return undefined;
  const ownDepts = splitIds(auth.dept_id);
  const deptIds = new Set<string>();
  for (const rule of rules) {
    if (rule.scope_type === 3) ownDepts.forEach((d) => deptIds.add(d));
    if (rule.scope_type === 5) splitIds(rule.scope_value).forEach((d) => deptIds.add(d));
  }
  if (rules.some((r) => r.scope_type === 4)) {
    const tree = await tenantDeptParents(deps.db, auth.tenant_id);
    descendantsOf(tree, ownDepts).forEach((d) => deptIds.add(d));
  }
  return deptIds.size > 0 ? { deptIds: [...deptIds].sort() } : { ownOnly: true };
}

/** The data scope of 用户管理 (blade-user/page): the users list applies it. */
export const userDataScope = (deps: AppDeps, auth: AccessClaims): Promise<DataScope | undefined> => dataScopeFor(deps, auth, 'user');
