// Body measures and ages (001 §9).

/** BMI = weight (kg) / height (cm → m)², two decimals; null when either is missing or not positive. */
export function bmi(weightKg: number | null | undefined, heightCm: number | null | undefined): number | null {
  if (typeof weightKg !== 'number' || typeof heightCm !== 'number') return null;
  if (!(weightKg > 0) || !(heightCm > 0)) return null;
  const m = heightCm / 100;
  return roundTo(weightKg / (m * m), 2);
}

/** Half-up rounding in decimal, so 22.495 gives 22.5 and not 22.49 from binary noise. */
export function roundTo(value: number, digits = 0): number {
  if (!Number.isFinite(value)) return value;
  const d = Math.max(0, Math.min(10, Math.trunc(digits)));
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${d}`);
  return sign * Number(`${Math.round(shifted)}e-${d}`);
}

export interface AgeStage {
  code: 'child' | 'adolescent' | 'youth' | 'middle' | 'elderly';
  label: string;
}

/** Age stages: 0–6 child, 7–17 adolescent, 18–40 young adult, 41–64 middle age, above 64 elderly. */
export function ageStage(age: number | null | undefined): AgeStage | null {
  if (typeof age !== 'number' || !Number.isFinite(age) || age < 0) return null;
  if (age <= 6) return { code: 'child', label: '儿童' };
  if (age <= 17) return { code: 'adolescent', label: '少年' };
  if (age <= 40) return { code: 'youth', label: '青年' };
  if (age <= 64) return { code: 'middle', label: '中年' };
  return { code: 'elderly', label: '老年' };
}
