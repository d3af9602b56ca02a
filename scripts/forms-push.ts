// `npm run forms:push -- --server URL [--form CODE] --note "…" [--root DIR] [--tenant 100001 --user admin --password …]`:
// checks a form's files as forms:check and rules:test do (formatting, meta-schemas with file and
// line, compile, cases), then form/import (new form, or the working copy of form/list's id) and
// form/publish. Without --form: every form whose files git shows as changed. Exit 1 on any refusal.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readFormFileTexts, type CasesFile } from '../src/engine';
import { checkForms } from './forms/check-forms';
import { formCodeOfFile } from './forms/form-files';
import { nonCanonicalFiles } from './forms/format';
import { login, RemoteRefusal, type Remote } from './forms/remote';
import { formatFailure, runCasesFile } from './forms/run-cases';

const { values: a } = parseArgs({
  options: {
    server: { type: 'string' },
    form: { type: 'string' },
    note: { type: 'string' },
    root: { type: 'string' },
    tenant: { type: 'string', default: '100001' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string' },
  },
});
const password = a.password ?? process.env.FORMS_PASSWORD;
if (!a.server || !a.note || !password) {
  console.error(
    '用法: npm run forms:push -- --server http://host:port [--form CODE] --note "变更说明" [--tenant 100001] [--user admin] --password … (或环境变量 FORMS_PASSWORD)',
  );
  process.exit(2);
}
const root = a.root ?? fileURLToPath(new URL('..', import.meta.url));

function changedForms(): string[] {
  const git = (args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const names = [
    ...git(['diff', '--name-only', 'HEAD', '--', 'schemas', 'rules']),
    ...git(['ls-files', '--others', '--exclude-standard', '--', 'schemas', 'rules']),
  ];
  return [...new Set(names.filter((n) => n.endsWith('.json')).map(formCodeOfFile))]
    .filter((c) => existsSync(path.join(root, 'schemas', `${c}.json`)))
    .sort();
}

/** The problems forms:check and rules:test would report for one form, as sentences. */
function problemsOf(code: string): string[] {
  const names = [`schemas/${code}.json`, `rules/${code}.rules.json`, `rules/${code}.cases.json`].filter((n) =>
    existsSync(path.join(root, n)),
  );
  const read = readFormFileTexts(names.map((name) => ({ name, text: readFileSync(path.join(root, name), 'utf8') })));
  if (!read.ok) return read.problems.map((p) => p.text);
  const out = nonCanonicalFiles(root)
    .filter((f) => names.includes(f.name))
    .map((f) => `${f.name}: 格式不规范: 运行 npm run forms:format`);
  const report = checkForms(root);
  out.push(
    ...report.problems.filter((p) => p.severity === 'error' && names.some((n) => p.file.includes(n))).map((p) => `${p.file}: ${p.text}`),
  );
  const form = report.forms.find((f) => f.formCode === code);
  const cases = report.cases.get(code);
  if (form?.compiled && cases)
    for (const r of runCasesFile(form, cases.data as CasesFile, report.codemaps)) if (r.failures.length) out.push(formatFailure(r));
  return out;
}

async function push(remote: Remote, code: string): Promise<string> {
  const names = [`schemas/${code}.json`, `rules/${code}.rules.json`, `rules/${code}.cases.json`].filter((n) =>
    existsSync(path.join(root, n)),
  );
  const files = names.map((name) => ({ name, text: readFileSync(path.join(root, name), 'utf8') }));
  const listed = await remote.get<{ records: { id: string; formCode: string; rowVersion: number }[] }>('list', {
    formCode: code,
    size: 200,
  });
  const existing = listed.records.find((r) => r.formCode === code);
  // An update names the version it read: a change made in the designer meanwhile answers 409, not lost.
  const imported = await remote.post<{ id: string }>('import', undefined, {
    files,
    ...(existing && { id: existing.id, rowVersion: existing.rowVersion }),
  });
  const published = await remote.post<{ version: number }>('publish', { id: imported.data.id, note: a.note }, undefined);
  return published.msg || `版本 ${published.data.version}`;
}

const codes = a.form ? [a.form] : changedForms();
if (codes.length === 0) console.log('forms:push: 没有改动的表单');
let failed = 0;
let remote: Remote | undefined;
for (const code of codes) {
  const problems = problemsOf(code);
  if (problems.length) {
    failed++;
    for (const p of problems) console.log(`✗ ${p}`);
    console.log(`✗ ${code}: 未发布`);
    continue;
  }
  try {
    remote ??= await login({ server: a.server, tenant: a.tenant!, user: a.user!, password });
    console.log(`✓ ${code}: ${await push(remote, code)}`);
  } catch (e) {
    failed++;
    console.log(`✗ ${code}: ${e instanceof RemoteRefusal || e instanceof Error ? e.message : String(e)}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
