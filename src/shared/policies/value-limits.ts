// The longest value a form field may hold (issue 22 §7), one table for both sides: the server
// refuses a longer value on submit (server/followups/services/record-value-limits.ts) and the browser's text
// boxes stop at the same length (src/form-runtime/widgets/text-inputs.tsx), so a user is told while
// typing rather than by a refused save. The form document has no length of its own for a field, so
// each widget has a documented default.

/** Characters per widget (fieldType, 002 §3): text 200, textarea 2,000; codes and dates are short. */
export const MAX_TEXT_LENGTH: Readonly<Record<number, number>> = { 1: 100, 2: 100, 3: 200, 4: 40, 5: 40, 6: 2000, 7: 100, 8: 100 };

/** A text box (field type 3) and a text area (field type 6). */
export const TEXT_INPUT_MAX_LENGTH = MAX_TEXT_LENGTH[3]!;
export const TEXT_AREA_MAX_LENGTH = MAX_TEXT_LENGTH[6]!;
