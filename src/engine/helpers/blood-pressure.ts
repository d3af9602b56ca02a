// Blood pressure: one function per concept. Every threshold here is listed, with its source, in
// rules/README.md ("Clinical decisions").
//
// 1. The guideline grade (bpGuidelineGrade) — what a form shows as 血压分级 / 血压水平: 中国高血压防治指南
//    (2018年修订版), 血压水平分类和定义. The higher of the systolic and the diastolic grade decides;
//    no age or diabetes adjustment (the guideline's grades apply to every adult). Codes 0–4 are the
//    `bp_grade` code map (codemaps/followup.json), which every form's grade field uses.
// 2. Controlled (bpControlled) — the service specification's 控制满意 and spec 001 §5's "controlled
//    target": below 140/90, or below 150/90 at 65 and over (non-diabetic).
// 3. Low (bpLow) — spec 001 §5's level 1: systolic below 90 or diastolic below 60.
// 4. The spec's levels (bpSpecLevel) — spec 001 §5's grading as written, 0–3 and, with the second
//    flag, 4/5. They are NOT the guideline's grades (their age rule makes 145/80 at 70 a level 2,
//    which the guideline grades 1级高血压); no bundled form shows them. They stay for spec fidelity
//    and for the expression functions bpGrade / bpSeverity that stored form versions may call.

export interface BpOptions {
  age?: number | null;
  diabetic?: boolean;
  graded?: boolean;
}

/** 0 正常, 1 正常高值, 2 1级高血压, 3 2级高血压, 4 3级高血压 (code map `bp_grade`). */
export type BpGuidelineGrade = 0 | 1 | 2 | 3 | 4;

/** The guideline's lower bound of each grade 1–4, systolic and diastolic (mmHg). */
const GUIDELINE_BOUNDS: readonly (readonly [BpGuidelineGrade, number, number])[] = [
  [4, 180, 110],
  [3, 160, 100],
  [2, 140, 90],
  [1, 120, 80],
];

/**
 * The guideline grade of a reading: 正常 below 120 and 80; 正常高值 120–139 and/or 80–89; 1级
 * 140–159 and/or 90–99; 2级 160–179 and/or 100–109; 3级 180 and/or 110 or more. The higher of the
 * two pressures' grades decides. Null without two numbers.
 */
export function bpGuidelineGrade(sbp: number, dbp: number): BpGuidelineGrade | null {
  if (!Number.isFinite(sbp) || !Number.isFinite(dbp)) return null;
  for (const [grade, s, d] of GUIDELINE_BOUNDS) if (sbp >= s || dbp >= d) return grade;
  return 0;
}

/** The systolic target: 150 at 65 and over for non-diabetic patients, 140 otherwise (001 §5). */
function systolicLimit(opts: BpOptions): number {
  return !opts.diabetic && typeof opts.age === 'number' && opts.age >= 65 ? 150 : 140;
}

/** Controlled: below 140/90, or below 150/90 at 65 and over (non-diabetic). Null without two numbers. */
export function bpControlled(sbp: number, dbp: number, opts: BpOptions = {}): boolean | null {
  if (!Number.isFinite(sbp) || !Number.isFinite(dbp)) return null;
  return sbp < systolicLimit(opts) && dbp < 90;
}

/** Low (001 §5 level 1): systolic below 90 or diastolic below 60. Null without two numbers. */
export function bpLow(sbp: number, dbp: number): boolean | null {
  if (!Number.isFinite(sbp) || !Number.isFinite(dbp)) return null;
  return sbp < 90 || dbp < 60;
}

/** The spec's level (001 §5): 0 none of the others, 1 low, 2 130/85 up to the target, 3 at or over the target; graded: 4 over the target below 180/110, 5 180/110 or more. */
export type BpSpecLevel = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Spec 001 §5 as written: 2 for SBP 130+ or DBP 85+, 3 for SBP at or over the target (140; 150 at
 * 65 and over, non-diabetic) or DBP 90+, 1 for SBP < 90 or DBP < 60, else 0; with `graded`, 3 is
 * split into 4 (below 180/110) and 5 (180 or 110 or more). Higher levels win. The age rule moves
 * the 2/3 (and 2/4) boundary, so these are target-relative levels, not the guideline's grades.
 */
export function bpSpecLevel(sbp: number, dbp: number, opts: BpOptions = {}): BpSpecLevel | null {
  if (!Number.isFinite(sbp) || !Number.isFinite(dbp)) return null;
  const high = systolicLimit(opts);
  if (opts.graded) {
    if (sbp >= 180 || dbp >= 110) return 5;
    if (sbp >= high || dbp >= 90) return 4;
  } else if (sbp >= high || dbp >= 90) {
    return 3;
  }
  if (sbp >= 130 || dbp >= 85) return 2;
  if (bpLow(sbp, dbp)) return 1;
  return 0;
}
