import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { AppDeps } from '../app-deps';
import { prepare, wireProcess } from '../bootstrap';
import { testConfig, type ServerConfig } from '../config';
import { openDatabase, type OpenedDatabase } from '../db/open';
import { recordSpecHits } from './spec-hits';

export interface TestApp {
  app: FastifyInstance;
  /**
   * The app's dependencies, except `db`: the test's own view of the same database, on which a
   * statement outside withTenant / asSystem runs as the system work 'test' (the tests read and
   * change rows around the app directly). The app itself denies unscoped statements: `appDb`.
   */
  deps: AppDeps;
  /** The database as the app has it (deps.db of the running app): no statement without a scope. */
  appDb: AppDeps['db'];
  /** The owner connection (migrations' user), for tests that look at the catalogue or act as the app role. */
  owner: OpenedDatabase['owner'];
  /** The scratch PostgreSQL database's URL (TEST_PG_URL set), for a second server on the same data; else undefined. */
  databaseUrl: string | undefined;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * A server with a clock the test controls, on a new in-memory PGlite — or, when TEST_PG_URL names
 * a PostgreSQL server, on a new database there, dropped again at close.
 */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  options: {
    /** PostgreSQL only: the address the app connects through (a test's proxy in front of the scratch database). */
    databaseUrlVia?: (url: string) => Promise<string>;
  } = {},
): Promise<TestApp> {
  let clock = Date.now();
  const now = () => clock;
  // Every test app starts from the run's prepared template (test-support/template-database.ts),
  // except one serving another forms root (FORMS_DIR): that one prepares its own database.
  const fromTemplate = !process.env.FORMS_DIR;
  const pgTemplate = fromTemplate ? inject('pgTemplateDatabase') : undefined;
  const scratch = process.env.TEST_PG_URL ? await createScratchDatabase(process.env.TEST_PG_URL, pgTemplate) : undefined;
  const databaseUrl = scratch && options.databaseUrlVia ? await options.databaseUrlVia(scratch.url) : scratch?.url;
  const pgliteTemplate = databaseUrl || !fromTemplate ? undefined : pgliteTemplateDump();
  const opened = await openDatabase({ databaseUrl, loadDataDir: pgliteTemplate });
  // From the template, only this process's own wiring is left to do.
  const prepared = databaseUrl ? !!pgTemplate : !!pgliteTemplate;
  const deps = prepared ? await wireProcess(opened, testConfig(overrides), now) : await prepare(opened, testConfig(overrides), now);
  const app = await buildApp(deps);
  await app.ready();
  recordSpecHits(app);
  return {
    app,
    deps: withTestDb(deps, opened.unscopedAs('test')),
    appDb: deps.db,
    owner: opened.owner,
    databaseUrl: scratch?.url,
    advance: (ms) => {
      clock += ms;
    },
    close: async () => {
      await app.close();
      await opened.close();
      await scratch?.drop();
    },
  };
}

/**
 * The app's own deps, read and written through (a test may swap a field the app reads per request),
 * except `db`: the test's view (TestApp.deps).
 */
function withTestDb(deps: AppDeps, db: AppDeps['db']): AppDeps {
  return new Proxy(deps, { get: (target, key, receiver) => (key === 'db' ? db : Reflect.get(target, key, receiver)) });
}

/** The prepared PGlite data folder's dump, read once per test file. */
let pgliteDump: Blob | undefined;
function pgliteTemplateDump(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteDump ??= new Blob([fs.readFileSync(file)]);
  return pgliteDump;
}

async function createScratchDatabase(adminUrl: string, template: string | undefined): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `phw_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export function rsaEncrypt(publicKeyPem: string, plain: string): string {
  // What jsencrypt does in the browser: RSA with PKCS#1 v1.5 padding, base64.
  return crypto.publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(plain)).toString('base64');
}

export interface LoginOptions {
  tenantId?: string;
  username: string;
  password: string;
  headers?: Record<string, string>;
  grantType?: string;
  /** The peer address the request comes from (default 127.0.0.1). */
  remoteAddress?: string;
}

export async function postToken(app: FastifyInstance, options: LoginOptions) {
  const query = new URLSearchParams({
    tenantId: options.tenantId ?? '100001',
    username: options.username,
    password: options.password,
    grant_type: options.grantType ?? 'password',
    scope: 'all',
    type: 'account',
  });
  return app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${query}`,
    headers: { authorization: BASIC, 'tenant-id': options.tenantId ?? '100001', ...options.headers },
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
  });
}
