import type { Kysely } from 'kysely';

/** tenants (full fields), OAuth clients. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
