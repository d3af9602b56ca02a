// Child growth against the WHO Child Growth Standards (0–5 years) and, for weight, height and BMI
// from 61 months to the seventh birthday, the WHO Reference 2007: LMS z-scores, percentiles and the
// evaluation the child health exams show (国家基本公共卫生服务规范（第三版）儿童健康管理服务规范; cut-offs of
// 儿童营养性疾病管理技术规范 and the WHO standards).
// Pure: the LMS tables are data (codemaps/growth/*.json) handed in by the host through
// registerGrowthStandards; the engine never reads files. Without a table an answer is null.

export type GrowthIndicator = 'wfa' | 'lhfa' | 'wfl' | 'wfh' | 'hcfa' | 'bfa';
export type GrowthSex = 'boys' | 'girls';
/** One row of a table: the index (age in days, or length/height in cm) and its L, M, S. */
export type LmsRow = readonly [number, number, number, number];

export interface GrowthTable {
  readonly indicator: GrowthIndicator;
  /** 'ageDays' for the age-based indicators, 'lengthCm' / 'heightCm' for weight-for-length/height. */
  readonly index: string;
  readonly unit: string;
  readonly boys: readonly LmsRow[];
  readonly girls: readonly LmsRow[];
}

export type GrowthStandards = Partial<Record<GrowthIndicator, GrowthTable>>;

export const GROWTH_INDICATORS: readonly GrowthIndicator[] = ['wfa', 'lhfa', 'wfl', 'wfh', 'hcfa', 'bfa'];

/**
 * The indicators whose z-score WHO restricts beyond ±3 SD (the anthro method: weight-based
 * indicators; length/height and head circumference keep the plain LMS formula).
 */
const RESTRICTED: ReadonlySet<GrowthIndicator> = new Set(['wfa', 'wfl', 'wfh', 'bfa']);

let registry: GrowthStandards = {};

/** The host hands the tables over once (web: bundled; server: read at start). */
export function registerGrowthStandards(standards: GrowthStandards): void {
  registry = { ...standards };
}

export function growthStandards(): GrowthStandards {
  return registry;
}

/** Whether a JSON document is a growth table this engine can use (shape only). */
export function isGrowthTable(v: unknown): v is GrowthTable {
  if (!v || typeof v !== 'object') return false;
  const t = v as Record<string, unknown>;
  const okRows = (rows: unknown): boolean =>
    Array.isArray(rows) &&
    rows.length > 1 &&
    rows.every((r) => Array.isArray(r) && r.length === 4 && r.every((x) => typeof x === 'number' && Number.isFinite(x)));
  return GROWTH_INDICATORS.includes(t.indicator as GrowthIndicator) && okRows(t.boys) && okRows(t.girls);
}

/** The tables among parsed JSON files (codemaps/growth/*.json as the host read them); others are left out. */
export function growthStandardsFromFiles(files: Readonly<Record<string, unknown>>): GrowthStandards {
  const standards: GrowthStandards = {};
  for (const doc of Object.values(files)) if (isGrowthTable(doc)) standards[doc.indicator] = doc;
  return standards;
}

/** 'boys' / 'girls' from the codes forms use (1/男/M/male, 2/女/F/female); null otherwise. */
export function growthSex(v: unknown): GrowthSex | null {
  const s = String(v ?? '')
    .trim()
    .toLowerCase();
  if (['1', '男', 'm', 'male', 'boy', 'boys'].includes(s)) return 'boys';
  if (['2', '女', 'f', 'female', 'girl', 'girls'].includes(s)) return 'girls';
  return null;
}

/** L, M, S at x, interpolated linearly between the neighbouring rows; null outside the table. */
export function lmsAt(rows: readonly LmsRow[], x: number): { L: number; M: number; S: number } | null {
  if (!Number.isFinite(x) || rows.length === 0) return null;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (x < first[0] || x > last[0]) return null;
  let lo = 0;
  let hi = rows.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]![0] <= x) lo = mid;
    else hi = mid;
  }
  const a = rows[lo]!;
  const b = rows[hi]!;
  if (x === a[0]) return { L: a[1], M: a[2], S: a[3] };
  if (x === b[0]) return { L: b[1], M: b[2], S: b[3] };
  const t = (x - a[0]) / (b[0] - a[0]);
  return { L: a[1] + t * (b[1] - a[1]), M: a[2] + t * (b[2] - a[2]), S: a[3] + t * (b[3] - a[3]) };
}

/** The measurement at z SD: M(1 + L·S·z)^(1/L), or M·e^(S·z) when L = 0. */
export function lmsValue(z: number, L: number, M: number, S: number): number {
  if (L === 0) return M * Math.exp(S * z);
  return M * Math.pow(1 + L * S * z, 1 / L);
}

/** The plain LMS z-score: ((y/M)^L − 1)/(L·S), or ln(y/M)/S when L = 0. */
export function lmsZ(y: number, L: number, M: number, S: number): number {
  if (L === 0) return Math.log(y / M) / S;
  return (Math.pow(y / M, L) - 1) / (L * S);
}

/**
 * WHO's restricted z-score (anthro, weight-based indicators): beyond +3 (or −3) SD the distance is
 * measured in units of the 2–3 SD interval on that side, so the long tail of the LMS curve does not
 * compress extreme values.
 */
export function restrictedZ(y: number, L: number, M: number, S: number): number {
  const z = lmsZ(y, L, M, S);
  if (z > 3) {
    const sd3 = lmsValue(3, L, M, S);
    const sd23 = sd3 - lmsValue(2, L, M, S);
    return 3 + (y - sd3) / sd23;
  }
  if (z < -3) {
    const sd3 = lmsValue(-3, L, M, S);
    const sd23 = lmsValue(-2, L, M, S) - sd3;
    return -3 + (y - sd3) / sd23;
  }
  return z;
}

/** The standard normal distribution function (Abramowitz–Stegun 26.2.17, error below 7.5e-8). */
export function normalCdf(z: number): number {
  if (!Number.isFinite(z)) return z > 0 ? 1 : 0;
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z > 0 ? 1 - p : p;
}

/** Percentile (0–100) of a z-score. */
export function percentileOf(z: number): number {
  return normalCdf(z) * 100;
}

function tableFor(indicator: unknown, sex: unknown, standards: GrowthStandards): readonly LmsRow[] | null {
  const table = standards[indicator as GrowthIndicator];
  const s = growthSex(sex);
  if (!table || !s) return null;
  return table[s];
}

/**
 * The z-score of a measurement: indicator, sex, the table's index (age in days; length or height in
 * cm for wfl/wfh) and the value (kg, cm, or kg/m² for bfa). Null when anything is missing, not
 * positive or outside the table.
 */
export function growthZ(
  indicator: unknown,
  sex: unknown,
  index: unknown,
  value: unknown,
  standards: GrowthStandards = registry,
): number | null {
  const rows = tableFor(indicator, sex, standards);
  const x = typeof index === 'number' ? index : Number.NaN;
  const y = typeof value === 'number' ? value : Number.NaN;
  if (!rows || !Number.isFinite(y) || y <= 0) return null;
  const lms = lmsAt(rows, x);
  if (!lms) return null;
  const z = RESTRICTED.has(indicator as GrowthIndicator) ? restrictedZ(y, lms.L, lms.M, lms.S) : lmsZ(y, lms.L, lms.M, lms.S);
  return Number.isFinite(z) ? z : null;
}

/** The measurement at z SD for the chart's curves; null outside the table. */
export function growthCurveValue(
  indicator: unknown,
  sex: unknown,
  index: number,
  z: number,
  standards: GrowthStandards = registry,
): number | null {
  const rows = tableFor(indicator, sex, standards);
  if (!rows) return null;
  const lms = lmsAt(rows, index);
  if (!lms) return null;
  const v = lmsValue(z, lms.L, lms.M, lms.S);
  return Number.isFinite(v) ? v : null;
}

/** The range of a table's index (age in days or cm), for the chart's axis. */
export function growthRange(indicator: unknown, sex: unknown, standards: GrowthStandards = registry): { from: number; to: number } | null {
  const rows = tableFor(indicator, sex, standards);
  if (!rows || rows.length === 0) return null;
  return { from: rows[0]![0], to: rows[rows.length - 1]![0] };
}

/**
 * The evaluation of a z-score, per 儿童营养性疾病管理技术规范 (卫生部 2012, used by the 儿童健康管理服务规范):
 * 体重/年龄 < −2SD 低体重 (< −3SD 重度); 身长(身高)/年龄 < −2SD 生长迟缓 (< −3SD 重度); 体重/身长(身高)
 * < −2SD 消瘦 (< −3SD 重度), ≥ +1SD 超重, ≥ +2SD 肥胖; BMI/年龄 the same as 体重/身长; 头围/年龄
 * < −2SD 头围过小, > +2SD 头围过大. 'who' uses the WHO standards' cut-offs for the weight-for-length
 * and BMI grades instead (> +2SD overweight 超重, > +3SD obese 肥胖).
 */
export function growthEvaluation(indicator: unknown, z: unknown, scheme: 'cn' | 'who' = 'cn'): string | null {
  if (typeof z !== 'number' || !Number.isFinite(z)) return null;
  switch (indicator) {
    case 'wfa':
      if (z < -3) return '重度低体重';
      if (z < -2) return '低体重';
      if (z > 2) return '体重偏重';
      return '正常';
    case 'lhfa':
      if (z < -3) return '重度生长迟缓';
      if (z < -2) return '生长迟缓';
      if (z > 3) return '身材偏高';
      return '正常';
    case 'wfl':
    case 'wfh':
    case 'bfa':
      if (z < -3) return '重度消瘦';
      if (z < -2) return '消瘦';
      if (scheme === 'who') {
        if (z > 3) return '肥胖';
        if (z > 2) return '超重';
        return '正常';
      }
      if (z >= 2) return '肥胖';
      if (z >= 1) return '超重';
      return '正常';
    case 'hcfa':
      if (z < -2) return '头围过小';
      if (z > 2) return '头围过大';
      return '正常';
    default:
      return null;
  }
}

/** The age (days) from which WHO's tables expect a standing height instead of a recumbent length. */
export const STANDING_FROM_DAYS = 731;

/**
 * A length/height as WHO's tables expect it at that age: recumbent length before 2 years (731 days),
 * standing height from then. A child under 2 measured standing gets +0.7 cm, a child of 2 or more
 * measured lying down −0.7 cm (WHO Child Growth Standards, Training Course on Child Growth
 * Assessment 2008, module B "Measuring a child's growth"; the anthro package adjusts the same way).
 * `position` is the form's 测量方式 code: '1' 卧位 (recumbent), '2' 立位 (standing); anything else, or
 * an unknown age, leaves the value as measured. Null when the value is missing.
 */
export function whoLengthHeight(ageDays: unknown, cm: unknown, position: unknown): number | null {
  if (typeof cm !== 'number' || !Number.isFinite(cm) || cm <= 0) return null;
  if (typeof ageDays !== 'number' || !Number.isFinite(ageDays) || ageDays < 0) return cm;
  const way = String(position ?? '').trim();
  if (way === '2' && ageDays < STANDING_FROM_DAYS) return Math.round((cm + 0.7) * 10) / 10;
  if (way === '1' && ageDays >= STANDING_FROM_DAYS) return Math.round((cm - 0.7) * 10) / 10;
  return cm;
}

/** Body mass index kg/m² from weight (kg) and length/height (cm); null when either is missing. */
export function growthBmi(weightKg: unknown, heightCm: unknown): number | null {
  if (typeof weightKg !== 'number' || typeof heightCm !== 'number' || weightKg <= 0 || heightCm <= 0) return null;
  const m = heightCm / 100;
  return weightKg / (m * m);
}
