import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eServerEnv } from './tests/e2e/server-env';

// The app under test: the built web app served by the real server on a fresh temporary data folder.
const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'phw-e2e-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Separate build and output folders let two journeys run side by side on one machine.
const webRoot = path.resolve(process.env.E2E_WEB_ROOT ?? 'dist');
const outputDir = process.env.E2E_OUTPUT_DIR ?? 'test-results';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a journey that passes only on its retry is still reported as flaky in the list.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node_modules/.bin/tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/blade-auth/oauth/login-config`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      ...e2eServerEnv(port, dataDir, webRoot),
      // The regional system's address, only for the push journey run on its own (E2E_PUSH=1,
      // tests/e2e/push-outbox.spec.ts starts a stand-in on this port; scripts/e2e.sh runs it after
      // the suite). In the whole suite every journey's saves would be pushed to a port nobody
      // answers and retried in the background; without an address the rows wait and nothing is sent.
      ...(process.env.E2E_PUSH === '1' && { GW_PUSH_URL: `http://127.0.0.1:${port + 500}/gw` }),
      PUSH_TIMEOUT_MS: '3000',
      // The ID-card reader's and the signature pad's local services the device journey stands in for (tests/e2e/device-bridges.spec.ts):
      // the page's CSP must let them be called, as a clinic's configuration does.
      DEVICE_SERVICE_ORIGINS: 'http://127.0.0.1:19196,http://127.0.0.1:19197',
    },
  },
});
