import { describe, expect, it } from 'vitest';
import { bpControlled, bpGrade } from './blood-pressure';

describe('bpGrade (001 §5)', () => {
  it.each([
    [120, 80, {}, 0],
    [130, 80, {}, 2], [139, 80, {}, 2], [120, 85, {}, 2], [120, 89, {}, 2],
    [140, 80, {}, 3], [120, 90, {}, 3], [185, 115, {}, 3],
    [89, 70, {}, 1], [110, 59, {}, 1],
    // Age 65 and over: 150 in place of 140.
    [145, 80, { age: 65 }, 2], [150, 80, { age: 65 }, 3], [145, 80, { age: 64 }, 3],
    // The 150 relaxation is for non-diabetic patients.
    [145, 80, { age: 70, diabetic: true }, 3],
    // Second flag: 140–179 / 90–109 is 4, 180+ / 110+ is 5.
    [140, 80, { graded: true }, 4], [179, 109, { graded: true }, 4], [180, 80, { graded: true }, 5], [120, 110, { graded: true }, 5],
    [145, 80, { graded: true, age: 66 }, 2], [150, 80, { graded: true, age: 66 }, 4],
    [135, 80, { graded: true }, 2], [85, 55, { graded: true }, 1],
  ])('%i/%i %o → %i', (s, d, opts, level) => {
    expect(bpGrade(s, d, opts)).toBe(level);
  });
  it('returns null without numbers', () => {
    expect(bpGrade(Number.NaN, 80)).toBeNull();
  });
});

describe('bpControlled', () => {
  it.each([
    [139, 89, {}, true], [140, 80, {}, false], [130, 90, {}, false],
    [149, 89, { age: 65 }, true], [150, 80, { age: 65 }, false], [145, 80, { age: 64 }, false],
  ])('%i/%i %o → %s', (s, d, opts, ok) => {
    expect(bpControlled(s, d, opts)).toBe(ok);
  });
});
