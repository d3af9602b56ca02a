// `npm run bench:pdf`: a hypertension follow-up printed as its paper form (userfollowup/pdf-print)
// against answering the same record's JSON detail (formrecord/detail?withForm=1, what the follow-up
// page reads to show it), in one process on an in-memory PGlite with the seed's demo data. Prints the
// PDF's bytes (target ≤ 300 KB: the font is a per-document subset) and the median times of both
// calls over ITERATIONS alternating rounds, and their ratio. The first PDF (the font read from disk)
// is timed apart. Reports, does not gate: always exits 0 unless an answer is wrong.
import { buildApp } from '../../server/app';
import { prepare } from '../../server/bootstrap';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { injectLogin } from './login';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const MAX_BYTES = 300 * 1024;
const API = '/api/blade-iph-business';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;

async function main() {
  const opened = await openDatabase({});
  const deps = await prepare(opened, testConfig());
  const app = await buildApp(deps);
  await app.ready();
  try {
    const headers = await injectLogin(app, '100001', 'doctor');
    const archives = (
      await app.inject({ method: 'GET', url: `${API}/commuserarchives/new-list?crowdLabel=hypertension&size=1`, headers })
    ).json() as {
      data: { records: { id: string; birthday: string }[] };
    };
    const archive = archives.data.records[0]!;
    const saved = (
      await app.inject({
        method: 'POST',
        url: `${API}/userfollowup/high-blood-pressure-follow-up`,
        headers,
        payload: {
          archId: archive.id,
          values: {
            visitDate: '2024-06-10',
            visitMethod: '1',
            birthDate: archive.birthday,
            symptoms: ['1'],
            symptomOther: '偶有头晕，晨起明显',
            sbp: 132,
            dbp: 84,
            height: 165,
            weight: 68,
            heartRate: 72,
            saltIntake: '2',
            drugCompliance: '0',
            adverseReaction: '1',
            followupClass: '1',
            referral: '1',
            outcome: '1',
            nextVisitDate: '2024-09-10',
            doctorSign: '张伟',
          },
        },
      })
    ).json() as { success: boolean; msg: string; data: { followId: string } };
    if (!saved.success) throw new Error(`the follow-up was not saved: ${saved.msg}`);
    const id = saved.data.followId;

    const detail = async () => {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: `${API}/formrecord/detail?id=${id}&withForm=1`, headers });
      const ms = performance.now() - t;
      if (res.statusCode !== 200 || !(res.json() as { success: boolean }).success) throw new Error(`detail answered ${res.statusCode}`);
      return ms;
    };
    const pdf = async () => {
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: `${API}/userfollowup/pdf-print?id=${id}`, headers });
      const ms = performance.now() - t;
      if (res.statusCode !== 200 || res.headers['content-type'] !== 'application/pdf')
        throw new Error(`pdf-print answered ${res.statusCode}`);
      return { ms, bytes: res.rawPayload.length };
    };

    const first = await pdf();
    await detail();
    const pdfMs: number[] = [];
    const detailMs: number[] = [];
    let bytes = first.bytes;
    for (let i = 0; i < ITERATIONS; i++) {
      detailMs.push(await detail());
      const p = await pdf();
      pdfMs.push(p.ms);
      if (p.bytes !== bytes) throw new Error(`the same record printed to ${p.bytes} bytes after ${bytes}: not deterministic`);
      bytes = p.bytes;
    }
    const ratio = median(pdfMs) / median(detailMs);
    console.log(`bench:pdf — hypertension follow-up ${id}, ${ITERATIONS} rounds (PGlite in memory, one process)`);
    console.log(
      `  PDF bytes            ${bytes.toLocaleString('en')} (${(bytes / 1024).toFixed(1)} KB; target ≤ 300 KB: ${bytes <= MAX_BYTES ? 'PASS' : 'FAIL'})`,
    );
    console.log(`  first PDF (font read) ${first.ms.toFixed(1)} ms`);
    console.log(`  pdf-print            median ${median(pdfMs).toFixed(1)} ms, p90 ${p90(pdfMs).toFixed(1)} ms`);
    console.log(`  formrecord/detail    median ${median(detailMs).toFixed(1)} ms, p90 ${p90(detailMs).toFixed(1)} ms`);
    console.log(`  ratio pdf / detail   ${ratio.toFixed(1)}×`);
  } finally {
    await app.close();
    await opened.close();
  }
}

await main();
