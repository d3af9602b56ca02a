import type { Kysely } from 'kysely';

/** object storage configuration, attachments, SMS configuration and records. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
