import { describe, expect, it } from 'vitest';
import { ageStage, bmi, roundTo } from './body';

describe('bmi (001 §9)', () => {
  it.each([
    [70, 170, 24.22],
    [60, 160, 23.44],
    [90, 170, 31.14],
    [50, 155.5, 20.68],
    [0, 170, null],
    [70, 0, null],
    [null, 170, null],
  ])('%s kg / %s cm → %s', (w, h, out) => {
    expect(bmi(w, h)).toBe(out);
  });
});

describe('roundTo', () => {
  it('rounds half up in decimal', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(22.495, 2)).toBe(22.5);
    expect(roundTo(-2.5, 0)).toBe(-3);
  });
});

describe('ageStage', () => {
  it.each([
    [0, '儿童'],
    [6, '儿童'],
    [7, '少年'],
    [17, '少年'],
    [18, '青年'],
    [40, '青年'],
    [41, '中年'],
    [64, '中年'],
    [65, '老年'],
    [90, '老年'],
  ])('%i → %s', (age, label) => {
    expect(ageStage(age)?.label).toBe(label);
  });
  it('is null for no age', () => {
    expect(ageStage(null)).toBeNull();
    expect(ageStage(-1)).toBeNull();
  });
});
