import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { dueDateFromLmp, gestationAt, gestationText, lmpProblem } from './pregnancy';

describe('pregnancy dates from the LMP', () => {
  it('gives the due date 280 days on, across month ends and leap days', () => {
    expect(dueDateFromLmp('2026-01-01')).toBe('2026-10-08');
    expect(dueDateFromLmp('2023-05-29')).toBe('2024-03-04');
    // 2024 is a leap year: 29 February lies inside the pregnancy, so the date is a day earlier than in 2023.
    expect(dueDateFromLmp('2023-06-01')).toBe('2024-03-07');
    expect(dueDateFromLmp('2024-02-29')).toBe('2024-12-05');
    expect(dueDateFromLmp('2026-02-30')).toBeNull();
    expect(dueDateFromLmp('')).toBeNull();
  });

  it('counts completed weeks and days, none before the LMP', () => {
    expect(gestationAt('2026-01-01', '2026-01-01')).toEqual({ weeks: 0, days: 0, totalDays: 0 });
    expect(gestationAt('2026-01-01', '2026-03-28')).toEqual({ weeks: 12, days: 2, totalDays: 86 });
    expect(gestationAt('2024-02-01', '2024-03-01')).toEqual({ weeks: 4, days: 1, totalDays: 29 });
    expect(gestationAt('2026-01-02', '2026-01-01')).toBeNull();
    expect(gestationAt('2026-01-01', 'x')).toBeNull();
    expect(gestationText({ weeks: 12, days: 2, totalDays: 86 })).toBe('孕12+2周');
    expect(gestationText({ weeks: 40, days: 0, totalDays: 280 })).toBe('孕40周');
  });

  it('is 40 weeks exactly on the due date, whatever the LMP', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('1990-01-01', n)!);
    fc.assert(
      fc.property(day, (lmp) => {
        const g = gestationAt(lmp, dueDateFromLmp(lmp));
        return g?.weeks === 40 && g.days === 0;
      }),
    );
  });

  it('refuses an LMP in the future or more than 45 weeks back', () => {
    expect(lmpProblem('2026-11-30', '2026-11-29')).toBe('future');
    expect(lmpProblem('2026-11-29', '2026-11-29')).toBeNull();
    expect(lmpProblem(addDays('2026-11-29', -315), '2026-11-29')).toBeNull();
    expect(lmpProblem(addDays('2026-11-29', -316), '2026-11-29')).toBe('tooOld');
    expect(lmpProblem('2026-13-01', '2026-11-29')).toBe('invalid');
  });
});
