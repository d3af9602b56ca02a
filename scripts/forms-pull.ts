// `npm run forms:pull -- --server URL --form CODE [--version N] [--out DIR] [--tenant 100001 --user admin --password …]`:
// writes a published version of a form as the analysts' files — schemas/<code>.json,
// rules/<code>.rules.json (when it has rules), rules/<code>.cases.json (always: an empty list when the
// version has no cases), rules/<code>.dicts.json (when the version carries dictionaries) — in the one
// formatting forms:check enforces. A rules or dictionaries file the version does not have is deleted,
// so the folder is exactly that version and the next push does not bring back what it dropped.
// Records the version in forms.pulled.json (scripts/forms/pulled.ts): forms:push sends it as its base.
// Password also from FORMS_PASSWORD.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PULLED_FILE, recordPulled } from './forms/pulled';
import { latestPublished, login, RemoteRefusal, versionFiles } from './forms/remote';

const { values: a } = parseArgs({
  options: {
    server: { type: 'string' },
    form: { type: 'string' },
    version: { type: 'string' },
    out: { type: 'string' },
    tenant: { type: 'string', default: '100001' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string' },
  },
});
const password = a.password ?? process.env.FORMS_PASSWORD;
if (!a.server || !a.form || !password || (a.version !== undefined && !/^[1-9][0-9]*$/.test(a.version))) {
  console.error(
    '用法: npm run forms:pull -- --server http://host:port --form CODE [--version N] [--out DIR] [--tenant 100001] [--user admin] --password … (或环境变量 FORMS_PASSWORD)',
  );
  process.exit(2);
}
const out = a.out ?? fileURLToPath(new URL('..', import.meta.url));
const code = a.form;

try {
  const remote = await login({ server: a.server, tenant: a.tenant!, user: a.user!, password });
  const version = a.version !== undefined ? Number(a.version) : await latestPublished(remote, code);
  if (version === 0) throw new RemoteRefusal(`表单 ${code} 尚未发布`);
  const files = versionFiles(remote, code, version);
  const written = new Set<string>();
  for (const f of await files) {
    mkdirSync(path.dirname(path.join(out, f.name)), { recursive: true });
    writeFileSync(path.join(out, f.name), f.text);
    written.add(f.name);
    console.log(`wrote ${f.name}`);
  }
  for (const stale of [`rules/${code}.rules.json`, `rules/${code}.dicts.json`]) {
    if (written.has(stale) || !existsSync(path.join(out, stale))) continue;
    rmSync(path.join(out, stale));
    console.log(`deleted ${stale} (版本 ${version} 没有它)`);
  }
  recordPulled(out, a.server, a.tenant!, code, version);
  console.log(`forms:pull: ${code} 版本 ${version}（记录在 ${PULLED_FILE}）`);
} catch (e) {
  console.error(`✗ ${e instanceof RemoteRefusal || e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
