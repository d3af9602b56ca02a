// Crowd labels beyond hypertension and diabetes (which archive-seed.ts draws from its random stream).
// These are derived from the order number alone, never from the random stream, so that adding a
// population here leaves every other seeded value — names, birthdays, ids — exactly as it was.

type LabelRule = { label: string; applies: (sequence: number, age: number, sex: '1' | '2') => boolean };

/** One line per managed population; each picks a small, deterministic share of the residents. */
const POPULATION_RULES: LabelRule[] = [];

export function populationLabels(sequence: number, age: number, sex: '1' | '2'): string[] {
  return POPULATION_RULES.filter((rule) => rule.applies(sequence, age, sex)).map((rule) => rule.label);
}
