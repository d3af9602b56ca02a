import type { LoginChoices, TokenResponse } from '../../api/types';

export interface ChoiceOptions {
  depts: { value: string; label: string }[];
  roles: { value: string; label: string }[];
  teams: { value: string; label: string }[];
}

const splitIds = (ids: string | undefined): string[] =>
  (ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Options for the department / role / team choice after a multi-value login answer. The server's
 * `choices` carry names; without them we still let the user pick by id rather than block login.
 */
export function choiceOptions(answer: TokenResponse): ChoiceOptions {
  const choices: Partial<LoginChoices> = answer.choices ?? {};
  return {
    depts:
      choices.depts?.map((d) => ({ value: d.id, label: d.deptName })) ?? splitIds(answer.dept_id).map((id) => ({ value: id, label: id })),
    roles:
      choices.roles?.map((r) => ({ value: r.id, label: r.roleName })) ?? splitIds(answer.role_id).map((id) => ({ value: id, label: id })),
    teams: choices.teams?.map((t) => ({ value: t.id, label: t.name })) ?? splitIds(answer.team_id).map((id) => ({ value: id, label: id })),
  };
}

/** A single option needs no choosing: preselect it. */
export function preselect(options: { value: string }[]): string | undefined {
  return options.length === 1 ? options[0]?.value : undefined;
}
