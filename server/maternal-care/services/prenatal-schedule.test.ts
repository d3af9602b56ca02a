import { describe, expect, it } from 'vitest';
import { dueVisit as dueVisitOf, prenatalWindows } from './prenatal-schedule';

const none = new Set<number>();
// As the bundled documents' placements state them (schemas/maternalfirstvisit.json, maternalprenatal.json).
const WINDOWS = prenatalWindows(
  [[0, 12]],
  [
    [16, 20],
    [21, 24],
    [28, 36],
    [37, 40],
  ],
);
const dueVisit = (lmp: string, asOf: string, done: ReadonlySet<number>, includeOverdue = false) =>
  dueVisitOf(WINDOWS, lmp, asOf, done, includeOverdue);

describe('dueVisit (规范: 孕13周前, 16~20, 21~24, 28~36, 37~40周)', () => {
  it('gives the window the week falls in while its visit is missing', () => {
    expect(dueVisit('2024-04-01', '2024-05-01', none)).toMatchObject({
      visitNo: 1,
      gestationWeeks: 4,
      windowStart: '2024-04-01',
      windowEnd: '2024-06-30',
      overdue: false,
    });
    expect(dueVisit('2024-04-01', '2024-07-22', none)).toMatchObject({
      visitNo: 2,
      gestationWeeks: 16,
      windowStart: '2024-07-22',
      windowEnd: '2024-08-25',
    });
    expect(dueVisit('2024-04-01', '2024-10-14', none)).toMatchObject({ visitNo: 4, gestationWeeks: 28 });
    expect(dueVisit('2024-04-01', '2024-12-23', none)).toMatchObject({ visitNo: 5, gestationWeeks: 38 });
  });
  it('nothing when recorded, between windows, before the LMP or past 40 weeks', () => {
    expect(dueVisit('2024-04-01', '2024-07-22', new Set([2]))).toBeNull();
    expect(dueVisit('2024-04-01', '2024-07-08', none)).toBeNull(); // 14 weeks
    expect(dueVisit('2024-04-01', '2024-03-01', none)).toBeNull();
    expect(dueVisit('2024-04-01', '2025-01-20', new Set([5]))).toBeNull();
  });
  it('with includeOverdue, the latest missed window', () => {
    expect(dueVisit('2024-04-01', '2024-07-08', none, true)).toMatchObject({ visitNo: 1, overdue: true });
    expect(dueVisit('2024-04-01', '2024-09-30', new Set([1, 2]), true)).toMatchObject({ visitNo: 3, overdue: true });
  });
  it('names the visits from the placement’s weeks', () => {
    expect(WINDOWS.map((w) => w.name)).toEqual([
      '第1次产前检查（孕13周前）',
      '第2次产前随访（孕16~20周）',
      '第3次产前随访（孕21~24周）',
      '第4次产前随访（孕28~36周）',
      '第5次产前随访（孕37~40周）',
    ]);
  });
  it('counts across a leap day', () => {
    expect(dueVisit('2024-02-01', '2024-05-23', none)).toMatchObject({ visitNo: 2, gestationWeeks: 16, windowStart: '2024-05-23' });
  });
});
