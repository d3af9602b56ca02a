import { ageYears, checkIdCard, formatDate, fromClock } from '../../engine';

/** What typing an ID number fills in the add-archive dialog. */
export type IdCardFill =
  | { ok: true; idCard: string; birthday: string; sex: '1' | '2'; age: number }
  | { ok: false; message: string };

/**
 * Reads birth date, sex and age from a resident ID number with the engine's helper (the same
 * checks the server repeats), so the dialog and the server can never disagree on what is valid.
 * 15-digit numbers come back upgraded to 18 digits.
 */
export function fillFromIdCard(input: string, now: Date): IdCardFill {
  const result = checkIdCard(input, now);
  if (!result.ok || !result.birthDate || !result.gender || !result.id18) {
    return { ok: false, message: result.message ?? '' };
  }
  const age = ageYears(result.birthDate, formatDate(fromClock(now))) ?? 0;
  return { ok: true, idCard: result.id18, birthday: result.birthDate, sex: result.gender, age };
}

/** Only a complete-looking number is worth checking while typing: no error for a half-typed one. */
export const looksComplete = (input: string): boolean => /^\d{15}$/.test(input.trim()) || /^\d{17}[\dXx]$/.test(input.trim());
