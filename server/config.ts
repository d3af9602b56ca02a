import path from 'node:path';

/** Runtime settings, all from the environment so the same build runs embedded or on PostgreSQL. */
export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite data folder (embedded mode); also holds uploaded files. */
  dataDir: string;
  /** postgres://… selects PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Folder of the built web app served at /; absent in API-only tests. */
  webRoot: string | undefined;
  captchaMode: boolean;
  tenantMode: boolean;
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds. */
  refreshTokenTtl: number;
  logLevel: string;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: integer(env.PORT, 8080, 'PORT'),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webRoot: env.WEB_ROOT === '' ? undefined : path.resolve(env.WEB_ROOT ?? './dist'),
    captchaMode: flag(env.CAPTCHA_MODE, true),
    tenantMode: flag(env.TENANT_MODE, true),
    accessTokenTtl: integer(env.ACCESS_TOKEN_TTL, 3600, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtl: integer(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600, 'REFRESH_TOKEN_TTL'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

/** Settings for tests: in-memory, no captcha unless asked. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir: '',
    databaseUrl: undefined,
    webRoot: undefined,
    captchaMode: false,
    tenantMode: true,
    accessTokenTtl: 3600,
    refreshTokenTtl: 7 * 24 * 3600,
    logLevel: 'silent',
    ...overrides,
  };
}
