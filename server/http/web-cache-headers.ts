import path from 'node:path';

/** Vite names every built asset `name-<8-character content hash>.ext` under assets/. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Always revalidated (ETag / Last-Modified make that a cheap 304), so a new build is seen at once. */
export const REVALIDATE = 'no-cache';

/**
 * Cache-Control of a file of the built web app (@fastify/static's setHeaders): a hashed asset
 * never changes under its name, so browsers keep it a year without asking; index.html and other
 * unhashed files name the current build's assets and must be checked on every load.
 */
export function cacheControlFor(webRoot: string, filePath: string): string {
  const relative = path.relative(webRoot, filePath).split(path.sep).join('/');
  return HASHED_ASSET.test(relative) ? IMMUTABLE : REVALIDATE;
}

export const webCacheHeaders =
  (webRoot: string) =>
  (res: { setHeader(name: string, value: string): unknown }, filePath: string): void => {
    res.setHeader('Cache-Control', cacheControlFor(webRoot, filePath));
  };
