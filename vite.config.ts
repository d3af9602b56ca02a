import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

// One config for the web build, the dev server and both Vitest projects:
// "unit" (jsdom, everything under src/) and "server" (node, server/ with in-memory PGlite).
export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4000,
    // dist/.vite/manifest.json: scripts/bundle-budget.ts reads which chunks the login page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router: every page needs them, so one long-cached chunk. Everything else
        // (antd components, CodeMirror, echarts, exceljs, the form runtime) is left to the
        // automatic split, which keeps each in the chunks of the screens that import it.
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          setupFiles: ['src/test-setup.ts'],
          // Screen tests drive antd through jsdom; on 2 shared cores one took 5 s under load. A wrong
          // screen still fails (its assertion does), not a slow one.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // The prepared database every test app starts from, made once per run.
          globalSetup: ['server/test-support/template-database.ts'],
          // The server's modules are loaded once for all files, not once per file (about 5 s each,
          // 130 files): the files share no state but their database, and each makes its own.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; keep files sequential on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
