import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The benchmark page only: built into .tmp/, never part of the app's build.
const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: path.resolve(root, '../../.tmp/bench-runtime-dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
  },
});
