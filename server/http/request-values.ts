import type { FastifyRequest } from 'fastify';

/** A header's single value ('' when absent). */
export function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** A parameter from the query string or, failing that, a form or JSON body (BladeX sends both ways). */
export function param(request: FastifyRequest, name: string): string {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : undefined;
  const value = query?.[name] ?? body?.[name];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}
