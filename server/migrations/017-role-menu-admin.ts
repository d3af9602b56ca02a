import type { Kysely } from 'kysely';

/** roles and menus (full fields), top-menu grants, data scopes, api scopes. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
