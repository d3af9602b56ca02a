import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema';
import { announceArchiveWrites, archivesWrittenElsewhere, archiveWritten, cachedListValue, LIST_CACHE_TTL_MS } from './archive-list-cache';

// The cache only uses the database object as a key.
const newDb = () => ({}) as Kysely<Database>;

/** A computation that counts its calls and answers when told to. */
function counter(values: number[]) {
  let calls = 0;
  const pending: (() => void)[] = [];
  const compute = () => {
    const value = values[calls++]!;
    return new Promise<number>((resolve) => pending.push(() => resolve(value)));
  };
  return { compute, calls: () => calls, answerAll: () => pending.splice(0).forEach((f) => f()) };
}

afterEach(() => vi.useRealTimers());

describe('the archive list cache', () => {
  it('runs one computation for concurrent askers and keeps its value per database and tenant', async () => {
    const db = newDb();
    const c = counter([100, 7]);
    const asked = [cachedListValue(db, '100001', 'total {}', c.compute), cachedListValue(db, '100001', 'total {}', c.compute)];
    c.answerAll();
    expect(await Promise.all(asked)).toEqual([100, 100]);
    expect(await cachedListValue(db, '100001', 'total {}', c.compute)).toBe(100);
    expect(c.calls()).toBe(1);
    // Another database with the same tenant id (parallel test apps) has its own values.
    const other = cachedListValue(newDb(), '100001', 'total {}', c.compute);
    c.answerAll();
    expect(await other).toBe(7);
  });

  it('never serves a value computed before a write, and computes again after it', async () => {
    const db = newDb();
    const c = counter([100, 101]);
    const racing = cachedListValue(db, '100001', 'total {}', c.compute);
    archiveWritten(db, '100001');
    c.answerAll();
    // The askers before the write get the racing count; nobody after it does.
    expect(await racing).toBe(100);
    const after = cachedListValue(db, '100001', 'total {}', c.compute);
    c.answerAll();
    expect(await after).toBe(101);
    expect(c.calls()).toBe(2);
    // A write in another tenant leaves this one's value alone.
    archiveWritten(db, '100002');
    expect(await cachedListValue(db, '100001', 'total {}', c.compute)).toBe(101);
  });

  it('answers an expired value while one refresh runs, then the refreshed one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = newDb();
    const c = counter([100, 120]);
    const first = cachedListValue(db, '100001', 'total {}', c.compute);
    c.answerAll();
    expect(await first).toBe(100);
    vi.setSystemTime(Date.now() + LIST_CACHE_TTL_MS + 1);
    expect(await cachedListValue(db, '100001', 'total {}', c.compute)).toBe(100);
    expect(await cachedListValue(db, '100001', 'total {}', c.compute)).toBe(100);
    expect(c.calls()).toBe(2);
    c.answerAll();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cachedListValue(db, '100001', 'total {}', c.compute)).toBe(120);
    expect(c.calls()).toBe(2);
  });

  it('announces its own writes, and forgets what another process announces (every tenant after "*")', async () => {
    const db = newDb();
    const announced: string[] = [];
    announceArchiveWrites(db, (tenantId) => announced.push(tenantId));
    const c = counter([1, 2, 3, 4, 5, 6]);
    const value = async (tenantId: string) => {
      const asked = cachedListValue(db, tenantId, 'total {}', c.compute);
      c.answerAll();
      return asked;
    };
    expect([await value('100001'), await value('100002')]).toEqual([1, 2]);
    archiveWritten(db, '100001');
    expect(announced).toEqual(['100001']);
    // Heard from another process: forgotten here, never announced again.
    archivesWrittenElsewhere(db, '100002');
    expect(announced).toEqual(['100001']);
    expect([await value('100001'), await value('100002')]).toEqual([3, 4]);
    archivesWrittenElsewhere(db, '*');
    expect([await value('100001'), await value('100002')]).toEqual([5, 6]);
    expect(c.calls()).toBe(6);
  });
});
