import { describe, expect, it } from 'vitest';
import {
  ageYears,
  childAgeDisplay,
  createTimeRangeParams,
  daysBetween,
  elapsedDisplay,
  monthAge,
  normaliseDateRange,
  parseDate,
  quarterOf,
  QUARTER_ERROR,
} from './dates';

describe('parseDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-04-31', false],
    ['2024/4/5', true],
    ['2024-04-05 23:59:59', true],
    ['2024-04-05 24:00:00', false],
    ['20240405', false],
    ['', false],
  ])('%s → %s', (s, ok) => {
    expect(parseDate(s) !== null).toBe(ok);
  });
});

describe('monthAge (001 §5)', () => {
  it.each([
    ['2024-01-01', '2024-01-28', 0],
    ['2024-01-01', '2024-01-29', 1],
    ['2024-02-01', '2024-02-29', 1],
    ['2024-01-15', '2024-02-14', 1],
    ['2024-01-15', '2024-03-14', 1],
    ['2024-01-15', '2024-03-15', 2],
    ['2024-01-31', '2024-02-29', 1],
    ['2023-06-15', '2024-06-15', 12],
    ['2024-01-01', '2024-01-01', 0],
    ['2024-02-01', '2024-01-01', null],
    ['2024-02-30', '2024-03-01', null],
    ['x', '2024-03-01', null],
  ])('%s → %s: %s', (a, b, out) => {
    expect(monthAge(a, b)).toBe(out);
  });
});

describe('ageYears', () => {
  it.each([
    ['1950-07-01', '2024-06-30', 73],
    ['1950-07-01', '2024-07-01', 74],
    ['2000-02-29', '2023-02-27', 22],
    ['2000-02-29', '2023-02-28', 23],
    ['2000-02-29', '2024-02-29', 24],
    ['2025-01-01', '2024-01-01', null],
  ])('%s at %s → %s', (b, at, age) => {
    expect(ageYears(b, at)).toBe(age);
  });
});

describe('childAgeDisplay (001 §9)', () => {
  it.each([
    ['2024-06-01', '2024-06-01', 36, '0天'],
    ['2024-06-01', '2024-06-28', 36, '27天'],
    ['2024-06-01', '2024-06-29', 36, '1月'],
    ['2024-06-01', '2024-06-30', 36, '1月'],
    ['2021-06-01', '2024-05-31', 36, '35月'],
    ['2021-06-01', '2024-06-01', 36, '3岁'],
    ['2021-06-01', '2024-06-01', 48, '36月'],
    ['2020-06-01', '2024-06-01', 48, '4岁'],
  ])('%s at %s (limit %i) → %s', (b, at, limit, out) => {
    expect(childAgeDisplay(b, at, limit)).toBe(out);
  });
});

describe('elapsedDisplay (001 §9)', () => {
  it.each([
    [0, '0'],
    [null, '0'],
    [1, '1天'],
    [29, '29天'],
    [30, '1月'],
    [59, '1月'],
    [364, '12月'],
    [365, '1年'],
    [800, '2年'],
  ])('%s → %s', (d, out) => {
    expect(elapsedDisplay(d)).toBe(out);
  });
});

describe('daysBetween', () => {
  it('counts calendar days across DST-free UTC days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2024-03-01', '2024-02-28')).toBe(-2);
    expect(daysBetween('x', '2024-03-01')).toBeNull();
  });
});

describe('quarterOf (000 §5)', () => {
  it.each([
    ['2024-01', 1],
    ['2024-03-31', 1],
    ['2024-04', 2],
    ['2024-09', 3],
    ['2024-12-01', 4],
  ])('%s → %i', (s, q) => {
    expect(quarterOf(s)).toBe(q);
  });
  it.each(['2024-13', '2024-00', '2024-ab', 'abcd-01', '2024'])('%s fails with the spec message', (s) => {
    expect(() => quarterOf(s)).toThrow(QUARTER_ERROR);
  });
});

describe('normaliseDateRange (002 §5)', () => {
  it('moves an end before the start to the start', () => {
    expect(normaliseDateRange('2024-05-10', '2024-05-01')?.joined).toBe('2024-05-10,2024-05-10');
  });
  it('spans whole days with the time type', () => {
    expect(normaliseDateRange('2024-05-01', '2024-05-10', true)?.joined).toBe('2024-05-01 00:00:00,2024-05-10 23:59:59');
    expect(createTimeRangeParams('2024-05-01', '2024-05-10')).toEqual({
      createTime_dategt: '2024-05-01 00:00:00',
      createTime_datelt: '2024-05-10 23:59:59',
    });
  });
  it('is null for a missing side', () => {
    expect(normaliseDateRange('', '2024-05-10')).toBeNull();
  });
});
