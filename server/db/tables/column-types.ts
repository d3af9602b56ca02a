import type { ColumnType } from 'kysely';

/** A timestamp column: written as a Date (or defaulted), read as a Date. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * A JSONB column: read as the parsed value, written through `jsonb()` (platform/repositories/form-json.ts)
 * so pg and PGlite both receive text and PostgreSQL does the parsing.
 */
export type Json<T> = ColumnType<T, unknown, unknown>;

/** A nullable JSONB column that an INSERT may leave out. */
export type OptionalJson<T> = ColumnType<T | null, unknown, unknown>;
