// Fetching an export's rows from the server's own list routes (app.inject as the caller): an HTTP
// client of this app, so it lives with the HTTP layer and answers in its errors. Used by the
// synchronous export (reports/) and the asynchronous one (jobs/).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './envelope';
import { EXPORT_ROW_CAP } from '../../src/shared/contract/reports';

/** The most rows one export writes (the contract's); the sheet says so when the list had more. */
export { EXPORT_ROW_CAP };
/** The lists' largest page (platform/repositories/crud-filters.ts paging). */
const PAGE_SIZE = 200;

export const REFUSED_URL = '只能导出本系统接口的数据';

/**
 * Accepts only a path of this server's own API (`/blade-…` or `/api/blade-…`): no scheme, no
 * host, no protocol-relative `//`, and the normalised path (dot segments resolved) must still be
 * under `/blade-`. Returns the path without the /api prefix and the query it carried.
 */
export function internalListPath(url: string): { path: string; query: URLSearchParams } {
  const raw = url.trim();
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(raw)) throw badRequest(REFUSED_URL);
  const base = 'http://internal.invalid';
  let parsed: URL;
  try {
    parsed = new URL(raw, base);
  } catch {
    throw badRequest(REFUSED_URL);
  }
  if (parsed.origin !== base) throw badRequest(REFUSED_URL);
  const path = parsed.pathname.startsWith('/api/') ? parsed.pathname.slice(4) : parsed.pathname;
  if (!path.startsWith('/blade-')) throw badRequest(REFUSED_URL);
  return { path, query: parsed.searchParams };
}

function paramText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value === 'object') return undefined; // lists take flat query parameters only
  return String(value);
}

export interface FetchedRows {
  rows: Record<string, unknown>[];
  /** The list's own total, when it reported one. */
  total: number;
  truncated: boolean;
}

/**
 * Pages through an internal GET list as the caller: the caller's own Blade-Auth and Tenant-Id go
 * with every call, so the list applies the caller's tenant scope and permissions exactly as it
 * does for the screen. Stops at EXPORT_ROW_CAP rows.
 */
export async function fetchListRows(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
  params: Record<string, unknown>,
): Promise<FetchedRows> {
  const { path, query } = internalListPath(url);
  for (const [key, value] of Object.entries(params)) {
    const text = paramText(value);
    if (text !== undefined && key !== 'current' && key !== 'size') query.set(key, text);
  }
  const headers: Record<string, string> = {};
  for (const name of ['blade-auth', 'tenant-id']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }

  const rows: Record<string, unknown>[] = [];
  let total = 0;
  for (let current = 1; rows.length < EXPORT_ROW_CAP; current++) {
    query.set('current', String(current));
    query.set('size', String(PAGE_SIZE));
    const res = await app.inject({ method: 'GET', url: `${path}?${query.toString()}`, headers });
    let body: { success?: boolean; msg?: string; data?: unknown };
    try {
      body = res.json();
    } catch {
      throw badRequest('导出接口未返回列表数据');
    }
    if (res.statusCode !== 200 || !body.success) {
      // The list's own refusal (403, 404, a bad parameter) is the caller's answer too.
      throw new ApiError(res.statusCode >= 400 && res.statusCode < 500 ? res.statusCode : 502, body.msg || '导出数据获取失败');
    }
    const data = body.data;
    if (Array.isArray(data)) {
      // An unpaged list answers everything at once.
      rows.push(...(data as Record<string, unknown>[]));
      total = data.length;
      break;
    }
    const records = (data as { records?: unknown } | null)?.records;
    if (!Array.isArray(records)) throw badRequest('导出接口未返回列表数据');
    total = Number((data as { total?: unknown }).total) || 0;
    rows.push(...(records as Record<string, unknown>[]));
    if (records.length < PAGE_SIZE || rows.length >= total) break;
  }
  const truncated = rows.length > EXPORT_ROW_CAP || total > EXPORT_ROW_CAP;
  return { rows: rows.slice(0, EXPORT_ROW_CAP), total: Math.max(total, rows.length), truncated };
}
