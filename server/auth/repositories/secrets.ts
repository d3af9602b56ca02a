import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Server secrets (JWT key, RSA key pair) are generated once and kept in the database. */
export async function getOrCreateSecret(db: Kysely<Database>, name: string, create: () => string): Promise<string> {
  const existing = await db.selectFrom('app_secret').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_secret')
    .values({ name, value: create() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db.selectFrom('app_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return stored.value;
}
