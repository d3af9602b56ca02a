import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, parseDate } from './calendar-date';

describe('calendar dates', () => {
  it('daysInMonth agrees with the calendar for every month of years 1–9999 (leap years by the Gregorian rule)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const byDate = new Date(Date.UTC(2000, m, 0));
        byDate.setUTCFullYear(y, m, 0);
        expect(daysInMonth(y, m)).toBe(byDate.getUTCDate());
      }),
    );
    expect([daysInMonth(2024, 2), daysInMonth(2023, 2), daysInMonth(1900, 2), daysInMonth(2000, 2)]).toEqual([29, 28, 28, 29]);
  });

  it('parses real dates only: the 29th of February in leap years, never the 30th', () => {
    expect(parseDate('2024-02-29')).toEqual({ y: 2024, m: 2, d: 29 });
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('2024-02-30')).toBeNull();
    expect(parseDate('2024-04-31')).toBeNull();
    expect(parseDate('2024-12-31 23:59:59')).toEqual({ y: 2024, m: 12, d: 31 });
  });
});
