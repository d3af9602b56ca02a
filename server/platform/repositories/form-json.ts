import { sql, type RawBuilder } from 'kysely';

/**
 * A value for a JSONB column. pg sends a string parameter as text, but PGlite serialises a parameter
 * by the type PostgreSQL infers — a string aimed at a jsonb column would be encoded a second time.
 * Casting the parameter to text first makes both drivers send the same text and PostgreSQL parse it.
 */
export function jsonb(value: unknown): RawBuilder<unknown> {
  return sql`cast(cast(${JSON.stringify(value)} as text) as jsonb)`;
}
