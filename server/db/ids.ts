/**
 * Snowflake-style ids as decimal strings (the blade API's ids are strings of up to 19 digits):
 * milliseconds since 2020-01-01 in the high bits, a per-process sequence in the low 22, so ids
 * sort by creation time and never collide within one process.
 */
const EPOCH = 1577836800000n;
let lastMs = 0n;
let sequence = 0n;

export function newId(nowMs: number = Date.now()): string {
  let ms = BigInt(nowMs) - EPOCH;
  if (ms < lastMs) ms = lastMs;
  if (ms === lastMs) {
    sequence = (sequence + 1n) & 0x3fffffn;
    if (sequence === 0n) ms = lastMs + 1n;
  } else {
    sequence = 0n;
  }
  lastMs = ms;
  return ((ms << 22n) | sequence).toString();
}
