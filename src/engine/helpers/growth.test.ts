import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../expr/functions';
import {
  growthBmi,
  growthCurveValue,
  growthEvaluation,
  growthRange,
  growthSex,
  growthZ,
  isGrowthTable,
  lmsAt,
  lmsValue,
  lmsZ,
  normalCdf,
  percentileOf,
  registerGrowthStandards,
  restrictedZ,
  whoLengthHeight,
  type GrowthStandards,
  type GrowthTable,
} from './growth';

// The tables as the hosts hand them to the engine (codemaps/growth/*.json).
const dir = join(__dirname, '../../../codemaps/growth');
const standards: GrowthStandards = {};
for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const doc = JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown;
  if (isGrowthTable(doc)) standards[doc.indicator] = doc;
}
const wfa = standards.wfa as GrowthTable;
const clock = { now: new Date('2026-06-01T00:00:00Z') };
const fn = (name: string, ...args: unknown[]) => FUNCTIONS[name]!.impl(clock, ...args);

beforeAll(() => registerGrowthStandards(standards));

describe('WHO growth tables (codemaps/growth)', () => {
  it('carry the WHO LMS values (weianthro.txt rows) and name their source', () => {
    expect(wfa).toBeDefined();
    const doc = JSON.parse(readFileSync(join(dir, 'wfa.json'), 'utf8')) as Record<string, string>;
    expect(doc.source).toMatch(/WHO Child Growth Standards/);
    expect(doc.licence).toBeTruthy();
    // boys, birth: L 0.3487, M 3.3464, S 0.14602 (WHO weight-for-age expanded table, day 0)
    expect(wfa.boys[0]).toEqual([0, 0.3487, 3.3464, 0.14602]);
    // girls, birth: L 0.3809, M 3.2322, S 0.14171
    expect(wfa.girls[0]).toEqual([0, 0.3809, 3.2322, 0.14171]);
    // boys, day 365: L 0.0645, M 9.646, S 0.10925; girls, day 1826 (60 months): L −0.3518, M 18.2179, S 0.14821
    expect(wfa.boys.find((r) => r[0] === 365)).toEqual([365, 0.0645, 9.646, 0.10925]);
    expect(wfa.girls.find((r) => r[0] === 1826)).toEqual([1826, -0.3518, 18.2179, 0.14821]);
    // then the WHO Reference 2007 (wfawho2007.txt) to 84 months: girls, 84 months: L −0.5347, M 22.374, S 0.15556
    expect(doc.source).toMatch(/WHO Reference 2007/);
    expect(wfa.girls[wfa.girls.length - 1]).toEqual([2557, -0.5347, 22.374, 0.15556]);
    expect(growthRange('wfa', 1, standards)).toEqual({ from: 0, to: 2557 });
    // every table: one row per month, ascending
    for (const t of Object.values(standards)) {
      for (const rows of [t.boys, t.girls]) for (let i = 1; i < rows.length; i++) expect(rows[i]![0]).toBeGreaterThan(rows[i - 1]![0]);
    }
  });

  it('reproduces the SD values the WHO simplified tables print (weight-for-age, kg to 0.1)', () => {
    const sd = (sex: number, day: number) =>
      [-3, -2, -1, 0, 1, 2, 3].map((z) => Math.round(growthCurveValue('wfa', sex, day, z, standards)! * 10) / 10);
    // boys, birth: 2.1 2.5 2.9 3.3 3.9 4.4 5.0
    expect(sd(1, 0)).toEqual([2.1, 2.5, 2.9, 3.3, 3.9, 4.4, 5.0]);
    // girls, birth: 2.0 2.4 2.8 3.2 3.7 4.2 4.8
    expect(sd(2, 0)).toEqual([2.0, 2.4, 2.8, 3.2, 3.7, 4.2, 4.8]);
  });
});

describe('the other WHO tables', () => {
  const sd = (ind: string, sex: number, x: number, zs: number[]) =>
    zs.map((z) => Math.round(growthCurveValue(ind, sex, x, z, standards)! * 10) / 10);

  it('hold all six indicators for both sexes with their WHO rows', () => {
    expect(Object.keys(standards).sort()).toEqual(['bfa', 'hcfa', 'lhfa', 'wfa', 'wfh', 'wfl']);
    // length-for-age boys, birth: L 1, M 49.8842, S 0.03795; girls: M 49.1477, S 0.0379
    expect(standards.lhfa!.boys[0]).toEqual([0, 1, 49.8842, 0.03795]);
    expect(standards.lhfa!.girls[0]).toEqual([0, 1, 49.1477, 0.0379]);
    // day 730 is still recumbent length, day 731 standing height (about 0.7 cm lower)
    expect(lmsAt(standards.lhfa!.boys, 730)!.M).toBe(87.8018);
    expect(lmsAt(standards.lhfa!.boys, 731)!.M).toBe(87.1303);
    // head circumference boys, birth: M 34.4618, S 0.03686
    expect(standards.hcfa!.boys[0]).toEqual([0, 1, 34.4618, 0.03686]);
    // weight-for-length boys 45 cm: L -0.3521, M 2.441, S 0.09182; weight-for-height girls 120 cm: M 22.8173
    expect(standards.wfl!.boys[0]).toEqual([45, -0.3521, 2.441, 0.09182]);
    expect(standards.wfh!.girls[standards.wfh!.girls.length - 1]).toEqual([120, -0.3833, 22.8173, 0.09828]);
    expect(growthRange('wfl', 2, standards)).toEqual({ from: 45, to: 110 });
    expect(growthRange('wfh', 1, standards)).toEqual({ from: 65, to: 120 });
    // BMI-for-age boys, birth: L -0.3053, M 13.4069, S 0.0956
    expect(standards.bfa!.boys[0]).toEqual([0, -0.3053, 13.4069, 0.0956]);
  });

  it('reproduce the SD values of the WHO simplified tables', () => {
    // length-for-age boys, birth (cm): 44.2 46.1 48.0 49.9 51.8 53.7 55.6
    expect(sd('lhfa', 1, 0, [-3, -2, -1, 0, 1, 2, 3])).toEqual([44.2, 46.1, 48.0, 49.9, 51.8, 53.7, 55.6]);
    // head circumference-for-age boys, birth (cm): 30.7 31.9 33.2 34.5 35.7 37.0 38.3
    expect(sd('hcfa', 1, 0, [-3, -2, -1, 0, 1, 2, 3])).toEqual([30.7, 31.9, 33.2, 34.5, 35.7, 37.0, 38.3]);
    // weight-for-length boys, 50 cm (kg): −2SD 2.8, median 3.3, +2SD 4.0
    expect(sd('wfl', 1, 50, [-2, 0, 2])).toEqual([2.8, 3.3, 4.0]);
    // BMI-for-age boys, birth (kg/m²): −2SD 11.1, median 13.4, +2SD 16.3
    expect(sd('bfa', 1, 0, [-2, 0, 2])).toEqual([11.1, 13.4, 16.3]);
  });
});

describe('LMS z-score', () => {
  it('is 0 at the median and ±1/±2/±3 at the SD values', () => {
    for (const sex of [1, 2]) {
      for (const [day, , M] of sex === 1 ? wfa.boys : wfa.girls) {
        expect(growthZ('wfa', sex, day, M, standards)).toBeCloseTo(0, 10);
        for (const z of [-3, -2, -1, 1, 2, 3]) {
          expect(growthZ('wfa', sex, day, growthCurveValue('wfa', sex, day, z, standards), standards)).toBeCloseTo(z, 8);
        }
      }
    }
  });

  it('uses ln(y/M)/S when L is 0', () => {
    expect(lmsZ(10 * Math.exp(0.1), 0, 10, 0.1)).toBeCloseTo(1, 12);
    expect(lmsValue(-2, 0, 10, 0.1)).toBeCloseTo(10 * Math.exp(-0.2), 12);
  });

  it("applies WHO's restricted tail beyond ±3 SD for weight-based indicators", () => {
    const [L, M, S] = [0.3487, 3.3464, 0.14602];
    const sd2 = lmsValue(2, L, M, S);
    const sd3 = lmsValue(3, L, M, S);
    const sdm2 = lmsValue(-2, L, M, S);
    const sdm3 = lmsValue(-3, L, M, S);
    // one 2–3 SD interval past +3 SD is z = 4, half of one below −3 SD is −3.5
    expect(restrictedZ(sd3 + (sd3 - sd2), L, M, S)).toBeCloseTo(4, 10);
    expect(restrictedZ(sdm3 - (sdm2 - sdm3) / 2, L, M, S)).toBeCloseTo(-3.5, 10);
    // inside ±3 SD the plain LMS z-score is kept
    expect(restrictedZ(sd2, L, M, S)).toBeCloseTo(2, 10);
    // boys at birth weighing 6 kg: beyond +3 SD, linear from there (plain LMS would give less)
    const z = growthZ('wfa', 1, 0, 6, standards)!;
    expect(z).toBeCloseTo(3 + (6 - sd3) / (sd3 - sd2), 10);
    expect(z).toBeGreaterThan(lmsZ(6, L, M, S));
  });

  it('reproduces the WHO 2007 simplified table past five years (BMI-for-age, boys 6:0, kg/m² to 0.1)', () => {
    // WHO Reference 2007, BMI-for-age boys 5–19 years, 6:0 (72 months): 12.1 13.0 14.1 15.3 16.8 18.5 20.7
    const day = Math.round(72 * 30.4375);
    const sd = [-3, -2, -1, 0, 1, 2, 3].map((z) => Math.round(growthCurveValue('bfa', 1, day, z, standards)! * 10) / 10);
    expect(sd).toEqual([12.1, 13.0, 14.1, 15.3, 16.8, 18.5, 20.7]);
    // A six-year-old boy of 116 cm and 25 kg (BMI 18.6) is above +2 SD: 肥胖 by the Chinese cut-offs.
    const z = growthZ('bfa', 1, day, growthBmi(25, 116), standards)!;
    expect(z).toBeGreaterThan(2);
    expect(growthEvaluation('bfa', z)).toBe('肥胖');
  });

  it('interpolates L, M, S linearly by age in days between the rows', () => {
    const a = wfa.boys[0]!;
    const b = wfa.boys[1]!; // day 30
    const mid = lmsAt(wfa.boys, 15)!;
    expect(mid.M).toBeCloseTo((a[2] + b[2]) / 2, 10);
    expect(mid.L).toBeCloseTo((a[1] + b[1]) / 2, 10);
    expect(lmsAt(wfa.boys, -1)).toBeNull();
    expect(lmsAt(wfa.boys, 2558)).toBeNull();
  });

  it('answers null for what it cannot score', () => {
    expect(growthZ('wfa', 3, 100, 6, standards)).toBeNull(); // unknown sex
    expect(growthZ('wfa', 1, 100, 0, standards)).toBeNull(); // weight 0
    expect(growthZ('wfa', 1, 2600, 6, standards)).toBeNull(); // past 7 years
    expect(growthZ('nope', 1, 100, 6, standards)).toBeNull();
    expect(growthZ('wfa', 1, null, 6, standards)).toBeNull();
    expect(growthZ('wfa', 1, 100, 6, {})).toBeNull(); // no tables handed in
  });

  it('is monotone in the measured value for every indicator (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('wfa', 'lhfa', 'wfl', 'wfh', 'hcfa', 'bfa'),
        fc.constantFrom(1, 2),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.double({ min: 0.0001, max: 0.5, noNaN: true }),
        (indicator, sex, at, rel, step) => {
          const range = growthRange(indicator, sex, standards)!;
          const x = range.from + at * (range.to - range.from);
          const median = growthCurveValue(indicator, sex, x, 0, standards)!;
          const y = median * rel;
          const z1 = growthZ(indicator, sex, x, y, standards)!;
          const z2 = growthZ(indicator, sex, x, y * (1 + step), standards)!;
          return Number.isFinite(z1) && z2 > z1;
        },
      ),
    );
  });
});

describe('percentile and evaluation', () => {
  it('gives the percentile of a z-score', () => {
    expect(percentileOf(0)).toBeCloseTo(50, 6);
    expect(percentileOf(-2)).toBeCloseTo(2.275, 2);
    expect(percentileOf(1.8808)).toBeCloseTo(97, 2);
    expect(normalCdf(Infinity)).toBe(1);
  });

  it('classifies per 儿童营养性疾病管理技术规范 (and WHO on request)', () => {
    expect(growthEvaluation('wfa', -2.5)).toBe('低体重');
    expect(growthEvaluation('wfa', -3.2)).toBe('重度低体重');
    expect(growthEvaluation('wfa', 0)).toBe('正常');
    expect(growthEvaluation('lhfa', -2.1)).toBe('生长迟缓');
    expect(growthEvaluation('wfl', -2.1)).toBe('消瘦');
    expect(growthEvaluation('wfh', 1.2)).toBe('超重');
    expect(growthEvaluation('wfh', 2.2)).toBe('肥胖');
    expect(growthEvaluation('bfa', 2.2, 'who')).toBe('超重');
    expect(growthEvaluation('bfa', 3.2, 'who')).toBe('肥胖');
    expect(growthEvaluation('hcfa', -2.5)).toBe('头围过小');
    expect(growthEvaluation('hcfa', 2.5)).toBe('头围过大');
    expect(growthEvaluation('wfa', null)).toBeNull();
  });

  it('reads the sex codes forms use', () => {
    expect(growthSex('1')).toBe('boys');
    expect(growthSex(2)).toBe('girls');
    expect(growthSex('女')).toBe('girls');
    expect(growthSex('9')).toBeNull();
  });
});

describe('expression functions', () => {
  it('compute z-score, percentile and evaluation from the registered tables', () => {
    expect(fn('calcAgeDays', '2026-01-01', '2026-01-31')).toBe(30);
    expect(fn('calcAgeDays', '2026-01-31', '2026-01-01')).toBeNull();
    // boys, day 30, the median weight: z 0, 50th percentile
    expect(fn('growthZ', 'wfa', '1', 30, 4.4525)).toBe(0);
    expect(fn('growthPercentile', 'wfa', '1', 30, 4.4525)).toBe(50);
    const z = fn('growthZ', 'wfa', '2', 0, 2.3) as number;
    expect(z).toBeLessThan(-2);
    expect(fn('growthEval', 'wfa', z)).toBe('低体重');
    expect(fn('calcChildBmi', 12, 80)).toBe(18.75);
  });
});

describe('length or height as the WHO tables expect it (±0.7 cm)', () => {
  it('adds 0.7 cm to a standing height before 2 years and takes it off a lying length from 2 years', () => {
    expect(whoLengthHeight(600, 80, '2')).toBe(80.7);
    expect(whoLengthHeight(730, 85.3, '2')).toBe(86);
    expect(whoLengthHeight(731, 86, '1')).toBe(85.3);
    expect(whoLengthHeight(900, 88.4, '1')).toBe(87.7);
  });

  it('leaves a measurement taken the expected way, or of unknown way or age, as it is', () => {
    expect(whoLengthHeight(600, 80, '1')).toBe(80);
    expect(whoLengthHeight(900, 88.4, '2')).toBe(88.4);
    expect(whoLengthHeight(600, 80, '')).toBe(80);
    expect(whoLengthHeight(null, 80, '2')).toBe(80);
    expect(whoLengthHeight(600, null, '2')).toBeNull();
  });

  it('moves the z-score of a child under 2 measured standing as WHO’s anthro does', () => {
    // girls, day 547 (18 months): 80.0 cm standing is 80.7 cm of length, the median's neighbourhood
    const asMeasured = fn('growthZ', 'lhfa', '2', 547, 80) as number;
    const corrected = fn('growthZ', 'lhfa', '2', 547, fn('whoLength', 547, 80, '2')) as number;
    expect(corrected).toBeGreaterThan(asMeasured);
    expect(corrected).toBe(fn('growthZ', 'lhfa', '2', 547, 80.7));
  });
});
