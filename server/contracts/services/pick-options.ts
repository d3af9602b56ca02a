// The sign-agreement dialog's pickers (fieldUrl of schemas/contractsign.json): the tenant's enabled
// teams, a team's members (every member of the tenant's teams when no team is named), the enabled
// service packs with their price.
import { findPacks } from '../../catalogue/index';
import { membersOf } from '../../teams/index';
import { liveTeams } from '../repositories/contracts';
import type { ContractContext } from './contracts';

export async function pickOptions(
  ctx: Pick<ContractContext, 'db' | 'tenantId'>,
  kind: 'team' | 'doctor' | 'pack',
  teamId?: string,
): Promise<{ value: string; label: string }[]> {
  if (kind === 'pack') {
    const packs = await findPacks(ctx.db, ctx.tenantId, 1, 500);
    return packs.map((p) => ({ value: p.id, label: `${p.pack_name}（${Number(p.price).toFixed(2)}元）` }));
  }
  const teams = await liveTeams(ctx.db, ctx.tenantId);
  if (kind === 'team') return teams.map((t) => ({ value: t.id, label: t.name }));
  const ids = teamId ? teams.filter((t) => t.id === teamId).map((t) => t.id) : teams.map((t) => t.id);
  const seen = new Set<string>();
  const out: { value: string; label: string }[] = [];
  for (const m of await membersOf(ctx.db, ctx.tenantId, ids)) {
    if (seen.has(m.user_id)) continue;
    seen.add(m.user_id);
    out.push({ value: m.user_id, label: m.real_name });
  }
  return out;
}
