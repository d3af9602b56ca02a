import type { Kysely } from 'kysely';

/** blade-user administration: what users need beyond migration 001 (posts, version, …). */
export async function up(_db: Kysely<unknown>): Promise<void> {}
