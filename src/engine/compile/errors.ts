/** A problem found while compiling a document: names the file, rule, expression and field it concerns. */
export interface CompileError {
  file?: string;
  ruleId?: string;
  expression?: string;
  field?: string;
  message: string;
  /** Warnings do not stop a form from running (the spec's runtime behaviour covers them). */
  severity: 'error' | 'warning';
}

export class FormCompileError extends Error {
  readonly errors: CompileError[];
  constructor(errors: CompileError[]) {
    super(errors.map(formatCompileError).join('\n'));
    this.name = 'FormCompileError';
    this.errors = errors;
  }
}

export function formatCompileError(e: CompileError): string {
  const where = [
    e.file,
    e.ruleId ? `规则 ${e.ruleId}` : undefined,
    e.field ? `字段 ${e.field}` : undefined,
    e.expression !== undefined ? `表达式 "${e.expression}"` : undefined,
  ].filter((x) => x !== undefined);
  return `${e.severity === 'warning' ? '警告' : '错误'}: ${where.join(', ')}${where.length ? ': ' : ''}${e.message}`;
}
