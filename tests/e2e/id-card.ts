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

/**
 * A valid ID number of someone born on `birth` (yyyy-MM-dd) registered in 北京东城 (110101): the
 * archive takes the birth date and the sex (odd 17th digit: male) from it; the order code is random
 * so each journey's resident is new.
 */
export function residentIdCard(birth: string, male: boolean): string {
  const order = 100 + Math.floor(Math.random() * 400) * 2 + (male ? 1 : 0);
  return withCheckDigit(`110101${birth.replaceAll('-', '')}${String(order).slice(-3)}`);
}
