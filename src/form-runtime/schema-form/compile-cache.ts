import { compileDocument, type CompileError, type CompiledForm, type FormDocument } from '../../engine';

export type CompileOutcome = { form: CompiledForm; errors: CompileError[] } | { form?: undefined; errors: CompileError[] };

/**
 * Compiling is done once per (formCode, version): a published version never changes, so every
 * SchemaForm showing it shares one compiled form. Documents without a stable version identity
 * (the designer's working copy) are keyed by object instead.
 */
const byVersion = new Map<string, CompileOutcome>();
const byObject = new WeakMap<FormDocument, CompileOutcome>();

export function compileOnce(doc: FormDocument, origin: string): CompileOutcome {
  const key = origin === 'given' ? undefined : `${origin}:${doc.formCode}@${doc.version}`;
  const hit = (key ? byVersion.get(key) : undefined) ?? byObject.get(doc);
  if (hit) return hit;
  const { form, errors } = compileDocument(doc, { file: `${origin}:${doc.formCode}@${doc.version}` });
  const outcome: CompileOutcome = form ? { form, errors } : { errors };
  if (key) byVersion.set(key, outcome);
  byObject.set(doc, outcome);
  return outcome;
}
