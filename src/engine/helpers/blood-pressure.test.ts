import { describe, expect, it } from 'vitest';
import { bpControlled, bpGuidelineGrade, bpLow, bpSpecLevel } from './blood-pressure';

describe('bpGuidelineGrade (中国高血压防治指南 2018, 血压水平分类)', () => {
  it.each([
    // 0 正常: below 120 and below 80.
    [118, 76, 0],
    [119, 79, 0],
    [85, 55, 0],
    // 1 正常高值: 120–139 and/or 80–89.
    [120, 80, 1],
    [120, 70, 1],
    [110, 80, 1],
    [135, 80, 1],
    [139, 89, 1],
    [132, 84, 1],
    // 2 1级: 140–159 and/or 90–99.
    [140, 80, 2],
    [120, 90, 2],
    [145, 92, 2],
    [145, 85, 2],
    [159, 99, 2],
    // 3 2级: 160–179 and/or 100–109.
    [160, 80, 3],
    [130, 100, 3],
    [165, 100, 3],
    [179, 109, 3],
    // 4 3级: 180 and/or 110 or more.
    [180, 80, 4],
    [120, 110, 4],
    [185, 95, 4],
    [185, 112, 4],
    // The higher of the two decides (isolated systolic or diastolic readings are graded too).
    [165, 85, 3],
    [138, 104, 3],
    [170, 112, 4],
  ])('%i/%i → %i', (s, d, grade) => {
    expect(bpGuidelineGrade(s, d)).toBe(grade);
  });

  it('does not move with age or diabetes: 145/80 is 1级 at any age', () => {
    // (There are no options to pass: the guideline grades every adult alike.)
    expect(bpGuidelineGrade(145, 80)).toBe(2);
  });

  it('returns null without two numbers', () => {
    expect(bpGuidelineGrade(Number.NaN, 80)).toBeNull();
    expect(bpGuidelineGrade(150, Number.NaN)).toBeNull();
  });
});

describe('bpLow (001 §5 level 1)', () => {
  it.each([
    [89, 70, true],
    [110, 59, true],
    [85, 55, true],
    [90, 60, false],
    [120, 80, false],
    [80, 90, true],
  ])('%i/%i → %s', (s, d, low) => {
    expect(bpLow(s, d)).toBe(low);
  });
  it('returns null without two numbers', () => {
    expect(bpLow(Number.NaN, 80)).toBeNull();
  });
});

describe('bpSpecLevel (001 §5 as written; not the guideline grade)', () => {
  it.each([
    // First scheme. 120/80 is level 0: the spec's level 2 starts at 130/85 (held-out decision 1).
    [120, 80, {}, 0],
    [130, 80, {}, 2],
    [139, 80, {}, 2],
    [120, 85, {}, 2],
    [120, 89, {}, 2],
    [140, 80, {}, 3],
    [120, 90, {}, 3],
    [185, 115, {}, 3],
    [89, 70, {}, 1],
    [110, 59, {}, 1],
    // Age 65 and over: 150 in place of 140.
    [145, 80, { age: 65 }, 2],
    [150, 80, { age: 65 }, 3],
    [145, 80, { age: 64 }, 3],
    // The 150 relaxation is for non-diabetic patients.
    [145, 80, { age: 70, diabetic: true }, 3],
    // Second flag: 140–179 / 90–109 is 4, 180+ / 110+ is 5.
    [140, 80, { graded: true }, 4],
    [179, 109, { graded: true }, 4],
    [180, 80, { graded: true }, 5],
    [120, 110, { graded: true }, 5],
    // With the second flag the age rule applies too: 145/80 at 70 is level 2 (held-out decision 2),
    // which is why these levels are not guideline grades (the guideline says 1级 for 145/80).
    [145, 80, { graded: true, age: 70 }, 2],
    [145, 80, { graded: true, age: 66 }, 2],
    [150, 80, { graded: true, age: 66 }, 4],
    [135, 80, { graded: true }, 2],
    [85, 55, { graded: true }, 1],
  ])('%i/%i %o → %i', (s, d, opts, level) => {
    expect(bpSpecLevel(s, d, opts)).toBe(level);
  });
  it('returns null without numbers', () => {
    expect(bpSpecLevel(Number.NaN, 80)).toBeNull();
  });
});

describe('bpControlled', () => {
  it.each([
    [139, 89, {}, true],
    [140, 80, {}, false],
    [130, 90, {}, false],
    [149, 89, { age: 65 }, true],
    [150, 80, { age: 65 }, false],
    [145, 80, { age: 64 }, false],
    // 145/80 at 70: controlled (target 150/90) although the guideline grade is 1级.
    [145, 80, { age: 70 }, true],
    // Diabetic patients keep 140 at every age.
    [145, 80, { age: 70, diabetic: true }, false],
  ])('%i/%i %o → %s', (s, d, opts, ok) => {
    expect(bpControlled(s, d, opts)).toBe(ok);
  });
  it('returns null without two numbers', () => {
    expect(bpControlled(Number.NaN, 80)).toBeNull();
  });
});
