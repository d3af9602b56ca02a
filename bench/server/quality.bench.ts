// `npm run bench:quality` (issue 34 "Speed"): a quality run over N hypertension follow-ups (the topic
// gxy_bp_satisfied's rules, the run's own code: stream in keyset batches, check each record with the
// compiled topic, write the failures and the counts) against merely streaming the same records out
// of the database with the same batched statement. Target: the run ≤ 3× the stream, with memory flat.
// PostgreSQL (TEST_PG_URL or scripts/ensure-postgres.sh). N is 20,000 by default;
// QUALITY_BENCH_RECORDS=100000 for the scale.
import { sql } from 'kysely';
import { prepare } from '../../server/bootstrap';
import { testConfig } from '../../server/config';
import { newId } from '../../server/db/ids';
import { openDatabase } from '../../server/db/open';
import { withTenant } from '../../server/db/tenant-scope';
import { insertRun, QUALITY_BATCH, runQuality, streamSource } from '../../server/quality/index';
import { postgresAdminUrl, postgresDatabase } from './databases';

const TENANT = '100001';
const FORM = 'hypertensionfollowup';
const TOPIC = 'gxy_bp_satisfied';
const RECORDS = Number(process.env.QUALITY_BENCH_RECORDS ?? 20_000);
const ROUNDS = 3;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const memory = () => {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const admin = postgresAdminUrl();
  if ('skipped' in admin) {
    console.log(`bench:quality skipped: no PostgreSQL (${admin.skipped})`);
    return;
  }
  const database = await postgresDatabase(admin.url);
  const opened = await openDatabase({ databaseUrl: database.env.BENCH_DATABASE_URL });
  try {
    const deps = await prepare(opened, testConfig({}));
    // N follow-ups over the demo tenant's archives, as the owner (no tenant scope: no push rows), a third 150/95 marked 控制满意.
    const seedStarted = performance.now();
    await sql`insert into form_record (id, tenant_id, form_code, form_version, arch_id, "values", status, acknowledgements, visit_date,
        next_visit_date, create_user, create_user_name, create_time, update_user, update_user_name, update_time, row_version)
      select (9000000000000000000 + g)::text, ${TENANT}, ${FORM}, 1, a.ids[1 + g % array_length(a.ids, 1)],
        jsonb_build_object('visitDate', to_char(date '2025-01-01' + (g % 365), 'YYYY-MM-DD'), 'visitMethod', '1', 'birthDate', '1960-03-02',
          'age', 65, 'symptoms', jsonb_build_array('1'), 'sbp', case when g % 3 = 0 then 150 else 128 end, 'dbp', case when g % 3 = 0 then 95 else 82 end,
          'bpLevel', '1', 'bpControl', case when g % 3 = 0 then '2' else '1' end, 'height', 165, 'weight', 68, 'targetWeight', 65, 'bmi', 24.98,
          'targetBmi', 23.9, 'heartRate', 72, 'dailySmoking', 0, 'dailyDrinking', 0, 'exerciseTimes', 3, 'exerciseMinutes', 30,
          'saltIntake', '1', 'mentalAdjustment', '1', 'compliance', '1', 'drugCompliance', '0', 'adverseReaction', '1', 'followupClass', '1',
          'referral', '1', 'outcome', '1', 'nextVisitDate', to_char(date '2025-04-01' + (g % 365), 'YYYY-MM-DD'), 'doctorSign', '张伟'),
        1, '[]'::jsonb, date '2025-01-01' + (g % 365), date '2025-04-01' + (g % 365), '2302', '张伟', now(), '2302', '张伟', now(), 1
      from generate_series(1, ${RECORDS}) g,
        (select array_agg(id order by id) as ids from user_archive where tenant_id = ${TENANT} and is_deleted = 0) a`.execute(opened.owner);
    await sql`analyze form_record`.execute(opened.owner);
    console.log(`seeded ${RECORDS.toLocaleString()} follow-ups in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const stream = () =>
      withTenant(TENANT, async () => {
        let n = 0;
        await streamSource(deps.db, TENANT, FORM, false, { kind: 'tenant' }, {}, QUALITY_BATCH, async (rows) => {
          n += rows.length;
        });
        return n;
      });
    const run = () =>
      withTenant(TENANT, async () => {
        const id = newId();
        await insertRun(deps.db, {
          id,
          tenantId: TENANT,
          topicCode: TOPIC,
          scope: { kind: 'tenant' },
          filter: {},
          userId: '2305',
          userName: '陈静',
          time: new Date(),
        });
        await runQuality(deps, { data: { tenantId: TENANT, runId: id }, progress: async () => undefined });
        const r = await sql<{
          checked: number;
          failed_records: number;
        }>`select checked, failed_records from iph_quality_run where id = ${id}`.execute(deps.db);
        return r.rows[0]!;
      });

    // Warm-up (plans, JIT), then rounds alternating the two; peak memory sampled during the runs.
    await stream();
    await run();
    global.gc?.();
    const before = memory();
    let peak = before;
    const sampler = setInterval(() => {
      const m = memory();
      peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heap) };
    }, 20);
    const streamMs: number[] = [];
    const runMs: number[] = [];
    let checked = 0;
    let failing = 0;
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      const n = await stream();
      streamMs.push(performance.now() - t);
      if (n !== RECORDS) throw new Error(`streamed ${n}, expected ${RECORDS}`);
      t = performance.now();
      const r = await run();
      runMs.push(performance.now() - t);
      checked = r.checked;
      failing = r.failed_records;
    }
    clearInterval(sampler);
    const after = memory();
    if (checked !== RECORDS) throw new Error(`checked ${checked}, expected ${RECORDS}`);
    const expectedFailing = Math.floor(RECORDS / 3);
    if (failing !== expectedFailing) throw new Error(`${failing} failing records, expected ${expectedFailing}`);

    const s = median(streamMs);
    const q = median(runMs);
    const ratio = q / s;
    console.log(`\nquality run over ${RECORDS.toLocaleString()} records (PostgreSQL, batches of ${QUALITY_BATCH}, median of ${ROUNDS})`);
    console.log(`  stream only      ${s.toFixed(0).padStart(7)} ms   (${((RECORDS / s) * 1000).toFixed(0)} records/s)`);
    console.log(
      `  quality run      ${q.toFixed(0).padStart(7)} ms   (${((RECORDS / q) * 1000).toFixed(0)} records/s; ${failing.toLocaleString()} failing records written)`,
    );
    console.log(`  ratio            ${ratio.toFixed(2)}×   target ≤ 3×   ${ratio <= 3 ? 'PASS' : 'FAIL'}`);
    console.log(`  memory before    rss ${mb(before.rss)}, heap ${mb(before.heap)}`);
    console.log(`  memory peak      rss ${mb(peak.rss)}, heap ${mb(peak.heap)}`);
    console.log(`  memory after     rss ${mb(after.rss)}, heap ${mb(after.heap)}`);
    await deps.jobs.stop();
  } finally {
    await opened.close();
    await database.dispose();
  }
}

await main();
