import type { Kysely } from 'kysely';

/** departments (full fields, soft delete), posts, regions. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
