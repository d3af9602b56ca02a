import type { FastifySchemaValidationError } from 'fastify/types/schema';

/**
 * The ajv options the app validates with, and the messages below are written for: query strings
 * are coerced (`?size=10` is the integer 10), unknown properties are kept, the first error is told.
 * Route schemas are TypeBox (http/route-schemas.ts), but fastify's ajv still does the checking.
 */
export const AJV_OPTIONS = { coerceTypes: true, removeAdditional: false, allErrors: false } as const;

/**
 * Turns fastify's (ajv) schema errors into one Chinese sentence naming the field, so a caller
 * never sees an English stack or ajv's jargon.
 */
export function describeValidationError(errors: FastifySchemaValidationError[], dataVar: string): string {
  const first = errors[0];
  if (!first) return '请求参数有误';
  const params = first.params as Record<string, unknown>;
  const pathField = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = (params.missingProperty as string | undefined) ?? (pathField || dataVar);
  const where = dataVar === 'headers' ? '请求头' : '参数';
  switch (first.keyword) {
    case 'required':
      return `${where}[${field}]不能为空`;
    case 'type':
      return `${where}[${field}]类型不正确，应为${typeName(String(params.type))}`;
    case 'minLength':
      return `${where}[${field}]不能为空`;
    case 'maxLength':
      return `${where}[${field}]长度不能超过${String(params.limit)}`;
    case 'pattern':
    case 'format':
      return `${where}[${field}]格式不正确`;
    case 'enum':
      return `${where}[${field}]取值不正确`;
    case 'minimum':
      return `${where}[${field}]不能小于${String(params.limit)}`;
    case 'maximum':
      return `${where}[${field}]不能大于${String(params.limit)}`;
    case 'additionalProperties':
      return `不支持的参数[${String(params.additionalProperty)}]`;
    default:
      return `${where}[${field}]不正确`;
  }
}

function typeName(type: string): string {
  const names: Record<string, string> = {
    string: '字符串',
    integer: '整数',
    number: '数字',
    boolean: '布尔值',
    array: '数组',
    object: '对象',
  };
  return type
    .split(',')
    .map((t) => names[t] ?? t)
    .join('或');
}
