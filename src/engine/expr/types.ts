/** Types of expression values: field values are typed by field type, so the compiler can check them. */
export type ExprType = 'number' | 'string' | 'date' | 'boolean' | 'list' | 'any';
