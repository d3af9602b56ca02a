// A `date` column is a calendar day whatever the server's time zone: read back as the day written,
// from PostgreSQL and from PGlite. A clinic runs in UTC+8, where a Date at local midnight turned
// into text with toISOString is the day before (db/open.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

describe('date columns', () => {
  let t: TestApp;
  const zoneBefore = process.env.TZ;
  beforeAll(async () => {
    process.env.TZ = 'Asia/Shanghai';
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it('reads a day back as the same day, as text, in a clinic’s time zone', async () => {
    const { rows } = await sql<{ day: unknown; days: unknown }>`
      select date '2026-11-29' as day, array[date '2026-01-01']::text as days`.execute(t.deps.db);
    expect(rows[0]!.day).toBe('2026-11-29');
    expect(rows[0]!.days).toBe('{2026-01-01}');
  });
});
