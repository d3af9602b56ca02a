// What each of the spec's field types (types.ts: 1 select, 2 radio, 3 text, 4 number, 5 date,
// 6 textarea, 7 checkbox group, 8 multi-select) means beyond its widget (widgets.ts): the value type
// expressions see, and whether its values are codes from a dictionary. Part of the document model,
// read by the compiler, the runner, field validation and the hosts (the designer's completion, the
// server's dictionaries and columns).
import type { ExprType } from '../expr/types';
import type { FieldType } from '../types';

/** The type an expression sees for a field's value, so the compiler can check expressions. */
export const FIELD_EXPR_TYPES: Readonly<Record<FieldType, ExprType>> = {
  1: 'string',
  2: 'string',
  3: 'string',
  4: 'number',
  5: 'date',
  6: 'string',
  7: 'list',
  8: 'list',
};

/** Field types whose values are codes of a dictionary (bizCode or fieldUrl): single and multiple choice. */
export const DICTIONARY_TYPES: ReadonlySet<number> = new Set([1, 2, 7, 8]);
