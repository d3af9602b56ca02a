import { compileDocumentOrThrow, type CompiledForm, type FormDocument } from '../../../src/engine';

/**
 * Compiled published versions, keyed by tenant, form and version. A version never changes once
 * written, so an entry never goes stale; the cache only bounds how many it keeps (least recently
 * used out first).
 */
export class FormCompiledCache {
  private readonly entries = new Map<string, CompiledForm>();
  /** The published documents themselves, so a submit reads a version's document once, not every time. */
  private readonly documents = new Map<string, FormDocument>();

  constructor(private readonly capacity = 200) {}

  document(tenantId: string, formCode: string, version: number): FormDocument | undefined {
    return this.documents.get(`${tenantId}|${formCode}|${version}`);
  }

  rememberDocument(tenantId: string, formCode: string, version: number, doc: FormDocument): void {
    this.documents.set(`${tenantId}|${formCode}|${version}`, doc);
    if (this.documents.size > this.capacity) this.documents.delete(this.documents.keys().next().value as string);
  }

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
