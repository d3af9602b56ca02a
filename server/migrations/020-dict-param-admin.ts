import type { Kysely } from 'kysely';

/** dictionary backups, sync progress; parameter versions. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
