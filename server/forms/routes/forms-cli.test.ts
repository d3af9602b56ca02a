// forms:push and forms:pull (scripts/forms-push.ts, forms-pull.ts) against a real server on a free
// port: the bundled hypertension follow-up under a new code goes up and comes back byte for byte;
// a file with an error is refused with its file and line and nothing is published.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs } from './form-test-support';

const run = promisify(execFile);
const project = process.cwd();
const tsx = path.join(project, 'node_modules/.bin/tsx');
const CODE = 'hfclitest';
const NAMES = [`schemas/${CODE}.json`, `rules/${CODE}.rules.json`, `rules/${CODE}.cases.json`];

let t: TestApp;
let server: string;
const temps: string[] = [];

/** A project folder with the bundled hypertensionfollowup files renamed to `code`, and the code maps. */
function folderWith(code: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forms-cli-'));
  temps.push(dir);
  mkdirSync(path.join(dir, 'schemas'));
  mkdirSync(path.join(dir, 'rules'));
  cpSync(path.join(project, 'codemaps'), path.join(dir, 'codemaps'), { recursive: true });
  for (const [from, to] of [
    ['schemas/hypertensionfollowup.json', `schemas/${code}.json`],
    ['rules/hypertensionfollowup.rules.json', `rules/${code}.rules.json`],
    ['rules/hypertensionfollowup.cases.json', `rules/${code}.cases.json`],
  ] as const) {
    const text = readFileSync(path.join(project, from), 'utf8').replace('"formCode": "hypertensionfollowup"', `"formCode": "${code}"`);
    writeFileSync(path.join(dir, to), text);
  }
  return dir;
}

async function cli(script: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [path.join(project, 'scripts', script), '--server', server, ...args], {
      cwd: project,
      env: { ...process.env, FORMS_PASSWORD: SEED_PASSWORD },
    });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  server = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('forms:push then forms:pull', () => {
  it('publishes the files and pulls them back byte for byte', async () => {
    const src = folderWith(CODE);
    const pushed = await cli('forms-push.ts', ['--root', src, '--form', CODE, '--note', '随访表初版']);
    expect(pushed.out).toContain(`✓ ${CODE}: 发布成功, 版本 1`);
    expect(pushed.code).toBe(0);

    const out = mkdtempSync(path.join(os.tmpdir(), 'forms-cli-pull-'));
    temps.push(out);
    const pulled = await cli('forms-pull.ts', ['--form', CODE, '--out', out]);
    expect(pulled.code).toBe(0);
    for (const name of NAMES) expect(readFileSync(path.join(out, name), 'utf8'), name).toBe(readFileSync(path.join(src, name), 'utf8'));

    // Pushed again unchanged: the same form's working copy, no new version.
    const again = await cli('forms-push.ts', ['--root', src, '--form', CODE, '--note', '无变化']);
    expect(again.out).toContain('表单内容没有变化, 当前版本仍为 1');

    // Version 2 with another name and one case more; pulled with --version 1, the files are version
    // 1's as published — its cases too, not the working copy's.
    const v1 = Object.fromEntries(NAMES.map((n) => [n, readFileSync(path.join(src, n), 'utf8')]));
    const schema = path.join(src, `schemas/${CODE}.json`);
    writeFileSync(schema, readFileSync(schema, 'utf8').replace(/"formName": "([^"]*)"/, '"formName": "$1(第二版)"'));
    const casesFile = path.join(src, `rules/${CODE}.cases.json`);
    const casesDoc = JSON.parse(readFileSync(casesFile, 'utf8')) as { cases: { name: string }[] };
    casesDoc.cases.push({ ...casesDoc.cases[0]!, name: '第二版新增的用例' });
    writeFileSync(casesFile, `${JSON.stringify(casesDoc, null, 2)}\n`);
    const second = await cli('forms-push.ts', ['--root', src, '--form', CODE, '--note', '第二版']);
    expect(second.out).toContain(`✓ ${CODE}: 发布成功, 版本 2`);
    const old = mkdtempSync(path.join(os.tmpdir(), 'forms-cli-pull-'));
    temps.push(old);
    expect((await cli('forms-pull.ts', ['--form', CODE, '--version', '1', '--out', old])).code).toBe(0);
    for (const name of NAMES) expect(readFileSync(path.join(old, name), 'utf8'), name).toBe(v1[name]);
  }, 90_000);

  it('refuses a file with an error, naming file and line, and publishes nothing', async () => {
    const code = `${CODE}bad`;
    const src = folderWith(code);
    const file = path.join(src, `rules/${code}.rules.json`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"kind": "calc"', '"kind": "calcx"'));
    const pushed = await cli('forms-push.ts', ['--root', src, '--form', code, '--note', '有错']);
    expect(pushed.code).toBe(1);
    expect(pushed.out).toMatch(new RegExp(`rules/${code}\\.rules\\.json 第\\d+行 /rules/\\d+/kind`));
    expect(pushed.out).toContain(`✗ ${code}: 未发布`);
    const admin = await loginAs(t.app, 'admin');
    const versions = await admin.get(`/api/blade-iph-business/form/versions?formCode=${code}`);
    expect(versions.body.data).toEqual([]);
    const listed = await admin.get(`/api/blade-iph-business/form/list?formCode=${code}`);
    expect((listed.body.data as { records: unknown[] }).records).toEqual([]);
  }, 60_000);
});
