// Whose residents a caller reaches, as one condition on user_archive `a` (decision 0032): the tenant's,
// some teams' (archive team_id) or one doctor's own (responsible doctor). The task centre decides the
// scope from the session (task-centre archiveScopeOf); its lists, statistics, education and messages
// all read it through this one condition.
import { sql, type RawBuilder } from 'kysely';

export type ResidentScope = { kind: 'tenant' } | { kind: 'teams'; teamIds: string[] } | { kind: 'doctor'; userId: string };

export function residentScopeCondition(scope: ResidentScope): RawBuilder<unknown> {
  if (scope.kind === 'tenant') return sql`true`;
  if (scope.kind === 'doctor') return sql`a.main_doctor_id = ${scope.userId}`;
  return scope.teamIds.length ? sql`a.team_id in (${sql.join(scope.teamIds)})` : sql`false`;
}
