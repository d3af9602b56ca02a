// Blood-pressure grading and the controlled target (001 §5).
//
// Levels: 0 normal, 1 low (SBP < 90 or DBP < 60), 2 high-normal (SBP 130–139 or DBP 85–89),
// 3 high (SBP ≥ 140 or DBP ≥ 90). With the second flag (`graded`) high is split into
// 4 (SBP 140–179 or DBP 90–109) and 5 (SBP ≥ 180 or DBP ≥ 110).
// Age rule: at 65 or more, 150 takes the place of 140. The spec states the thresholds for
// non-diabetic patients; the first flag (`diabetic`) keeps 140 at every age, because the spec gives
// the 150 relaxation for non-diabetic older patients only.
// Higher levels win: a reading that is both low diastolic and high systolic is graded high.

export interface BpOptions {
  age?: number | null;
  diabetic?: boolean;
  graded?: boolean;
}

export type BpLevel = 0 | 1 | 2 | 3 | 4 | 5;

export const BP_LEVEL_LABELS: Readonly<Record<BpLevel, string>> = {
  0: '正常',
  1: '偏低',
  2: '正常高值',
  3: '偏高',
  4: '高血压1级',
  5: '高血压2级及以上',
};

function systolicLimit(opts: BpOptions): number {
  return !opts.diabetic && typeof opts.age === 'number' && opts.age >= 65 ? 150 : 140;
}

export function bpGrade(sbp: number, dbp: number, opts: BpOptions = {}): BpLevel | null {
  if (!Number.isFinite(sbp) || !Number.isFinite(dbp)) return null;
  const high = systolicLimit(opts);
  if (opts.graded) {
    if (sbp >= 180 || dbp >= 110) return 5;
    if (sbp >= high || dbp >= 90) return 4;
  } else if (sbp >= high || dbp >= 90) {
    return 3;
  }
  if (sbp >= 130 || dbp >= 85) return 2;
  if (sbp < 90 || dbp < 60) return 1;
  return 0;
}

/** Controlled: below 140/90, or below 150/90 at 65 and over (non-diabetic). */
export function bpControlled(sbp: number, dbp: number, opts: BpOptions = {}): boolean | null {
  if (!Number.isFinite(sbp) || !Number.isFinite(dbp)) return null;
  return sbp < systolicLimit(opts) && dbp < 90;
}
