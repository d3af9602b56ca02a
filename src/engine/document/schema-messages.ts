// Meta-schema problems in Chinese, from ajv's keyword and params (validate-document.ts keeps both):
// "/fields/3/fieldType: 必须是 1…8 之一" instead of ajv's English.
import type { SchemaIssue } from './validate-document';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值 (true/false)',
  array: '数组',
  object: '对象',
  null: 'null',
};

/** Allowed values: a run of consecutive integers as 1…8, anything else listed. */
function allowed(values: unknown[]): string {
  const ints = values.every((v) => Number.isInteger(v));
  const run = ints && values.length > 3 && values.every((v, i) => i === 0 || (v as number) === (values[i - 1] as number) + 1);
  if (run) return `${String(values[0])}…${String(values[values.length - 1])}`;
  return values.map((v) => JSON.stringify(v)).join('、');
}

/** What is wrong, without where (the path says that). */
export function schemaIssueMessage(issue: SchemaIssue): string {
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return `缺少必填属性 ${String(p.missingProperty)}`;
    case 'additionalProperties':
      return `不允许的属性 ${String(p.additionalProperty)}`;
    case 'type':
      return `类型应为${String(p.type)
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t)
        .join('或')}`;
    case 'enum':
      return `必须是 ${allowed(Array.isArray(p.allowedValues) ? p.allowedValues : [])} 之一`;
    case 'const':
      return `必须是 ${JSON.stringify(p.allowedValue)}`;
    case 'pattern':
      return p.pattern === '\\S' ? '不能为空' : `格式不正确（应符合 ${String(p.pattern)}）`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `不能小于${issue.keyword === 'exclusiveMinimum' ? '或等于' : ''} ${String(p.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `不能大于${issue.keyword === 'exclusiveMaximum' ? '或等于' : ''} ${String(p.limit)}`;
    case 'minLength':
      return `至少 ${String(p.limit)} 个字符`;
    case 'maxLength':
      return `最多 ${String(p.limit)} 个字符`;
    case 'minItems':
      return `至少要有 ${String(p.limit)} 项`;
    case 'maxItems':
      return `最多 ${String(p.limit)} 项`;
    case 'uniqueItems':
      return `第 ${Number(p.j) + 1} 项与第 ${Number(p.i) + 1} 项重复`;
    case 'propertyNames':
      return `属性名 ${String(p.propertyName)} 格式不正确`;
    case 'anyOf':
    case 'oneOf':
      return '取值不符合任何一种允许的写法';
    default:
      return issue.message;
  }
}

/** "/fields/3/fieldType: 必须是 1…8 之一". */
export const schemaIssueText = (issue: SchemaIssue): string => `${issue.path || '/'}: ${schemaIssueMessage(issue)}`;
