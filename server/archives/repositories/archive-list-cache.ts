import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-scope';

/**
 * What the archive list derives from a whole tenant's archives — the total of a filter, and the
 * page anchors of a filter and order (archives.ts) — kept a few seconds per database, tenant and
 * key. Counting or walking a tenant's 100,000 archives costs tens of milliseconds (bench/README.md)
 * yet changes only when an archive is written, and every archive write of this server goes
 * through archives/repositories/archives.ts, which calls `archiveWritten` once its statement is done (and,
 * being autocommitted, committed).
 *
 * A write bumps the tenant's generation: a value computed under an older generation is returned to
 * the callers that asked for it but not kept, so a computation racing a write is never served
 * after the write. Concurrent askers of a missing key share one computation (fifty list requests
 * arriving after a write run one count, not fifty). Another server process on the same database
 * hears of each write at once (`announceArchiveWrites`, archives/services/shared-archive-writes.ts). What
 * this cannot see — a write by hand in SQL, or one made on a transaction object (none is today) —
 * shows within LIST_CACHE_TTL_MS (docs/decisions/0024: a minute, since every recount of a large
 * tenant is a burst of work that the requests arriving meanwhile wait through).
 */
export const LIST_CACHE_TTL_MS = 60_000;
/** Keys kept per database before the oldest are dropped (filters are user input). */
const MAX_ENTRIES = 1_000;

interface Entry {
  value: Promise<unknown>;
  generation: number;
  /** Set once the value is known; until then the entry is an in-flight computation. */
  expires?: number;
  /** A background refresh of this expired entry is running. */
  refreshing?: boolean;
}

interface DatabaseValues {
  entries: Map<string, Entry>;
  generations: Map<string, number>;
}

const byDatabase = new WeakMap<Kysely<Database>, DatabaseValues>();

function valuesOf(db: Kysely<Database>): DatabaseValues {
  let values = byDatabase.get(db);
  if (!values) byDatabase.set(db, (values = { entries: new Map(), generations: new Map() }));
  return values;
}

/**
 * The tenant's value for `key`: kept while fresh, else computed once by `compute` for every
 * concurrent asker. A value past LIST_CACHE_TTL_MS with no write since is still answered while one
 * refresh runs in the background, so the requests arriving at that moment do not all wait for a
 * count (up to one TTL plus one computation old, and only for another process's writes).
 */
export function cachedListValue<T>(
  db: Kysely<Database>,
  tenantId: string,
  key: string,
  compute: (on: Kysely<Database>) => Promise<T>,
  /** Where the caller's own computation runs: `db`, or the caller's transaction on it. */
  here: Kysely<Database> = db,
): Promise<T> {
  const values = valuesOf(db);
  const fullKey = `${tenantId}\u0000${key}`;
  const generation = values.generations.get(tenantId) ?? 0;
  const found = values.entries.get(fullKey);
  if (found && found.generation === generation) {
    if (found.expires === undefined || found.expires > Date.now()) return found.value as Promise<T>;
    if (!found.refreshing) {
      found.refreshing = true;
      // On `db` in a flow of its own (not the caller's transaction, which may end first; on PGlite
      // it waits for the session like any other statement), scoped to the tenant it reads.
      const refreshed = withTenant(tenantId, () => compute(db));
      refreshed.then(
        () => {
          // Kept only if no write came meanwhile (a write removed `found`).
          if (values.entries.get(fullKey) === found)
            values.entries.set(fullKey, { value: refreshed, generation, expires: Date.now() + LIST_CACHE_TTL_MS });
        },
        () => {
          found.refreshing = false;
        },
      );
    }
    return found.value as Promise<T>;
  }
  const entry: Entry = { value: compute(here), generation };
  values.entries.delete(fullKey);
  values.entries.set(fullKey, entry);
  entry.value.then(
    () => {
      entry.expires = Date.now() + LIST_CACHE_TTL_MS;
    },
    // A failed computation is not kept: the next asker tries again.
    () => {
      if (values.entries.get(fullKey) === entry) values.entries.delete(fullKey);
    },
  );
  // Map keeps insertion order: the first keys are the oldest.
  for (const old of values.entries.keys()) {
    if (values.entries.size <= MAX_ENTRIES) break;
    values.entries.delete(old);
  }
  return entry.value as Promise<T>;
}

/** Who tells the other server processes of this database's archive writes (PostgreSQL only). */
const announcers = new WeakMap<Kysely<Database>, (tenantId: string) => void>();

/** Every archive write on `db` from now on is also told to `announce` (after forgetting it here). */
export function announceArchiveWrites(db: Kysely<Database>, announce: (tenantId: string) => void): void {
  announcers.set(db, announce);
}

/** Drops the tenant's kept values; called after every archive insert or update (and announced). */
export function archiveWritten(db: Kysely<Database>, tenantId: string): void {
  forget(db, tenantId);
  announcers.get(db)?.(tenantId);
}

/** Another process wrote the tenant's archives ('*': anyone's, or messages may have been missed). */
export function archivesWrittenElsewhere(db: Kysely<Database>, tenantId: string): void {
  forget(db, tenantId);
}

function forget(db: Kysely<Database>, tenantId: string): void {
  const values = byDatabase.get(db);
  if (!values) return;
  if (tenantId === '*') {
    // Whatever is in flight is left out of the map, so its value is answered but never kept.
    for (const tenant of values.generations.keys()) values.generations.set(tenant, values.generations.get(tenant)! + 1);
    values.entries.clear();
    return;
  }
  values.generations.set(tenantId, (values.generations.get(tenantId) ?? 0) + 1);
  const prefix = `${tenantId}\u0000`;
  for (const key of values.entries.keys()) if (key.startsWith(prefix)) values.entries.delete(key);
}
