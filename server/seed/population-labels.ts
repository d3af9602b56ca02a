// Crowd labels beyond hypertension and diabetes (which archive-seed.ts draws from its random stream).
// These are derived from the order number alone, never from the random stream, so that adding a
// population here leaves every other seeded value — names, birthdays, ids — exactly as it was.

type LabelRule = { label: string; applies: (sequence: number, age: number, sex: '1' | '2') => boolean };

/** One line per managed population; each picks a small, deterministic share of the residents. */
const POPULATION_RULES: LabelRule[] = [
  { label: 'tuberculosis', applies: (sequence) => sequence % 97 === 7 },
  { label: 'severe_mental_illness', applies: (sequence) => sequence % 89 === 11 },
  // 糖尿病高危: the guideline's age factor (≥40) on a deterministic share of the residents.
  { label: 'diabetes_high_risk', applies: (sequence, age) => sequence % 13 === 5 && age >= 40 },
  // 高血压高危: the screening population (35 and over, 规范) on a deterministic share of the residents.
  { label: 'hypertension_high_risk', applies: (sequence, age) => sequence % 11 === 3 && age >= 35 },
];

export function populationLabels(sequence: number, age: number, sex: '1' | '2'): string[] {
  return POPULATION_RULES.filter((rule) => rule.applies(sequence, age, sex)).map((rule) => rule.label);
}
