// forms:push and forms:pull (scripts/forms-push.ts, forms-pull.ts) against a real server on a free
// port: the bundled hypertension follow-up under a new code goes up and comes back byte for byte;
// a file with an error is refused with its file and line and nothing is published; a push names the
// version its files were pulled from (forms.pulled.json), so a version published meanwhile or a
// designer's unpublished draft is not overwritten; a cases-only change is published and pulled back;
// without --form the files are compared with the server, not with git.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** An empty project folder with the code maps, as a clone holds them. */
function emptyFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forms-cli-clone-'));
  temps.push(dir);
  cpSync(path.join(project, 'codemaps'), path.join(dir, 'codemaps'), { recursive: true });
  return dir;
}

/** Rewrites a file of a folder. */
function edit(dir: string, name: string, change: (text: string) => string): void {
  const file = path.join(dir, name);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

const formName = (dir: string, code: string) =>
  (JSON.parse(readFileSync(path.join(dir, `schemas/${code}.json`), 'utf8')) as { formName: string }).formName;

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
    expect(pushed.out).toMatch(new RegExp(`rules/${code}\\.rules\\.json:\\d+:\\d+ /rules/\\d+/kind: `));
    expect(pushed.out).not.toContain('✗ ✗');
    expect(pushed.out).toContain(`✗ ${code}: 未发布`);
    const admin = await loginAs(t.app, 'admin');
    const versions = await admin.get(`/api/blade-iph-business/form/versions?formCode=${code}`);
    expect(versions.body.data).toEqual([]);
    const listed = await admin.get(`/api/blade-iph-business/form/list?formCode=${code}`);
    expect((listed.body.data as { records: unknown[] }).records).toEqual([]);
  }, 60_000);

  it('refuses the second of two clones that pulled the same version, naming the first one’s change', async () => {
    const code = `${CODE}race`;
    const src = folderWith(code);
    expect((await cli('forms-push.ts', ['--root', src, '--form', code, '--note', '初版'])).code).toBe(0);
    const [a, b] = [emptyFolder(), emptyFolder()];
    for (const dir of [a, b]) expect((await cli('forms-pull.ts', ['--form', code, '--out', dir])).code).toBe(0);
    const record = JSON.parse(readFileSync(path.join(a, 'forms.pulled.json'), 'utf8')) as { servers: { server: string; forms: object }[] };
    expect(record.servers).toEqual([{ server, tenant: '100001', forms: { [code]: 1 } }]);

    edit(a, `schemas/${code}.json`, (t) => t.replace(/"formName": "([^"]*)"/, '"formName": "$1(甲改)"'));
    const first = await cli('forms-push.ts', ['--root', a, '--form', code, '--note', '甲的修改']);
    expect(first.out).toContain(`✓ ${code}: 发布成功, 版本 2`);
    expect(JSON.parse(readFileSync(path.join(a, 'forms.pulled.json'), 'utf8'))).toMatchObject({ servers: [{ forms: { [code]: 2 } }] });

    edit(b, `schemas/${code}.json`, (t) => t.replace(/"formName": "([^"]*)"/, '"formName": "$1(乙改)"'));
    const second = await cli('forms-push.ts', ['--root', b, '--form', code, '--note', '乙的修改']);
    expect(second.code).toBe(1);
    expect(second.out).toContain('版本 2');
    expect(second.out).toContain('甲的修改');
    expect(second.out).toContain(`✗ ${code}: `);
    const admin = await loginAs(t.app, 'admin');
    const versions = (await admin.get(`/api/blade-iph-business/form/versions?formCode=${code}`)).body.data as { version: number }[];
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const latest = (await admin.get(`/api/blade-iph-business/form/version?formCode=${code}`)).body.data as { formName: string };
    expect(latest.formName).toBe(formName(a, code));

    // A folder with the form's files but no record of where they came from is refused before any call changes anything.
    const stray = folderWith(code);
    const unrecorded = await cli('forms-push.ts', ['--root', stray, '--form', code, '--note', '没有记录']);
    expect(unrecorded.code).toBe(1);
    expect(unrecorded.out).toContain(`表单 ${code} 没有拉取记录：请先 npm run forms:pull -- --form ${code}`);
  }, 120_000);

  it('refuses to overwrite a designer’s unpublished working copy unless --overwrite-draft', async () => {
    const code = `${CODE}draft`;
    const src = folderWith(code);
    expect((await cli('forms-push.ts', ['--root', src, '--form', code, '--note', '初版'])).code).toBe(0);
    const admin = await loginAs(t.app, 'admin');
    const listed = (await admin.get(`/api/blade-iph-business/form/list?formCode=${code}`)).body.data as { records: { id: string }[] };
    const id = listed.records[0]!.id;
    const detail = (await admin.get(`/api/blade-iph-business/form/detail?id=${id}`)).body.data as {
      rowVersion: number;
      document: { formName: string };
    };
    const saved = await admin.post('/api/blade-iph-business/form/submit', {
      id,
      rowVersion: detail.rowVersion,
      document: { ...detail.document, formName: `${detail.document.formName}(设计器草稿)` },
    });
    expect(saved.body.success).toBe(true);

    edit(src, `schemas/${code}.json`, (t) => t.replace(/"formName": "([^"]*)"/, '"formName": "$1(分析员改)"'));
    const refused = await cli('forms-push.ts', ['--root', src, '--form', code, '--note', '覆盖草稿？']);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('--overwrite-draft');
    expect(refused.out).not.toContain('表单内容没有变化');
    const still = (await admin.get(`/api/blade-iph-business/form/detail?id=${id}`)).body.data as { document: { formName: string } };
    expect(still.document.formName).toContain('(设计器草稿)');

    const forced = await cli('forms-push.ts', ['--root', src, '--form', code, '--note', '覆盖草稿', '--overwrite-draft']);
    expect(forced.out).toContain(`✓ ${code}: 发布成功, 版本 2`);
    expect(forced.code).toBe(0);
  }, 120_000);

  it('publishes a push that changes only the cases, and the next pull keeps the new case', async () => {
    const code = `${CODE}cases`;
    const src = folderWith(code);
    const casesName = `rules/${code}.cases.json`;
    const cases = JSON.parse(readFileSync(path.join(src, casesName), 'utf8')) as { cases: { name: string }[] };
    // Version 1 without cases: the pull still writes the cases file, empty, to add cases to.
    rmSync(path.join(src, casesName));
    expect((await cli('forms-push.ts', ['--root', src, '--form', code, '--note', '初版'])).code).toBe(0);
    const first = emptyFolder();
    expect((await cli('forms-pull.ts', ['--form', code, '--out', first])).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(first, casesName), 'utf8'))).toMatchObject({ formCode: code, cases: [] });

    cases.cases.push({ ...cases.cases[0]!, name: '只加了一个用例' });
    writeFileSync(path.join(src, casesName), `${JSON.stringify(cases, null, 2)}\n`);
    const pushed = await cli('forms-push.ts', ['--root', src, '--form', code, '--note', '只改用例']);
    expect(pushed.out).toContain(`✓ ${code}: 发布成功, 版本 2`);

    const out = emptyFolder();
    expect((await cli('forms-pull.ts', ['--form', code, '--out', out])).code).toBe(0);
    expect(readFileSync(path.join(out, casesName), 'utf8')).toContain('只加了一个用例');
    expect(readFileSync(path.join(out, casesName), 'utf8')).toBe(readFileSync(path.join(src, casesName), 'utf8'));
  }, 120_000);

  it('pushes without --form what differs from the server, also after a commit', async () => {
    const [x, y] = [`${CODE}gitx`, `${CODE}gity`];
    const src = folderWith(x);
    for (const [from, to] of [
      [`schemas/${x}.json`, `schemas/${y}.json`],
      [`rules/${x}.rules.json`, `rules/${y}.rules.json`],
      [`rules/${x}.cases.json`, `rules/${y}.cases.json`],
    ] as const)
      writeFileSync(path.join(src, to), readFileSync(path.join(src, from), 'utf8').replace(`"formCode": "${x}"`, `"formCode": "${y}"`));
    const first = await cli('forms-push.ts', ['--root', src, '--note', '初版']);
    expect(first.out).toContain(`✓ ${x}: 发布成功, 版本 1`);
    expect(first.out).toContain(`✓ ${y}: 发布成功, 版本 1`);
    expect(first.code).toBe(0);

    const git = (...args: string[]) => execFileSync('git', args, { cwd: src, encoding: 'utf8' });
    git('init', '-q');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'v1');
    edit(src, `schemas/${x}.json`, (t) => t.replace(/"formName": "([^"]*)"/, '"formName": "$1(提交后)"'));
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-am', 'x changed');

    const pushed = await cli('forms-push.ts', ['--root', src, '--note', '提交后再推送']);
    expect(pushed.out).toContain(`✓ ${x}: 发布成功, 版本 2`);
    expect(pushed.out).not.toContain(`✓ ${y}`);
    expect(pushed.out).toContain('1 个表单与服务器一致，1 个有改动');
    expect(pushed.code).toBe(0);
    const admin = await loginAs(t.app, 'admin');
    const versionsOf = async (code: string) =>
      ((await admin.get(`/api/blade-iph-business/form/versions?formCode=${code}`)).body.data as { version: number }[]).length;
    expect(await versionsOf(x)).toBe(2);
    expect(await versionsOf(y)).toBe(1);
    expect(existsSync(path.join(src, 'forms.pulled.json'))).toBe(true);
  }, 180_000);

  it('pushes the dictionaries file with the others and pulls it back byte for byte', async () => {
    const code = `${CODE}dicts`;
    const src = folderWith(code);
    edit(src, `schemas/${code}.json`, (text) => {
      const doc = JSON.parse(text) as { fields: object[] };
      doc.fields.push({ fieldProp: 'cliPlace', fieldLabel: '随访地点', fieldType: 2, bizCode: 'cli_place' });
      return `${JSON.stringify(doc, null, 2)}\n`;
    });
    const dicts = {
      $schema: '../src/engine/document/dicts-file.schema.json',
      formCode: code,
      dictionaries: {
        cli_place: {
          name: '随访地点',
          items: [
            { value: '1', label: '门诊' },
            { value: '2', label: '家中' },
          ],
        },
      },
    };
    writeFileSync(path.join(src, `rules/${code}.dicts.json`), `${JSON.stringify(dicts, null, 2)}\n`);
    const pushed = await cli('forms-push.ts', ['--root', src, '--form', code, '--note', '带字典']);
    expect(pushed.out).toContain(`✓ ${code}: 发布成功, 版本 1`);
    const out = emptyFolder();
    expect((await cli('forms-pull.ts', ['--form', code, '--out', out])).code).toBe(0);
    for (const name of [...NAMES.map((n) => n.replace(CODE, code)), `rules/${code}.dicts.json`])
      expect(readFileSync(path.join(out, name), 'utf8'), name).toBe(readFileSync(path.join(src, name), 'utf8'));
  }, 120_000);
});
