// `npm run bench:pdf`: a hypertension follow-up printed as its paper form (userfollowup/pdf-print)
// against showing the same record on screen — the follow-up form rendered with the record's values
// in Chromium (the bench page of bench:runtime, ?subject=printed), until its rows are painted — and
// against answering the record's JSON detail (formrecord/detail?withForm=1, what the follow-up page
// reads before it renders). The server runs in this process on an in-memory PGlite with the seed's
// demo data. Prints the PDF's bytes (target ≤ 300 KB: the font is a per-document subset) and the
// medians of the three over ITERATIONS alternating rounds, and the ratios. The first PDF (the font
// read from disk) is timed apart. Exits 1 when the PDF is over 300 KB or an answer is wrong.
import { buildApp } from '../../server/app';
import { prepare } from '../../server/bootstrap';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { goodHypertensionValues } from '../../server/test-support/hypertension-values';
import { buildBenchPage, launchChromium, measureRender, serveBenchPage } from '../runtime/page-harness';
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
    // The tests' follow-up with the archive's birth date and a few rows more filled, so the page has text in them.
    const values = goodHypertensionValues({
      birthDate: archive.birthday,
      symptomOther: '偶有头晕，晨起明显',
      saltIntake: '2',
      doctorSign: '张伟',
    });
    const saved = (
      await app.inject({
        method: 'POST',
        url: `${API}/userfollowup/high-blood-pressure-follow-up`,
        headers,
        payload: { archId: archive.id, values },
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

    console.log('bench:pdf — building the bench page…');
    await buildBenchPage();
    const pageServer = await serveBenchPage();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      const screenQuery = `variant=engine&subject=printed&values=${encodeURIComponent(JSON.stringify(values))}`;
      const screen = async () => (await measureRender(page, screenQuery)).frameMs;

      const first = await pdf();
      await detail();
      await screen(); // warms the page's HTTP and compile caches, like the first PDF is apart
      const pdfMs: number[] = [];
      const detailMs: number[] = [];
      const screenMs: number[] = [];
      let bytes = first.bytes;
      for (let i = 0; i < ITERATIONS; i++) {
        detailMs.push(await detail());
        screenMs.push(await screen());
        const p = await pdf();
        pdfMs.push(p.ms);
        if (p.bytes !== bytes) throw new Error(`the same record printed to ${p.bytes} bytes after ${bytes}: not deterministic`);
        bytes = p.bytes;
      }
      const sizeOk = bytes <= MAX_BYTES;
      console.log(`bench:pdf — hypertension follow-up ${id}, ${ITERATIONS} rounds (PGlite in memory, Chromium beside it)`);
      console.log(
        `  PDF bytes              ${bytes.toLocaleString('en')} (${(bytes / 1024).toFixed(1)} KB; target ≤ 300 KB: ${sizeOk ? 'PASS' : 'FAIL'})`,
      );
      console.log(`  first PDF (font read)  ${first.ms.toFixed(1)} ms`);
      console.log(`  pdf-print              median ${median(pdfMs).toFixed(1)} ms, p90 ${p90(pdfMs).toFixed(1)} ms`);
      console.log(`  screen, rows painted   median ${median(screenMs).toFixed(1)} ms, p90 ${p90(screenMs).toFixed(1)} ms`);
      console.log(`  formrecord/detail      median ${median(detailMs).toFixed(1)} ms, p90 ${p90(detailMs).toFixed(1)} ms`);
      console.log(`  ratio pdf / screen     ${(median(pdfMs) / median(screenMs)).toFixed(2)}×`);
      console.log(`  ratio pdf / detail     ${(median(pdfMs) / median(detailMs)).toFixed(1)}×`);
      if (!sizeOk) process.exitCode = 1;
    } finally {
      await browser.close();
      pageServer.close();
    }
  } finally {
    await app.close();
    await opened.close();
  }
}

await main();
