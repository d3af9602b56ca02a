import { compileDocumentOrThrow, type CompiledForm, type FormDocument } from '../../src/engine';

/**
 * Compiled published versions, keyed by tenant, form and version. A version never changes once
 * written, so an entry never goes stale; the cache only bounds how many it keeps (least recently
 * used out first).
 */
export class FormCompiledCache {
  private readonly entries = new Map<string, CompiledForm>();

  constructor(private readonly capacity = 200) {}

  get(tenantId: string, doc: FormDocument): CompiledForm {
    const key = `${tenantId}|${doc.formCode}|${doc.version}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const compiled = compileDocumentOrThrow(doc);
    this.entries.set(key, compiled);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return compiled;
  }
}
