// `npm run forms:pull -- --server URL --form CODE [--version N] [--out DIR] [--tenant 100001 --user admin --password …]`:
// writes a published version of a form as the analysts' files (schemas/<code>.json,
// rules/<code>.rules.json, rules/<code>.cases.json) in the one formatting forms:check enforces.
// Password also from FORMS_PASSWORD. Cases come from form/detail (form/version serves the document only).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formFileTexts, type CasesFile, type FormDocument } from '../src/engine';
import { login, RemoteRefusal } from './forms/remote';

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
if (!a.server || !a.form || !password) {
  console.error(
    '用法: npm run forms:pull -- --server http://host:port --form CODE [--version N] [--out DIR] [--tenant 100001] [--user admin] --password … (或环境变量 FORMS_PASSWORD)',
  );
  process.exit(2);
}
const out = a.out ?? fileURLToPath(new URL('..', import.meta.url));

try {
  const remote = await login({ server: a.server, tenant: a.tenant!, user: a.user!, password });
  const doc = await remote.get<FormDocument>('version', { formCode: a.form, version: a.version });
  // The cases published with that version, so an old version comes back as it was published.
  const cases = await remote.get<CasesFile | null>('version-cases', { formCode: a.form, version: a.version });
  for (const f of formFileTexts(doc, cases)) {
    mkdirSync(path.dirname(path.join(out, f.name)), { recursive: true });
    writeFileSync(path.join(out, f.name), f.text);
    console.log(`wrote ${f.name}`);
  }
  console.log(`forms:pull: ${a.form} version ${a.version ?? 'latest'}`);
} catch (e) {
  console.error(`✗ ${e instanceof RemoteRefusal || e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
