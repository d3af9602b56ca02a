// The task centre's rules (decision 0032): who sees whose residents, which forms take part, and the
// dates that split 已逾期 / 即将到期 / 本期应随访.
import type { AppDeps } from '../../app-deps';
import { splitIds, type AccessClaims } from '../../auth/index';
import { publishedForms, type PlacedForm } from '../../forms/index';
import type { ArchiveScope, DueForm, DueWindow } from '../repositories/due-tasks';

/** 即将到期: due within this many days from today (today included). */
export const DUE_SOON_DAYS = 14;

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a clock reading, in the server's local time (as the follow-up due lists read it). */
export function localDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `day` plus `days` (yyyy-MM-dd, calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** First and last day of the month, quarter or year holding `day`. */
export function periodOf(day: string, period: 'month' | 'quarter' | 'year'): { start: string; end: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (period === 'year') return { start: `${year}-01-01`, end: `${year}-12-31` };
  const first = period === 'quarter' ? Math.floor((month - 1) / 3) * 3 + 1 : month;
  const last = period === 'quarter' ? first + 2 : month;
  return { start: `${year}-${pad(first)}-01`, end: `${year}-${pad(last)}-${pad(new Date(year, last, 0).getDate())}` };
}

/** The forms that take part: every published form whose placement has a due rule (the registry's answer, nothing per disease). */
export function dueForms(forms: readonly PlacedForm[]): (DueForm & { formName: string })[] {
  return forms
    .filter((f) => f.placement?.due && f.placement.kind !== 'dialog')
    .map((f) => ({ formCode: f.formCode, formName: f.formName, placement: f.placement! }));
}

export type TenantDueForm = DueForm & { formName: string };

export async function tenantDueForms(deps: AppDeps, tenantId: string): Promise<TenantDueForm[]> {
  return dueForms(await publishedForms(deps, tenantId));
}

/** The dates of the tabs on `today`. */
export function dueWindow(today: string, forms: readonly DueForm[]): DueWindow {
  const formPeriods: DueWindow['formPeriods'] = {};
  for (const f of forms) if (f.placement.due?.period) formPeriods[f.formCode] = periodOf(today, f.placement.due.period);
  return { today, soonEnd: addDays(today, DUE_SOON_DAYS), periodEnd: periodOf(today, 'quarter').end, formPeriods };
}

const aliasesOf = (auth: AccessClaims) =>
  new Set(auth.role_alias.split(',').map((a) => (a.trim() === 'admin' ? 'administrator' : a.trim())));

/** Roles that see the whole institution's residents (administration, disease control, hospital management). */
const TENANT_ROLES = ['administrator', 'disease_control', 'hospital_management'];

/**
 * Whose residents the caller's lists hold: a team leader the archives of the session's teams
 * (archive team_id), an administrator or observer the tenant's, anyone else (doctor, nurse) the
 * archives whose responsible doctor they are (main_doctor_id) — the same columns the archive list's
 * mainDoctorId_equal / teamId_equal filters read, and the session's teams the resource documents'
 * team scope reads.
 */
export function archiveScopeOf(auth: AccessClaims): ArchiveScope {
  const aliases = aliasesOf(auth);
  if (TENANT_ROLES.some((r) => aliases.has(r))) return { kind: 'tenant' };
  if (aliases.has('team_leader')) return { kind: 'teams', teamIds: splitIds(auth.team_id) };
  return { kind: 'doctor', userId: auth.user_id };
}

export function isTeamLeader(auth: AccessClaims): boolean {
  return aliasesOf(auth).has('team_leader');
}
