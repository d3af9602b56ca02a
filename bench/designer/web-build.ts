// The web app as `npm run build` makes it (the repository's vite.config.ts), into .tmp/ so the
// benchmark never touches dist/ (which a test run on the same machine may be serving).
import path from 'node:path';
import { build } from 'vite';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Builds the app; `minify: false` for readable function names in CPU profiles. Returns the folder. */
export async function buildWebApp(minify: boolean): Promise<string> {
  const outDir = path.join(REPO, '.tmp', minify ? 'bench-designer-web' : 'bench-designer-web-unminified');
  await build({
    configFile: path.join(REPO, 'vite.config.ts'),
    root: REPO,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, minify, chunkSizeWarningLimit: 8000 },
  });
  return outDir;
}
