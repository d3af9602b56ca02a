import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { goodHypertensionValues } from '../../server/test-support/hypertension-values';
import { startRegionalStandIn, type RegionalStandIn } from '../../server/test-support/regional-stand-in';
import { e2eServerEnv } from './server-env';
import { apiAs, login, shot } from './support';

// 上报管理 across a crash (issue 34, decision 0033): the regional system (a stand-in) keeps a doctor's
// follow-up but never answers; the server is SIGKILLed while it waits, then started again on the
// same data folder; the push is sent again under the same idempotency key and the screen shows
// 已上报 — the record is still there and the regional system holds it once.
// The journey runs its own server (the one playwright.config.ts starts cannot be killed and started
// again from a test): the same command and environment, on E2E_PORT + 501 with a data folder of its
// own, and its own stand-in on E2E_PORT + 502 (E2E_PORT + 500 is push-outbox.spec.ts's).
// Run with E2E_PUSH=1, as scripts/e2e.sh does after the suite.
test.skip(process.env.E2E_PUSH !== '1', 'the push journeys run with E2E_PUSH=1 after the suite');

const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
const APP_PORT = E2E_PORT + 501;
const GW_PORT = E2E_PORT + 502;
const APP = `http://127.0.0.1:${APP_PORT}`;
// login(), apiAs() and page.goto('/…') all reach this journey's server.
test.use({ viewport: { width: 1366, height: 768 }, baseURL: APP });

/**
 * Times that make the crash observable and its repair quick. The push waits 20 s for an answer, so
 * the request is still open when the server is killed a few seconds after it was sent. A job left
 * running by a killed process is retried once the queue finds it expired (JOB_EXPIRE_SECONDS after
 * it began — 15 min by default, shortened here, still above the push's own time limit), looked for
 * every second, retried 1–2 s later. The restart itself takes 15–40 s, most of that expiry.
 */
const TIMING = { PUSH_TIMEOUT_MS: '20000', JOB_EXPIRE_SECONDS: '25', JOB_MAINTENANCE_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '1' };

interface AppServer {
  child: ChildProcess;
  output: () => string;
}

/** Starts the server as playwright.config.ts's webServer does, in a process group of its own. */
function startServer(dataDir: string): AppServer {
  let output = '';
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    // tsx runs the server in a child process of its own: the group lets one signal reach both.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...e2eServerEnv(APP_PORT, dataDir, path.resolve(process.env.E2E_WEB_ROOT ?? 'dist')),
      GW_PUSH_URL: `http://127.0.0.1:${GW_PORT}/gw`,
      ...TIMING,
    },
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => output };
}

/** Resolves once the server is ready (database up, migrations applied); fails if it dies first. */
async function ready(server: AppServer): Promise<void> {
  for (const end = Date.now() + 150_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`the server stopped before it was ready:\n${server.output()}`);
    const answer = await fetch(`${APP}/api/ready`).catch(() => undefined);
    if (answer?.ok) return;
  }
  throw new Error(`the server was not ready within 150 s:\n${server.output()}`);
}

/** SIGKILL to the whole group (tsx and the server under it): no shutdown hook, no queue stop runs. */
async function kill(server: AppServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the group is gone already
  }
  await exited;
}

/** The list's own reload done (no spinner, no dimmed table, no 查询 in progress): the picture shows the rows. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-spin-blur, .ant-btn-loading')).toHaveCount(0);
}

interface PushRow {
  id: string;
  sourceId: string;
  state: number;
  stateText: string;
  attempts: number;
  idempotencyKey: string;
  externalId: string;
}

test('a server killed mid-push loses nothing and pushes nothing twice', async ({ page, request }) => {
  // Two server starts (the first prepares a new database) and the queue's expiry.
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-e2e-kill-'));
  let gw: RegionalStandIn | undefined;
  let server: AppServer | undefined;
  try {
    gw = await startRegionalStandIn({ port: GW_PORT });
    // The regional system keeps what it is sent and never answers: the server waits when killed.
    gw.mode = 'keep-then-hang';
    server = startServer(dataDir);
    await ready(server);

    await login(page, 'doctor');
    const api = await apiAs(page.context(), request);
    const list = (await api.get('commuserarchives/new-list?crowdLabel=hypertension&size=5')) as {
      records: { id: string; birthday: string; personName: string }[];
    };
    const archive = list.records[0]!;
    const visitDate = new Date(Date.now() - 30 * 86_400_000).toLocaleDateString('sv-SE');
    const saved = (await api.post('userfollowup/high-blood-pressure-follow-up', {
      archId: archive.id,
      values: goodHypertensionValues({ visitDate, birthDate: archive.birthday, nextVisitDate: '2099-03-15', doctorSign: '张伟' }),
    })) as { id: string };
    // The regional system has the record; its answer never comes.
    await expect.poll(() => gw!.recordsOf(saved.id), { timeout: 20_000 }).toBe(1);

    await page.goto('/submission_management/index');
    await page.getByLabel('居民姓名').fill(archive.personName);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(`${archive.personName}.*${visitDate}`) });
    await expect(row).toContainText('上报中');
    const outboxRow = async () => {
      const rows = (await api.get(`pushoutbox/list?kind=followup&size=50&personName=${encodeURIComponent(archive.personName)}`)) as {
        records: PushRow[];
      };
      return rows.records.find((r) => r.sourceId === saved.id);
    };
    const before = (await outboxRow())!;
    expect(before).toMatchObject({ state: 1, attempts: 1, idempotencyKey: `GW:${saved.id}:v1` });
    // Killed during the first attempt: one delivery so far, its request still open.
    expect(gw.deliveries.filter((k) => k === before.idempotencyKey)).toHaveLength(1);
    await settled(page);
    await shot(page, 'push-restart-running');

    await kill(server);
    // The regional system answers again; the same server starts on the same folder and port.
    gw.mode = 'ok';
    server = startServer(dataDir);
    await ready(server);

    // The session outlived the crash (sessions and the token key live in the database): a reload
    // is enough, no new login. The list's filter is the page's state, so it is given again.
    await page.reload();
    await expect(page).toHaveURL(/\/submission_management\/index$/);
    await page.getByLabel('居民姓名').fill(archive.personName);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    // The list refreshes itself while a row is in flight; the expired attempt is retried.
    await expect(row).toContainText('已上报', { timeout: 90_000 });
    await expect(row).toContainText('上报于');
    await settled(page);
    await shot(page, 'push-restart-reported');

    // Nothing lost: the follow-up is there, once, as saved.
    const record = (await api.get(`userfollowup/detail?id=${saved.id}`)) as { id: string; visitDate: string };
    expect(record).toMatchObject({ id: saved.id });
    const ofResident = (await api.get(`userfollowup/list-by-param?archId=${archive.id}`)) as { id: string; visitDate: string }[];
    expect(ofResident.filter((r) => r.visitDate?.startsWith(visitDate))).toHaveLength(1);
    // Nothing twice: one outbox row, 已上报 under the same key (same version), sent again under that
    // key only, and the regional system holds one record for it, with the id it gave the first time.
    const after = (await outboxRow())!;
    expect(after).toMatchObject({ id: before.id, state: 2, stateText: '已上报', idempotencyKey: before.idempotencyKey });
    expect(after.attempts).toBeGreaterThanOrEqual(2);
    expect(gw.deliveries.filter((k) => k === before.idempotencyKey).length).toBeGreaterThanOrEqual(2);
    expect(gw.deliveries.every((k) => k === before.idempotencyKey)).toBe(true);
    expect(gw.recordsOf(saved.id)).toBe(1);
    expect(after.externalId).toBe(gw.records.get(before.idempotencyKey)!.externalId);
  } finally {
    if (server) await kill(server);
    await gw?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
