import type { FieldState } from '../runtime/results';
import { isEmptyValue } from '../runtime/values';
import type { FieldDef, FieldValue } from '../types';

/**
 * Progress (002 §5): filled visible required fields / visible required fields, as a whole percent,
 * rounded down so that 100 always means complete; 100 when nothing is required.
 */
export function computeProgress(
  fields: readonly FieldDef[],
  values: Readonly<Record<string, FieldValue | undefined>>,
  states: Readonly<Record<string, FieldState | undefined>>,
): number {
  let required = 0;
  let filled = 0;
  for (const f of fields) {
    const s = states[f.fieldProp];
    if (!s || !s.visible || !s.required) continue;
    required += 1;
    if (!isEmptyValue(values[f.fieldProp])) filled += 1;
  }
  return required === 0 ? 100 : Math.floor((filled * 100) / required);
}
