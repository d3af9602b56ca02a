import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../server/db/schema';
import { appendGeneratedArchives } from '../../server/seed/archive-seed';

/** The demo tenant, its region and the doctor who logs in for the benchmark (server/seed/seed-data.ts). */
export const BENCH_TENANT = '100001';
const REGION_CODE = '441602';
const DOCTOR = { id: '2302', name: '张伟' };
const TEAM = { id: '2401', name: '家庭医生一团队' };

export interface SeedOutcome {
  inserted: number;
  /** Generating and inserting the rows (batched multi-row INSERTs through the archive seed generator). */
  ms: number;
  /**
   * ANALYZE afterwards, so the planner knows the table holds 100,000 rows and not the seed's 20; on
   * PostgreSQL VACUUM ANALYZE, as autovacuum would do a minute later, so the visibility map is set
   * and the list's index-only scans read no heap.
   */
  analyzeMs: number;
  /** What ran after the insert: 'VACUUM ANALYZE' (PostgreSQL) or 'ANALYZE' (PGlite). */
  analyzeKind: 'VACUUM ANALYZE' | 'ANALYZE';
  /** Every archive of the tenant (seeded ones included), for the follow-up submits. */
  archiveIds: string[];
}

/**
 * Adds `count` generated residents to the demo tenant after the first-start seed. Runs as the
 * server's own work (outside any request), through the same db handle the app uses.
 */
export async function seedBulkArchives(
  db: Kysely<Database>,
  owner: Kysely<Database>,
  count: number,
  databaseUrl?: string,
): Promise<SeedOutcome> {
  const started = performance.now();
  const inserted = await appendGeneratedArchives(db, {
    tenantId: BENCH_TENANT,
    count,
    regionCode: REGION_CODE,
    doctor: DOCTOR,
    team: TEAM,
    now: new Date(),
    seed: 20261123,
  });
  const ms = performance.now() - started;
  const analyzeStarted = performance.now();
  if (databaseUrl) await vacuumAnalyze(databaseUrl);
  else await sql`ANALYZE user_archive`.execute(owner);
  const analyzeMs = performance.now() - analyzeStarted;
  const rows = await db
    .selectFrom('user_archive')
    .select('id')
    .where('tenant_id', '=', BENCH_TENANT)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .execute();
  return { inserted, ms, analyzeMs, analyzeKind: databaseUrl ? 'VACUUM ANALYZE' : 'ANALYZE', archiveIds: rows.map((r) => r.id) };
}

/**
 * VACUUM cannot run inside a transaction block, and every statement of `owner` runs in one (the
 * scoped driver's BEGIN + scope), so it goes over a connection of its own.
 */
async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE user_archive');
  } finally {
    await client.end();
  }
}
