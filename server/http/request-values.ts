import type { FastifyRequest } from 'fastify';

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
