import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (`build.manifest: true`, dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files a browser downloads before a page can show: the given manifest keys and,
 * transitively, their static imports (dynamic imports load later, on demand, so they are left out).
 */
export function staticClosure(manifest: Manifest, startKeys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle budget: the manifest has no chunk "${key}"`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  startKeys.forEach(visit);
  return files;
}

/**
 * The manifest keys the login route needs: the HTML entry, plus the login page's own chunk when
 * the router loads it lazily (then it is a dynamic entry keyed by its source path).
 */
export function loginRouteKeys(manifest: Manifest, loginModules: readonly string[]): string[] {
  const entries = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  if (entries.length !== 1) throw new Error(`bundle budget: expected one entry in the manifest, found ${entries.length}`);
  return [...entries, ...loginModules.filter((key) => manifest[key] !== undefined)];
}

export const gzipBytes = (content: Buffer | string): number => gzipSync(content, { level: 9 }).length;

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
