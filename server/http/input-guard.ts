// Bad input is a 400 at the edge, never a 500 deep inside (issue 22 §8). PostgreSQL refuses a NUL
// character in text, and a lone UTF-16 surrogate cannot be stored as UTF-8 either: both used to reach
// a query and come back as 服务器内部错误. Paging numbers such as current=1e20 made an offset no
// database accepts. One hook checks every API request's query, params and parsed body before the
// route's own schema and handler see them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '../../src/shared/contract/pieces';
import { badRequest } from './envelope';

/** Largest page a list call may ask for (`size`), and the furthest page (`current`): the contract's. */
export { MAX_PAGE_NUMBER, MAX_PAGE_SIZE };

// Nesting deeper than any real body (form documents go about eight levels down).
const MAX_DEPTH = 32;

export interface BadInput {
  /** Where: dotted path of the key or string, '' for the whole part. */
  path: string;
  reason: 'text' | 'depth';
}

/** The first string (or key) in `value` holding a NUL or a lone surrogate, or nesting too deep; else null. */
export function findBadInput(value: unknown, path = '', depth = 0): BadInput | null {
  if (typeof value === 'string') return isStorableText(value) ? null : { path, reason: 'text' };
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return { path, reason: 'depth' };
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const where = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return { path: where, reason: 'text' };
    const found = findBadInput(item, where, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store: no NUL, and every surrogate paired. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** current ≥ 1 and size ≥ 1 as whole numbers within the limits above, when the query names them. */
export function pagingProblem(query: unknown): string | null {
  if (query === null || typeof query !== 'object') return null;
  const q = query as Record<string, unknown>;
  for (const [name, max] of [
    ['current', MAX_PAGE_NUMBER],
    ['size', MAX_PAGE_SIZE],
  ] as const) {
    const raw = q[name];
    if (raw === undefined || raw === '') continue;
    const text = Array.isArray(raw) ? undefined : String(raw);
    if (text === undefined || !/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max)
      return `参数[${name}]应为1到${max}之间的整数`;
  }
  return null;
}

function check(request: FastifyRequest): void {
  for (const [part, value] of [
    ['query', request.query],
    ['params', request.params],
    ['body', request.body],
  ] as const) {
    const bad = findBadInput(value);
    if (bad === null) continue;
    const where = `${part === 'body' ? '请求体' : '参数'}[${bad.path || part}]`;
    throw badRequest(
      bad.reason === 'depth' ? `${where}嵌套层级过深（最多${MAX_DEPTH}层）` : `${where}含有不允许的字符（空字符或不成对的代理字符）`,
    );
  }
  const paging = pagingProblem(request.query);
  if (paging) throw badRequest(paging);
}

/** Registers the check on every route of `app` (the API context), before schema validation. */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: the check is synchronous, and an async hook is a promise and
  // a microtask on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
