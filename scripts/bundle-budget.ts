/**
 * `npm test` (after the build): the login page must load at most LOGIN_BUDGET_KB of JavaScript,
 * gzipped (issue 17), so a first visit on a slow clinic line stays quick. Reads Vite's manifest of
 * the build in `dist` (or the folder given as the first argument), prints the figure, the whole
 * app's total and the largest chunks, and exits 1 over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipBytes, kib, loginRouteKeys, staticClosure, type Manifest } from './bundle/budget';

const LOGIN_BUDGET_KB = 300;
/** Source modules of the login route that the router may split into their own chunk. */
const LOGIN_MODULES = ['src/features/auth/login-page.tsx'];
const LARGEST_SHOWN = 8;

const outDir = path.resolve(process.argv[2] ?? 'dist');
const manifestPath = path.join(outDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`bundle budget: ${manifestPath} is missing — build first (vite.config.ts sets build.manifest).`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipOf = new Map<string, number>();
const sizeOf = (file: string): number => {
  let size = gzipOf.get(file);
  if (size === undefined) {
    size = gzipBytes(fs.readFileSync(path.join(outDir, file)));
    gzipOf.set(file, size);
  }
  return size;
};

const loginFiles = staticClosure(manifest, loginRouteKeys(manifest, LOGIN_MODULES));
const loginBytes = loginFiles.reduce((sum, file) => sum + sizeOf(file), 0);
const allFiles = [
  ...new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js')),
  ),
];
const allBytes = allFiles.reduce((sum, file) => sum + sizeOf(file), 0);

console.log(`Login page JavaScript: ${kib(loginBytes)} gzip in ${loginFiles.length} files (budget ${LOGIN_BUDGET_KB} KB)`);
console.log(`Whole app JavaScript: ${kib(allBytes)} gzip in ${allFiles.length} files`);
console.log('Largest chunks (gzip):');
for (const file of [...allFiles].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, LARGEST_SHOWN)) {
  console.log(`  ${kib(sizeOf(file)).padStart(10)}  ${file}${loginFiles.includes(file) ? '  (login)' : ''}`);
}

if (loginBytes > LOGIN_BUDGET_KB * 1024) {
  console.error(`bundle budget: the login page loads ${kib(loginBytes)} of JavaScript gzip, over the ${LOGIN_BUDGET_KB} KB budget.`);
  console.error('Something heavy reached the login path: load it lazily (src/app/lazy-screens.tsx) instead of importing it statically.');
  process.exit(1);
}
