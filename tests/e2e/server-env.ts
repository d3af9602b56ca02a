// The environment the app under test runs with: playwright.config.ts's webServer and the journeys
// that start a server of their own (push-restart.spec.ts) give the same, so a journey's own server
// behaves as the suite's does.

/** PORT, DATA_DIR and WEB_ROOT, with the settings every journey relies on. */
export function e2eServerEnv(port: number, dataDir: string, webRoot: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot,
    // The login journey types no captcha; the captcha grant has its own server test.
    CAPTCHA_MODE: 'off',
    // Every journey logs in from 127.0.0.1, mostly as the same few accounts: the login rate
    // limits (30 per address, 10 per account a minute by default) would refuse a full run.
    LOGIN_RATE_PER_IP: '100000',
    LOGIN_RATE_PER_ACCOUNT: '100000',
    CAPTCHA_RATE_PER_IP: '100000',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PUSH_RELAY_MS: '500',
    PUSH_RATE_PER_MINUTE: '100000',
  };
}
