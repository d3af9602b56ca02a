import pg from 'pg';
import { ID_NODES, useIdNode } from './ids';

/** The advisory-lock class of id nodes (pg_try_advisory_lock(int4, int4)): "phwi". */
const ID_NODE_LOCK_CLASS = 0x70687769;
const RECONNECT_MS = 1_000;

/** The holding connection's application_name, so it can be told apart in pg_stat_activity. */
export const ID_NODE_APPLICATION = 'phw-id-node';

export interface IdNodeClaim {
  /** The node this claim holds now (it may change after the holding connection was lost). */
  node(): number;
  /** Ends the holding connection: the node is free for another process. */
  close(): Promise<void>;
}

/**
 * Holds one id node of a PostgreSQL database for this process (db/ids.ts), so two server processes
 * on one database never make the same id: a session advisory lock per node, taken on a connection of
 * its own and held as long as that connection lives. PostgreSQL releases it when the process dies,
 * so a crashed process's node is free at once.
 *
 * When the connection is lost, it is opened again after a second and the same node is asked for
 * first; only if another process took it meanwhile does this process move to a free one (and says
 * so). Until then ids keep the old node, which another process can only have taken by starting in
 * that second.
 */
export async function claimIdNode(connectionString: string, onChange: (node: number) => void = useIdNode): Promise<IdNodeClaim> {
  let held: number | undefined;
  let client: pg.Client | undefined;
  let closed = false;

  const lockFirstFree = async (next: pg.Client): Promise<number> => {
    const tryNode = async (n: number) =>
      (await next.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [ID_NODE_LOCK_CLASS, n])).rows[0]?.ok === true;
    if (held !== undefined && (await tryNode(held))) return held;
    for (let n = 0; n < ID_NODES; n++) if (n !== held && (await tryNode(n))) return n;
    throw new Error(`all ${ID_NODES} id nodes of this database are held: no more server processes can write to it`);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: ID_NODE_APPLICATION, keepAlive: true });
    next.on('error', (error) => {
      console.warn(`[db] id node connection lost: ${error.message}`);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    try {
      const node = await lockFirstFree(next);
      if (closed) throw new Error('id node claim closed');
      if (held !== undefined && node !== held) console.warn(`[db] id node ${held} was taken by another process; now ${node}`);
      held = node;
      client = next;
      onChange(node);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
  };

  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = undefined;
    const retry = () => {
      if (closed) return;
      setTimeout(() => {
        if (closed) return;
        connect().catch((error: unknown) => {
          console.warn(`[db] id node connection: ${error instanceof Error ? error.message : String(error)}`);
          retry();
        });
      }, RECONNECT_MS).unref();
    };
    retry();
  };

  await connect();
  return {
    node: () => held ?? 0,
    async close() {
      closed = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * The process's claim on a database, shared by every open of that database in the process (a test
 * process may open one database twice: its ids share one sequence, so one node serves both) and
 * released when the last of them closes. Module state on purpose: the node belongs to the process.
 */
const claims = new Map<string, { claim: Promise<IdNodeClaim>; users: number }>();

/** Holds this process's id node in the database until the answered release is called. */
export async function holdIdNode(connectionString: string): Promise<() => Promise<void>> {
  let entry = claims.get(connectionString);
  if (!entry) {
    entry = { claim: claimIdNode(connectionString), users: 0 };
    claims.set(connectionString, entry);
    entry.claim.catch(() => claims.delete(connectionString));
  }
  entry.users++;
  const claim = await entry.claim;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    const current = claims.get(connectionString);
    if (!current || --current.users > 0) return;
    claims.delete(connectionString);
    await claim.close();
  };
}
