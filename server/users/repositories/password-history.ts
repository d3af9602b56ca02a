// blade_password_history: a user's earlier password hashes (issue 22 §4), newest first; only the
// last `keep` are ever compared, so older ones are not kept.
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';

type UserRef = { tenant_id: string; id: string };

const newestFirst = (db: Kysely<Database>, user: UserRef) =>
  db
    .selectFrom('blade_password_history')
    .where('tenant_id', '=', user.tenant_id)
    .where('user_id', '=', user.id)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc');

/** The user's last `count` earlier password hashes. */
export async function recentPasswordHashes(db: Kysely<Database>, user: UserRef, count: number): Promise<string[]> {
  const rows = await newestFirst(db, user).select('password_hash').limit(count).execute();
  return rows.map((row) => row.password_hash);
}

/** Adds the hash being replaced to the history and drops all but the last `keep`. */
export async function rememberPassword(db: Kysely<Database>, user: UserRef, oldHash: string, keep: number, at: Date): Promise<void> {
  await db
    .insertInto('blade_password_history')
    .values({ id: newId(at.getTime()), tenant_id: user.tenant_id, user_id: user.id, password_hash: oldHash, create_time: at })
    .execute();
  const kept = newestFirst(db, user).select('id').limit(keep);
  await db
    .deleteFrom('blade_password_history')
    .where('tenant_id', '=', user.tenant_id)
    .where('user_id', '=', user.id)
    .where('id', 'not in', kept)
    .execute();
}
