import { sql, type Kysely } from 'kysely';

/**
 * Runs a block of DDL one statement at a time: PGlite's query path uses the extended protocol,
 * which refuses several commands in one call (PostgreSQL through pg would accept them).
 */
export async function runStatements(db: Kysely<unknown>, block: string): Promise<void> {
  const statements = block
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
