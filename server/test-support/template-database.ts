import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../bootstrap';
import { openDatabase } from '../db/open';

/**
 * Vitest global set-up of the server project: migrates, secures, seeds and imports the bundled forms
 * ONCE per run, into a template every test app then starts from (createTestApp) — instead of each
 * of ~90 test files doing the same few seconds of work on its own. PostgreSQL: a template database
 * copied by `CREATE DATABASE … TEMPLATE`; PGlite: a dump of the prepared data folder loaded into each
 * in-memory instance (which also skips initdb). Tests of the preparation itself (migrations, seed,
 * forms import) call it directly and are unaffected.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL runs: the prepared template database's name. */
    pgTemplateDatabase: string;
    /** PGlite runs: the file holding the prepared data folder's dump. */
    pgliteTemplateFile: string;
  }
}

const runId = () => `${process.pid}_${crypto.randomBytes(4).toString('hex')}`;

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function preparePostgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `phw_template_${runId()}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString() });
  try {
    await prepareDatabase(opened);
  } finally {
    await opened.close();
  }
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function preparePgliteTemplate(): Promise<{ file: string; drop(): Promise<void> }> {
  const folder = path.resolve('.tmp', `test-template-${runId()}`);
  const opened = await openDatabase({ dataDir: folder });
  try {
    await prepareDatabase(opened);
  } finally {
    await opened.close();
  }
  const pglite = new PGlite(path.join(folder, 'pgdata'));
  let dump: Blob;
  try {
    // dumpDataDir before the instance is ready waits for ever (PGlite 0.5).
    await pglite.waitReady;
    dump = await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
  const file = `${folder}.tar`;
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  fs.rmSync(folder, { recursive: true, force: true });
  return { file, drop: async () => fs.rmSync(file, { force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_PG_URL;
  if (adminUrl) {
    const template = await preparePostgresTemplate(adminUrl);
    project.provide('pgTemplateDatabase', template.name);
    return template.drop;
  }
  const template = await preparePgliteTemplate();
  project.provide('pgliteTemplateFile', template.file);
  return template.drop;
}
