/**
 * Snowflake-style ids as decimal strings (the blade API's ids are strings of up to 19 digits):
 * milliseconds since 2020-01-01 in the high bits, then the process's id node (10 bits), then a
 * per-process sequence (12 bits). Ids sort by creation time; they never collide within one process
 * (the sequence) nor between processes writing to one database, as long as each holds its own node
 * (db/id-node.ts claims one per PostgreSQL database; PGlite is one process and keeps node 0).
 *
 * The node is module state on purpose: it belongs to the process, like the sequence beside it, and
 * every caller of newId in the process must use the same one.
 */
const EPOCH = 1577836800000n;
const NODE_BITS = 10n;
const SEQUENCE_BITS = 12n;
const SEQUENCE_MASK = (1n << SEQUENCE_BITS) - 1n;

/** How many id nodes there are (0 … ID_NODES − 1): how many processes may write to one database at once. */
export const ID_NODES = Number(1n << NODE_BITS);

let node = 0n;
let lastMs = 0n;
let sequence = 0n;

/** Sets the node this process's ids carry from now on (db/id-node.ts, after it holds the node). */
export function useIdNode(next: number): void {
  if (!Number.isInteger(next) || next < 0 || next >= ID_NODES) throw new RangeError(`id node must be 0 … ${ID_NODES - 1}, got ${next}`);
  node = BigInt(next);
}

/** The node this process's ids carry. */
export function currentIdNode(): number {
  return Number(node);
}

export function newId(nowMs: number = Date.now()): string {
  let ms = BigInt(nowMs) - EPOCH;
  if (ms < lastMs) ms = lastMs;
  if (ms === lastMs) {
    sequence = (sequence + 1n) & SEQUENCE_MASK;
    // More than 4,096 ids in one millisecond: borrow the next millisecond rather than repeat one.
    if (sequence === 0n) ms = lastMs + 1n;
  } else {
    sequence = 0n;
  }
  lastMs = ms;
  return ((ms << (NODE_BITS + SEQUENCE_BITS)) | (node << SEQUENCE_BITS) | sequence).toString();
}

/** The node an id was made on (for tests and diagnosis). */
export function idNodeOf(id: string): number {
  return Number((BigInt(id) >> SEQUENCE_BITS) & ((1n << NODE_BITS) - 1n));
}
