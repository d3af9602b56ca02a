import type { FastifyRequest } from 'fastify';
import { Refusal } from '../domain/errors';

/** A header's single value ('' when absent). */
export function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** The named field of a parsed query or body, as sent (undefined when it is not an object or lacks it). */
export function fieldOf(part: unknown, name: string): unknown {
  return part !== null && typeof part === 'object' && !Buffer.isBuffer(part) ? (part as Record<string, unknown>)[name] : undefined;
}

/** A parameter from the query string or, failing that, a form or JSON body (BladeX sends both ways). */
export function param(request: FastifyRequest, name: string): string {
  const value = fieldOf(request.query, name) ?? fieldOf(request.body, name);
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** The most items one list parameter may name. */
const MAX_LIST_ITEMS = 500;

/** A comma list (or array) from the query or the body: trimmed, no blanks, 1 to 500 items, or 400. */
export function requestList(request: FastifyRequest, name: string): string[] {
  const raw = fieldOf(request.query, name) ?? fieldOf(request.body, name);
  const list = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : [];
  const items = list.map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new Refusal(`参数[${name}]不能为空`);
  if (items.length > MAX_LIST_ITEMS) throw new Refusal(`一次最多处理${MAX_LIST_ITEMS}条记录`);
  return items;
}

/** Row ids (digits) from the query or the body, as requestList reads them, or 400 naming the first bad one. */
export function requestIds(request: FastifyRequest, name = 'ids'): string[] {
  const ids = requestList(request, name);
  const bad = ids.find((id) => !/^[0-9]{1,40}$/.test(id));
  if (bad) throw new Refusal(`记录ID格式不正确：${bad.slice(0, 40)}`);
  return ids;
}
