// The GB 11643 check digit, written out again for the browser journeys: Playwright's own loader
// cannot import the engine's index (it imports JSON schemas without import attributes), and a second,
// independent copy makes the journeys an outside check of the engine's own.
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CODES = '10X98765432';

/** A valid 18-digit resident ID number from its first 17 digits. */
export function withCheckDigit(first17: string): string {
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return first17 + CHECK_CODES[sum % 11];
}
