import path from 'node:path';

/** Runtime settings, all from the environment so the same build runs embedded or on PostgreSQL. */
export interface ServerConfig {
  /** The job queue's polling, retry and stop settings (server/jobs JOB_QUEUE_DEFAULTS); tests make it quicker. */
  jobs?: Partial<
    Record<
      'pollingIntervalSeconds' | 'retryLimit' | 'retryDelaySeconds' | 'expireInSeconds' | 'maintenanceIntervalSeconds' | 'stopTimeoutMs',
      number
    >
  >;
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
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY: comma-separated addresses or CIDRs,
   * default none): the client address written to the login and audit logs is the peer's own
   * unless the peer is one of these.
   */
  trustProxy: string[];
  /** Login rate limits (auth/routes/login-rate-limit.ts), counted in the database across processes. */
  rateLimit: LoginRateLimits;
  /**
   * How many server processes answer on the port (SERVER_PROCESSES, default 1; more need
   * PostgreSQL): one process prepares the database, then starts that many (server/main.ts).
   */
  serverProcesses: number;
  /** Writes (POST calls) per user per minute, counted in the database for all processes (WRITE_RATE_PER_MINUTE, default 600; http/write-rate-limit.ts). */
  writeRatePerMinute: number;
  /** Pushes to external systems (server/push, decision 0033); a system without a base URL is not pushed to. */
  push?: PushSettings;
  /**
   * The origins of the devices' local services on the clinic's workstations (DEVICE_SERVICE_ORIGINS,
   * comma-separated http(s)://host:port, default none; decision 0039): the page's CSP connect-src
   * lets the browser call them (the ID-card reader's service, the signature pad's).
   */
  deviceServiceOrigins?: string[];
}

/** The external systems records are reported to (spec 002: GW 公卫, SFY 省妇幼, JW 基卫; HIS the hospital system). */
export type PushSystem = 'GW' | 'JW' | 'SFY' | 'HIS';

export interface PushSettings {
  /** Base URL per system (GW_PUSH_URL, JW_PUSH_URL, SFY_PUSH_URL, HIS_PUSH_URL); absent: not configured. */
  urls: Partial<Record<PushSystem, string>>;
  /** One HTTP call's time limit (PUSH_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
  /** Attempts of one version of a record before it is 终止 (PUSH_MAX_ATTEMPTS, default 6). */
  maxAttempts: number;
  /** Pushes per tenant per minute, all processes together (PUSH_RATE_PER_MINUTE, default 120). */
  ratePerMinute: number;
  /** How often each process looks for rows to queue (PUSH_RELAY_MS, default 2000). */
  relayIntervalMs: number;
  /**
   * Pushes one process has in flight at once (PUSH_CONCURRENCY, default 4): a push mostly waits on
   * the other system, so a few at once drain a backlog without keeping the database busy.
   */
  concurrency: number;
}

/** The push settings from the environment. */
export function pushSettings(env: NodeJS.ProcessEnv): PushSettings {
  const urls: Partial<Record<PushSystem, string>> = {};
  for (const system of ['GW', 'JW', 'SFY', 'HIS'] as const) {
    const url = env[`${system}_PUSH_URL`]?.trim();
    if (url) urls[system] = url;
  }
  return {
    urls,
    timeoutMs: integer(env.PUSH_TIMEOUT_MS, 10_000, 'PUSH_TIMEOUT_MS'),
    maxAttempts: integer(env.PUSH_MAX_ATTEMPTS, 6, 'PUSH_MAX_ATTEMPTS'),
    ratePerMinute: integer(env.PUSH_RATE_PER_MINUTE, 120, 'PUSH_RATE_PER_MINUTE'),
    relayIntervalMs: integer(env.PUSH_RELAY_MS, 2000, 'PUSH_RELAY_MS'),
    concurrency: integer(env.PUSH_CONCURRENCY, 4, 'PUSH_CONCURRENCY'),
  };
}

/**
 * The job queue's settings an operator may change (JOB_EXPIRE_SECONDS, JOB_MAINTENANCE_SECONDS,
 * JOB_RETRY_DELAY_SECONDS); unset ones keep server/jobs' defaults. The expiry is how long a job left
 * running by a process killed outright (SIGKILL, a power cut) waits before the queue retries it: it
 * must stay above the longest export and PUSH_TIMEOUT_MS, or a live attempt is retried while it runs.
 */
export function jobQueueSettings(env: NodeJS.ProcessEnv): NonNullable<ServerConfig['jobs']> {
  const settings: NonNullable<ServerConfig['jobs']> = {};
  const read = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : integer(env[name], 1, name));
  const expire = read('JOB_EXPIRE_SECONDS');
  const maintenance = read('JOB_MAINTENANCE_SECONDS');
  const retryDelay = read('JOB_RETRY_DELAY_SECONDS');
  if (expire !== undefined) settings.expireInSeconds = expire;
  if (maintenance !== undefined) settings.maintenanceIntervalSeconds = maintenance;
  if (retryDelay !== undefined) settings.retryDelaySeconds = retryDelay;
  return settings;
}

export interface LoginRateLimits {
  /** The window every limit counts in (LOGIN_RATE_WINDOW_SECONDS, default 60). */
  windowMs: number;
  /** oauth/token calls per client address per window (LOGIN_RATE_PER_IP, default 30). */
  tokenPerIp: number;
  /** oauth/token calls per tenant + account per window (LOGIN_RATE_PER_ACCOUNT, default 10). */
  tokenPerAccount: number;
  /** oauth/captcha calls per client address per window (CAPTCHA_RATE_PER_IP, default 30). */
  captchaPerIp: number;
}

/** "10.0.0.1, 10.1.0.0/16" → ['10.0.0.1', '10.1.0.0/16']; empty → none. */
export function proxyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
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

/** One origin: a scheme, a host name or IPv4 address, a port; nothing else (no path, wildcard, quote). */
const ORIGIN = /^(https?):\/\/([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*):(\d{1,5})$/i;

/**
 * DEVICE_SERVICE_ORIGINS → the origins, each checked: it goes into the CSP verbatim, so a typo (a
 * path, a missing port, a `*`, a `;` that would start another directive) must stop the server at
 * start with a message naming the entry, not weaken or silently break the policy.
 */
export function deviceServiceOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const entry of proxyList(value)) {
    const match = ORIGIN.exec(entry);
    const port = match ? Number(match[6]) : 0;
    if (!match || port < 1 || port > 65535) {
      throw new Error(
        `DEVICE_SERVICE_ORIGINS: "${entry}" is not an origin; write http(s)://host:port, e.g. http://127.0.0.1:19196, comma-separated`,
      );
    }
    const origin = `${match[1]}://${match[2]}:${port}`.toLowerCase();
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
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
    trustProxy: proxyList(env.TRUST_PROXY),
    rateLimit: {
      windowMs: integer(env.LOGIN_RATE_WINDOW_SECONDS, 60, 'LOGIN_RATE_WINDOW_SECONDS') * 1000,
      tokenPerIp: integer(env.LOGIN_RATE_PER_IP, 30, 'LOGIN_RATE_PER_IP'),
      tokenPerAccount: integer(env.LOGIN_RATE_PER_ACCOUNT, 10, 'LOGIN_RATE_PER_ACCOUNT'),
      captchaPerIp: integer(env.CAPTCHA_RATE_PER_IP, 30, 'CAPTCHA_RATE_PER_IP'),
    },
    writeRatePerMinute: integer(env.WRITE_RATE_PER_MINUTE, 600, 'WRITE_RATE_PER_MINUTE'),
    serverProcesses: integer(env.SERVER_PROCESSES, 1, 'SERVER_PROCESSES'),
    push: pushSettings(env),
    jobs: jobQueueSettings(env),
    deviceServiceOrigins: deviceServiceOrigins(env.DEVICE_SERVICE_ORIGINS),
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
    trustProxy: [],
    // Test files log in hundreds of times from one address: limits a test meets only on purpose.
    rateLimit: { windowMs: 60_000, tokenPerIp: 100_000, tokenPerAccount: 100_000, captchaPerIp: 100_000 },
    writeRatePerMinute: 100_000,
    serverProcesses: 1,
    ...overrides,
  };
}
