import { describe, expect, it } from 'vitest';
import type { FollowupRecord } from '../../api/followups';
import { babiesOfPregnancy, babyAddRefusal, babyVisitRows } from './baby-visits';
import { maternalCaseFixture } from './maternal-case-fixture';

const child = (id: string, birthDate: string | null, personName = `宝宝${id}`) =>
  maternalCaseFixture({ id, otherId: id, archId: `a${id}`, kind: 'child', personName, birthDate, motherArchId: '10' });
const visit = (id: string, otherId: string, values: Record<string, unknown>, visitDate: string | null = null) =>
  ({ id, otherId, values, visitDate, nextVisitDate: null }) as unknown as FollowupRecord;

describe('the babies of this pregnancy (新生儿访视)', () => {
  it('keeps the children born on or after the LMP, first born first; without an LMP every child', () => {
    const kids = [child('3', '2026-05-02'), child('1', '2019-04-01'), child('2', '2026-05-01'), child('4', null)];
    expect(babiesOfPregnancy(kids, '2025-08-01').map((k) => k.id)).toEqual(['2', '3']);
    expect(babiesOfPregnancy(kids, '2026-05-01').map((k) => k.id)).toEqual(['2', '3']);
    expect(babiesOfPregnancy(kids, null).map((k) => k.id)).toEqual(['4', '1', '2', '3']);
  });

  it('names each visit by its baby, with the visit, age in days, next visit and doctor', () => {
    const rows = babyVisitRows(
      [
        visit('v2', '2', { visitDate: '2026-05-08', ageDays: 7, doctorSign: '张伟', nextVisitDate: '2026-05-28' }, '2026-05-08'),
        visit('v9', '9', { birthDate: '2026-05-03' }),
      ],
      [child('2', '2026-05-01', '李小宝')],
    );
    expect(rows).toEqual([
      {
        id: 'v2',
        babyId: '2',
        babyName: '李小宝',
        birthDate: '2026-05-01',
        visitDate: '2026-05-08',
        ageDays: '7',
        doctor: '张伟',
        nextVisitDate: '2026-05-28',
      },
      // A visit of a baby not offered (another page of children): its own birth date, no name.
      { id: 'v9', babyId: '9', babyName: '', birthDate: '2026-05-03', visitDate: '', ageDays: '', doctor: '', nextVisitDate: '' },
    ]);
  });

  it('refuses a new visit for a cancelled or closed child case with the save call’s words', () => {
    expect(babyAddRefusal({ status: '1' })).toBeUndefined();
    expect(babyAddRefusal({ status: '2' })).toBe('儿童档案已结案，不能新增随访');
    expect(babyAddRefusal({ status: '3' })).toBe('儿童档案已注销，不能保存');
  });
});
