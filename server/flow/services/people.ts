import type { AccessClaims } from '../../auth/index';
import type { FlowTask, Candidate } from '../repositories/flow-instances';

// Who may take a user task. The BPMN names people the Flowable way (BladeX's engine): user ids and
// `${variable}` expressions in candidateUsers / assignee, role aliases in candidateGroups.

/** Replaces each `${name}` with the process variable (a list becomes comma-separated); unknown names become nothing. */
export function resolvePeople(text: string, variables: Record<string, unknown>): string {
  const resolved = text.replace(/\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g, (_whole, name: string) => {
    const value = variables[name];
    if (Array.isArray(value)) return value.map(String).join(',');
    return value === undefined || value === null ? '' : String(value);
  });
  return resolved
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .join(',');
}

const aliases = (auth: AccessClaims) =>
  auth.role_alias
    .split(',')
    .map((alias) => alias.trim())
    .filter((alias) => alias.length > 0);

export const candidateOf = (auth: AccessClaims): Candidate => ({ userId: auth.user_id, groups: aliases(auth) });

/** The caller is named among the task's candidate users or holds one of its candidate groups. */
export function isCandidate(task: Pick<FlowTask, 'candidate_users' | 'candidate_groups'>, auth: AccessClaims): boolean {
  const users = task.candidate_users.split(',');
  const groups = new Set(task.candidate_groups.split(','));
  return users.includes(auth.user_id) || aliases(auth).some((alias) => groups.has(alias));
}

export const nameOf = (auth: AccessClaims) => auth.real_name || auth.user_name || auth.account;
