import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API JSON and the web app's files (issue 17): brotli when the browser offers it, else
 * gzip. Must be registered before any route, as it attaches itself to each route when declared.
 * Answers under 1 KB go as they are: compressing them costs more than it saves. Brotli stays at
 * the plugin's quality 4 — quick enough for JSON answers on every request; hashed assets are then
 * cached by the browser for a year (web-cache-headers.ts), so each is compressed rarely.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Requests are not decompressed: no client of ours compresses a body, a compressed body would slip
  // past the per-route size limits as a zip bomb, and the decompression hook ran on every request.
  await app.register(compress, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024 });
}
