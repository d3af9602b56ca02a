// What is wrong with the document being designed, as the engine says it: the meta-schema
// (validateDocument) and the compiler (compileDocument) — the same checks publish runs on the
// server. The designer restates no rule of its own: it only says where each problem belongs
// (the form, a section, a field, a rule, an expression) and, for an expression, which characters.
// The tenant's world (its dictionaries and crowd labels) is the host's to give: the same
// worldProblems publish runs, with the dictionaries the working copy carries laid over.
import {
  compileDocument,
  schemaIssueText,
  validateDocument,
  worldProblems,
  type CompileError,
  type CompiledForm,
  type FormDocument,
  type FormWorld,
  type SchemaIssue,
  type WorldProblem,
} from '../../engine';

export interface Analysis {
  /** Meta-schema issues; the document is not saved while there are any (the server would refuse it). */
  schema: SchemaIssue[];
  /** Compile errors and warnings; errors stop publishing, not saving. */
  compile: CompileError[];
  /** What the tenant's world says (a dictionary missing or empty, an unknown crowd label, a code not in its dictionary): errors that stop publishing. */
  world: WorldProblem[];
  /** The world was given: without it nothing may be called publishable. */
  worldKnown: boolean;
  /** No schema issue, no compile error, the world known and no world problem: publish would accept it. */
  publishable: boolean;
}

/**
 * The document's problems: the meta-schema's, the compiler's and, when the tenant's world is
 * given (the carried dictionaries laid over it), the world's. Without a world the document is never
 * publishable — it is not known yet whether the tenant has what it names.
 */
export function analyse(doc: FormDocument, world?: FormWorld): Analysis {
  const checked = validateDocument(doc);
  const worldKnown = world !== undefined;
  if (!checked.ok) return { schema: checked.issues, compile: [], world: [], worldKnown, publishable: false };
  let compile: CompileError[];
  let form: CompiledForm | undefined;
  try {
    const result = compileDocument(doc);
    compile = result.errors;
    form = result.form;
  } catch (e) {
    compile = [{ severity: 'error', message: e instanceof Error ? e.message : String(e) }];
  }
  let found: WorldProblem[] = [];
  if (world) {
    try {
      found = worldProblems(doc, world, form);
    } catch (e) {
      found = [{ severity: 'error', message: e instanceof Error ? e.message : String(e) }];
    }
  }
  const compiles = !compile.some((e) => e.severity === 'error');
  return { schema: [], compile, world: found, worldKnown, publishable: compiles && worldKnown && found.length === 0 };
}

/** Every problem as the outline and panels count them: compile errors and world problems, each with where it belongs. */
export function errorTargets(doc: FormDocument, analysis: Analysis): ProblemTarget[] {
  return [
    ...analysis.schema.map((i) => issueTarget(i.path)),
    ...analysis.compile.filter((e) => e.severity === 'error').map((e) => compileTarget(doc, e)),
    ...analysis.world.map((e) => compileTarget(doc, e)),
  ];
}

/** A missing or empty dictionary a 新建字典 can fix: its code (undefined for other problems). */
export function missingDictionary(doc: FormDocument, p: WorldProblem): string | undefined {
  if (p.code === undefined || p.ruleId !== undefined || p.field === undefined) return undefined;
  const field = doc.fields.find((f) => f.fieldProp === p.field);
  return field?.bizCode === p.code && (p.message.includes('不存在') || p.message.includes('没有字典项')) ? p.code : undefined;
}

/** The crowd label an unknown-label problem names (added to crowd_label through the dictionary dialog). */
export function unknownCrowdLabel(p: WorldProblem): string | undefined {
  return p.field === undefined && p.ruleId === undefined ? /适用人群标签 (\S+) 不在/.exec(p.message)?.[1] : undefined;
}

/** Where a problem belongs, for the outline's marks and the panels' lists. */
export type ProblemTarget =
  { kind: 'form' } | { kind: 'section'; index: number } | { kind: 'field'; index: number } | { kind: 'option'; code: string };

/** '/fields/3/reckons/0/tcontent' → the field at index 3. */
export function issueTarget(path: string): ProblemTarget {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'fields' && parts[1] !== undefined && /^\d+$/.test(parts[1])) return { kind: 'field', index: Number(parts[1]) };
  if (parts[0] === 'sections' && parts[1] !== undefined && /^\d+$/.test(parts[1])) return { kind: 'section', index: Number(parts[1]) };
  if (parts[0] === 'options' && parts[1] !== undefined) return { kind: 'option', code: parts[1] };
  return { kind: 'form' };
}

export function compileTarget(doc: FormDocument, e: Pick<CompileError, 'ruleId' | 'field'>): ProblemTarget {
  if (e.ruleId !== undefined) {
    const index = doc.fields.findIndex((f) => (f.reckons ?? []).some((r) => r.id === e.ruleId));
    if (index >= 0) return { kind: 'field', index };
  }
  if (e.field !== undefined) {
    const index = doc.fields.findIndex((f) => f.fieldProp === e.field);
    if (index >= 0) return { kind: 'field', index };
  }
  return { kind: 'form' };
}

/** A meta-schema issue in the engine's Chinese words: "/fields/3/fieldType: 必须是 1…8 之一". */
export const issueText = (issue: SchemaIssue): string => schemaIssueText(issue);

/** A compile problem as one line: the rule, the field and the engine's message. */
export function compileText(e: Pick<CompileError, 'ruleId' | 'field' | 'message'>): string {
  const where = [e.ruleId ? `规则 ${e.ruleId}` : undefined, e.field ? `字段 ${e.field}` : undefined].filter(Boolean).join(', ');
  return `${where ? `${where}: ` : ''}${e.message}`;
}

// ---- expressions ---------------------------------------------------------------------------------

export interface ExpressionDiagnostic {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  message: string;
}

/** Which text of a reckon an editor holds. */
export type ExpressionSlot = 'scontent' | 'tcontent';

/**
 * Compiles the whole document with one reckon's text replaced by `text` (what the editor holds
 * now) and returns the compiler's messages about that expression, placed on the characters they
 * concern: the position of a parse error, the misspelt name, else the whole text.
 */
export function expressionDiagnostics(
  doc: FormDocument,
  fieldIndex: number,
  reckonIndex: number,
  slot: ExpressionSlot,
  text: string,
): ExpressionDiagnostic[] {
  const field = doc.fields[fieldIndex];
  const reckon = field?.reckons?.[reckonIndex];
  if (!field || !reckon || text.trim() === '') return [];
  const reckons = (field.reckons ?? []).map((r, i) => (i === reckonIndex ? { ...r, [slot]: text } : r));
  const edited: FormDocument = { ...doc, fields: doc.fields.map((f, i) => (i === fieldIndex ? { ...f, reckons } : f)) };
  let errors: CompileError[];
  try {
    errors = compileDocument(edited).errors;
  } catch (e) {
    return [{ from: 0, to: text.length, severity: 'error', message: e instanceof Error ? e.message : String(e) }];
  }
  return diagnosticsOf(errors, reckon.id, text);
}

/**
 * The messages of a compile of the whole document that are about one expression: what the editor
 * lists under an expression the document already holds, without compiling again (one compile per
 * keystroke, the designer's own analysis).
 */
export function diagnosticsOf(errors: readonly CompileError[], ruleId: string | undefined, text: string): ExpressionDiagnostic[] {
  if (ruleId === undefined || text.trim() === '') return [];
  return errors
    .filter((e) => e.ruleId === ruleId && e.expression === text)
    .map((e) => ({ ...placeOf(text, e.message), severity: e.severity, message: e.message }));
}

/** The characters a compiler message is about. */
export function placeOf(text: string, message: string): { from: number; to: number } {
  const whole = { from: 0, to: text.length };
  const at = /\[(\d+):(\d+)\]/.exec(message);
  if (at) {
    const line = Number(at[1]);
    const column = Number(at[2]);
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) offset += (lines[i]?.length ?? 0) + 1;
    const from = Math.min(text.length, offset + Math.max(0, column - 1));
    return from >= text.length ? { from: Math.max(0, text.length - 1), to: text.length } : { from, to: from + 1 };
  }
  const name =
    /(?:未知的字段|未知的函数)[:：]\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(message)?.[1] ??
    /函数 ([A-Za-z_][A-Za-z0-9_]*) 必须调用/.exec(message)?.[1];
  if (name) {
    const found = new RegExp(`(^|[^A-Za-z0-9_])(${name})(?![A-Za-z0-9_])`).exec(text);
    if (found) {
      const from = found.index + (found[1]?.length ?? 0);
      return { from, to: from + name.length };
    }
  }
  return whole;
}
