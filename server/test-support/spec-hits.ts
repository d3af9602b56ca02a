import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Records which routes the server tests really call, for `npm run spec:coverage` ("which spec
 * calls have a test"). Only when SPEC_HITS_DIR is set: each test process appends one line
 * `METHOD /route/:pattern` per route it reaches, the first time it does.
 *
 * A call that ends in 401 is not counted: the route guard test sends every route a request without
 * a token, which proves the guard and nothing about the route.
 */
export function recordSpecHits(app: FastifyInstance): void {
  const dir = process.env.SPEC_HITS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `hits-${process.pid}.txt`);
  // The route table, so the report knows what the server answers without building a server itself.
  const routes = app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS').map((r) => `${r.method} ${r.url}`);
  fs.writeFileSync(path.join(dir, `routes-${process.pid}.txt`), `${[...new Set(routes)].join('\n')}\n`);
  let patterns: { method: string; url: string; regex: RegExp }[] | undefined;

  const original = app.inject.bind(app) as (options: InjectOptions | string) => ReturnType<FastifyInstance['inject']>;
  const recording = async (options: InjectOptions | string) => {
    const response = await original(options);
    if (response.statusCode === 401) return response;
    patterns ??= app.routeCatalogue.map((route) => ({ ...route, regex: routeRegex(route.url) }));
    const method = (typeof options === 'string' ? 'GET' : String(options.method ?? 'GET')).toUpperCase();
    const rawUrl = typeof options === 'string' ? options : String(options.url ?? options.path ?? '/');
    const url = rawUrl.split('?')[0]!.replace(/^\/api(?=\/)/, '');
    const route = patterns.find((p) => p.method === method && p.regex.test(url));
    if (route) {
      const line = `${route.method} ${route.url}`;
      if (!seen.has(line)) {
        seen.add(line);
        fs.appendFileSync(file, `${line}\n`);
      }
    }
    return response;
  };
  (app as unknown as { inject: unknown }).inject = (options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined ? (original as (...a: unknown[]) => unknown)(options, callback) : recording(options);
}

const seen = new Set<string>();

function routeRegex(url: string): RegExp {
  const escaped = url
    .replace(/[.+?^$()[\]\\|]/g, '\\$&')
    .replace(/:\w+/g, '[^/]+')
    .replace(/\*/g, '.*');
  return new RegExp(`^${escaped}/?$`);
}
