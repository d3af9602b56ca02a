// `npm run forms:push -- --server URL [--form CODE] --note "…" [--overwrite-draft] [--root DIR] [--tenant 100001 --user admin --password …]`:
// checks a form's files as forms:check and rules:test do (formatting, meta-schemas, repeated keys and
// fields, compile, the cases against the form, the cases run), then form/import and form/publish.
// The import names its base: the version forms.pulled.json records for this server and tenant (0
// for a form the server does not have), so a version someone published since is a conflict (409,
// printed whole: which version, who, when, note) instead of being silently reverted; a working copy
// with unpublished designer changes is refused too unless --overwrite-draft. Without --form: every
// form of schemas/ whose files differ from the server's latest version (or that the server lacks).
// The record is updated to the version published. Exit 1 on any refusal.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CasesFile, FormFileText } from '../src/engine';
import { checkForms, formatProblem, type CheckReport } from './forms/check-forms';
import { formFileNames } from './forms/form-files';
import { nonCanonicalFiles } from './forms/format';
import { pulledVersion, readPulled, recordPulled, PULLED_FILE } from './forms/pulled';
import { latestPublished, login, RemoteRefusal, versionFiles, type Remote } from './forms/remote';
import { formatFailure, runCasesFile } from './forms/run-cases';

const { values: a } = parseArgs({
  options: {
    server: { type: 'string' },
    form: { type: 'string' },
    note: { type: 'string' },
    root: { type: 'string' },
    'overwrite-draft': { type: 'boolean', default: false },
    tenant: { type: 'string', default: '100001' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string' },
  },
});
const password = a.password ?? process.env.FORMS_PASSWORD;
if (!a.server || !a.note || !password) {
  console.error(
    '用法: npm run forms:push -- --server http://host:port [--form CODE] --note "变更说明" [--overwrite-draft] [--tenant 100001] [--user admin] --password … (或环境变量 FORMS_PASSWORD)',
  );
  process.exit(2);
}
const server = a.server;
const tenant = a.tenant!;
const root = a.root ?? fileURLToPath(new URL('..', import.meta.url));

/** Every form of schemas/ (schemas/crud/ holds screens, not forms). */
function allForms(): string[] {
  const dir = path.join(root, 'schemas');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => e.name.replace(/\.json$/, ''))
    .sort();
}

/** The lines forms:check and rules:test would print against one form, errors only. */
function problemsOf(report: CheckReport, canonical: ReadonlySet<string>, code: string): string[] {
  const names = formFileNames(root, code);
  const out = names
    .filter((n) => canonical.has(n))
    .map((n) => formatProblem({ file: n, severity: 'error', text: '格式不规范: 运行 npm run forms:format' }));
  out.push(...report.problems.filter((p) => p.severity === 'error' && names.includes(p.file)).map(formatProblem));
  if (!names.includes(`schemas/${code}.json`))
    out.push(formatProblem({ file: `schemas/${code}.json`, severity: 'error', text: '文件不存在' }));
  const form = report.forms.find((f) => f.formCode === code);
  const cases = report.cases.get(code);
  if (out.length === 0 && form?.compiled && cases) {
    const skip = new Set((report.caseProblems.get(code) ?? []).map((p) => p.caseIndex));
    for (const r of runCasesFile(form, cases.data as CasesFile, report.codemaps, skip))
      if (r.failures.length) out.push(formatFailure(r, cases));
  }
  return out;
}

const readLocal = (code: string): FormFileText[] =>
  formFileNames(root, code).map((name) => ({ name, text: readFileSync(path.join(root, name), 'utf8') }));

/** The files as a comparable map; a cases file with no case is the same as none (pull writes one, a push may not have it). */
function comparable(files: readonly FormFileText[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of files) {
    if (f.name.endsWith('.cases.json')) {
      try {
        if ((JSON.parse(f.text) as { cases?: unknown[] }).cases?.length === 0) continue;
      } catch {
        // not JSON: compared as text
      }
    }
    out.set(f.name, f.text);
  }
  return out;
}

function sameFiles(local: readonly FormFileText[], remote: readonly FormFileText[]): boolean {
  const l = comparable(local);
  const r = comparable(remote);
  return l.size === r.size && [...l].every(([name, text]) => r.get(name) === text);
}

/** A refusal with what the server said about it: the versions published since, the draft's author. */
function refusalLines(e: RemoteRefusal): string[] {
  const out = [e.message];
  const data = (e.data ?? {}) as {
    latestVersion?: number;
    since?: { version: number; publishedByName?: string; publishedAt?: string; note?: string | null }[];
    updateUserName?: string;
    updateTime?: string;
  };
  for (const v of data.since ?? [])
    out.push(`    版本 ${v.version}  ${v.publishedByName ?? ''}  ${v.publishedAt ?? ''}  ${v.note ?? '（无说明）'}`.trimEnd());
  if (data.updateUserName !== undefined && !e.message.includes('--overwrite-draft'))
    out.push(`    未发布的修改: ${data.updateUserName} ${data.updateTime ?? ''}；确认覆盖请加 --overwrite-draft`);
  return out;
}

async function push(remote: Remote, code: string, files: FormFileText[], baseVersion: number): Promise<string> {
  const listed = await remote.get<{ records: { id: string; formCode: string; rowVersion: number }[] }>('list', {
    formCode: code,
    size: 200,
  });
  const existing = listed.records.find((r) => r.formCode === code);
  const imported = await remote.post<{ id: string }>('import', undefined, {
    files,
    baseVersion,
    overwriteDraft: a['overwrite-draft'],
    ...(existing && { id: existing.id, rowVersion: existing.rowVersion }),
  });
  const published = await remote.post<{ version: number }>('publish', { id: imported.data.id, note: a.note }, undefined);
  recordPulled(root, server, tenant, code, published.data.version);
  return published.msg || `版本 ${published.data.version}`;
}

const report = checkForms(root);
const canonical = new Set(nonCanonicalFiles(root).map((f) => f.name));
const record = readPulled(root);
const codes = a.form ? [a.form] : allForms();
let failed = 0;
let same = 0;
let changed = 0;
// One named form: its files are checked before any call, so a broken file needs no server.
const named = a.form ? problemsOf(report, canonical, a.form) : [];
if (named.length) {
  for (const p of named) console.log(p);
  console.log(`✗ ${a.form}: 未发布`);
  process.exit(1);
}
let remote: Remote;
try {
  remote = await login({ server, tenant, user: a.user!, password });
} catch (e) {
  console.log(`✗ ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
for (const code of codes) {
  try {
    const latest = await latestPublished(remote, code);
    const files = readLocal(code);
    // Without --form, only what differs from the server's latest version goes up.
    if (!a.form && latest > 0 && sameFiles(files, await versionFiles(remote, code, latest))) {
      same++;
      continue;
    }
    changed++;
    const problems = problemsOf(report, canonical, code);
    if (problems.length) {
      failed++;
      for (const p of problems) console.log(p);
      console.log(`✗ ${code}: 未发布`);
      continue;
    }
    const base = latest === 0 ? 0 : pulledVersion(record, server, tenant, code);
    if (base === undefined) {
      failed++;
      console.log(
        `✗ 表单 ${code} 没有拉取记录：请先 npm run forms:pull -- --form ${code}（${PULLED_FILE} 中没有 ${server} 机构 ${tenant} 的版本）`,
      );
      continue;
    }
    console.log(`✓ ${code}: ${await push(remote, code, files, base)}`);
  } catch (e) {
    failed++;
    const lines = e instanceof RemoteRefusal ? refusalLines(e) : [e instanceof Error ? e.message : String(e)];
    console.log(`✗ ${code}: ${lines.join('\n')}`);
  }
}
if (!a.form) console.log(`forms:push: ${same} 个表单与服务器一致，${changed} 个有改动`);
process.exit(failed > 0 ? 1 : 0);
