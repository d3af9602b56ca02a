// Impossible dates, declared on the field: `notFuture` (a visit or exam cannot have happened after
// today) and `notBeforeBirth` (nor before the resident was born). Today is the passed-in clock's day;
// the birth date is the archive's, which reaches the engine the way calcAge gets it: the form's
// birthDate value, prefilled from the archive (ctx.birthDate, filled by submit).
import { compareDates, fromClock, parseDate } from '../helpers/dates';
import type { EvalContext, FieldDef, FieldValue } from '../types';

export const futureDateMessage = (f: FieldDef): string => `${f.fieldLabel}不能晚于今天`;
export const beforeBirthMessage = (f: FieldDef): string => `${f.fieldLabel}不能早于出生日期`;

/**
 * The message for a valid date outside its declared bounds, or null. A bound that cannot be
 * checked (no clock, no or an invalid birth date) refuses nothing: an unknown birth date is not a
 * reason to block a visit.
 */
export function dateBoundsMessage(f: FieldDef, value: FieldValue, ctx: EvalContext | undefined): string | null {
  if (f.fieldType !== 5 || (!f.notFuture && !f.notBeforeBirth)) return null;
  const date = parseDate(value);
  if (!date || !ctx) return null;
  if (f.notFuture && compareDates(date, fromClock(ctx.now)) > 0) return futureDateMessage(f);
  const birth = f.notBeforeBirth ? parseDate(ctx.birthDate) : null;
  if (birth && compareDates(date, birth) < 0) return beforeBirthMessage(f);
  return null;
}
