import { describe, expect, it } from 'vitest';
import { cardProblem, doseCounts, dosesOf, printMonths } from './tuberculosis-medication-card';

const taken = (date: string) => ({ date, taken: true });
const missed = (date: string) => ({ date, taken: false });

describe('the tuberculosis medication card', () => {
  it('counts the dose rate with the specification’s 90 % line for regular medication', () => {
    expect(doseCounts([])).toEqual({ dueDoses: 0, actualDoses: 0, missedDoses: 0, doseRate: null, regular: null });
    const nine = [...Array.from({ length: 9 }, (_, i) => taken(`2024-05-0${i + 1}`)), missed('2024-05-10')];
    expect(doseCounts(nine)).toMatchObject({ dueDoses: 10, actualDoses: 9, doseRate: 90, regular: true });
    // 161 of 180 is 89.4 %: irregular.
    const course = Array.from({ length: 180 }, (_, i) => ({ date: `d${i}`, taken: i >= 19 }));
    expect(doseCounts(course)).toMatchObject({ doseRate: 89.4, regular: false });
  });

  it('reads the stored doses whichever way the driver returns them, in date order', () => {
    expect(dosesOf(JSON.stringify([taken('2024-05-02'), missed('2024-05-01')]))).toEqual([missed('2024-05-01'), taken('2024-05-02')]);
    expect(dosesOf([{ date: '2024-05-01', taken: 'yes' }, { nope: 1 }])).toEqual([missed('2024-05-01')]);
    expect(dosesOf(null)).toEqual([]);
  });

  it('prints a row per month with a mark per dose day', () => {
    expect(printMonths([taken('2024-04-30'), missed('2024-05-01'), taken('2024-05-02')])).toEqual([
      { month: '2024-04', days: { '30': '√' }, taken: 1, missed: 0 },
      { month: '2024-05', days: { '1': '×', '2': '√' }, taken: 1, missed: 1 },
    ]);
  });

  it('names what is wrong with a card', () => {
    expect(cardProblem([taken('2024-05-01')], '2024-05-01', '2024-06-15')).toBeNull();
    expect(cardProblem([taken('2024-05-01'), missed('2024-05-01')], null, '2024-06-15')).toBe('服药日期重复：2024-05-01');
    expect(cardProblem([taken('2024-04-30')], '2024-05-01', '2024-06-15')).toBe('服药日期不能早于开始治疗日期：2024-04-30');
    expect(cardProblem([taken('2024-06-16')], null, '2024-06-15')).toBe('服药日期不能晚于今天：2024-06-16');
    expect(cardProblem([taken('2024-02-30')], null, '2024-06-15')).toBe('服药日期不正确：2024-02-30');
    expect(cardProblem([], '2024-06-16', '2024-06-15')).toBe('开始治疗日期不能晚于今天');
  });
});
