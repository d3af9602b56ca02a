// What the 新生儿访视 tab shows (docs/decisions/0043): which babies are this pregnancy's, and the
// list of their newborn home visits. Pure, so the rules are unit-tested without the screen.
import type { FollowupRecord } from '../../api/followups';
import type { MaternalCase } from './maternal-api';

/**
 * This pregnancy's babies among the child cases naming her as mother: born on or after the LMP (a
 * child of an earlier pregnancy is not this one's — list-maternal-children-visits reads the same),
 * the first born first.
 */
export function babiesOfPregnancy(children: MaternalCase[], lmp: string | null): MaternalCase[] {
  return children
    .filter((child) => !lmp || (child.birthDate !== null && child.birthDate >= lmp))
    .sort((a, b) => (a.birthDate ?? '').localeCompare(b.birthDate ?? '') || a.id.localeCompare(b.id));
}

export interface BabyVisitRow {
  id: string;
  /** The child case the visit is filed under, opened by 查看. */
  babyId: string;
  babyName: string;
  birthDate: string;
  visitDate: string;
  ageDays: string;
  doctor: string;
  nextVisitDate: string;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The visits as the list shows them, newest first as the server answers, each named by its baby. */
export function babyVisitRows(visits: FollowupRecord[], babies: MaternalCase[]): BabyVisitRow[] {
  const byCase = new Map(babies.map((b) => [b.id, b]));
  return visits.map((v) => {
    const baby = v.otherId ? byCase.get(v.otherId) : undefined;
    return {
      id: v.id,
      babyId: v.otherId ?? '',
      babyName: baby?.personName ?? '',
      birthDate: baby?.birthDate ?? text(v.values.birthDate),
      visitDate: v.visitDate ?? text(v.values.visitDate),
      ageDays: text(v.values.ageDays),
      doctor: text(v.values.doctorSign),
      nextVisitDate: v.nextVisitDate ?? text(v.values.nextVisitDate),
    };
  });
}

/** Why no new visit may be recorded for this baby (the save call refuses it the same way), or undefined. */
export function babyAddRefusal(baby: Pick<MaternalCase, 'status'>): string | undefined {
  if (baby.status === '3') return '儿童档案已注销，不能保存';
  if (baby.status === '2') return '儿童档案已结案，不能新增随访';
  return undefined;
}
