import { currentHolder, type ScopeHolder } from './tenant-scope';

/**
 * The one lock on a PGlite database. PGlite is one session and kysely-pglite has no pool, so the
 * statements of concurrent flows would interleave inside each other's BEGIN … COMMIT (and a
 * transaction's statements would run inside another flow's). The scoped driver (scoped-driver.ts)
 * therefore takes this lock for every connection it hands out and releases it with the connection:
 * an autocommitted statement holds it for its BEGIN, scope, statement and COMMIT, a transaction
 * from its BEGIN to its COMMIT or ROLLBACK — so transactions also run one after another, and
 * nothing else needs a queue of its own. Both Kysely instances on the session (the app's and the
 * owner's) share one lock. PostgreSQL has a pool of real connections and takes no lock.
 *
 * A flow that queries `db` inside its own open transaction (instead of the transaction object)
 * would wait for itself: `heldByThisFlow` gives the driver that transaction's connection instead.
 * Correctness of concurrent writes (one record per client request id, stale row versions) rests
 * on constraints and conditional updates, on both databases, not on this lock.
 */
export class SessionLock<C> {
  private tail: Promise<void> = Promise.resolve();
  /** The connection each flow (scope holder) holds in an open transaction. */
  private readonly held = new WeakMap<ScopeHolder, C>();

  /** Waits until the session is free; the answer releases it. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }

  /** The connection this flow holds in an open transaction, if any. */
  heldByThisFlow(): C | undefined {
    const holder = currentHolder();
    return holder && this.held.get(holder);
  }

  /** A transaction began on `connection` in this flow. */
  hold(connection: C): void {
    const holder = currentHolder();
    if (holder) this.held.set(holder, connection);
  }

  /** The transaction on `connection` ended. */
  letGo(connection: C): void {
    const holder = currentHolder();
    if (holder && this.held.get(holder) === connection) this.held.delete(holder);
  }
}
