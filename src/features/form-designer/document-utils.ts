// Pure helpers of the designer: the document it edits, the outline's rows and moves, the working
// copy's status against the latest version, and the analysts' files (export). No React here.
import {
  canonicalJson,
  formFileTexts,
  type DictsFile,
  type FieldDef,
  type FieldType,
  type FormDocument,
  type FormKind,
  type Reckon,
  type RuleKind,
  type SectionDef,
} from '../../engine';
import type { WorkingStatus } from './designer-api';

export const FIELD_TYPES: readonly FieldType[] = [1, 2, 3, 4, 5, 6, 7, 8];
export const DICTIONARY_FIELD_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([1, 2, 7, 8]);
export const FORM_KINDS: readonly FormKind[] = [
  'followup',
  'evaluation',
  'education',
  'exam',
  'screening',
  'registration',
  'maternal',
  'child',
  'admin',
  'other',
];
export const RULE_KINDS: readonly RuleKind[] = ['calc', 'check', 'error', 'required', 'display', 'disabled', 'options'];

/** Which of a reckon's texts each kind reads (rules/README.md): scontent the condition, tcontent the expression. */
export const RULE_SLOTS: Readonly<Record<RuleKind, { condition: boolean; expression: boolean; message: boolean }>> = {
  calc: { condition: true, expression: true, message: true },
  check: { condition: true, expression: true, message: true },
  error: { condition: true, expression: true, message: true },
  required: { condition: true, expression: false, message: true },
  display: { condition: true, expression: false, message: false },
  disabled: { condition: true, expression: false, message: false },
  options: { condition: true, expression: true, message: false },
};

/** A new form: one section, no fields (the working copy of version 1). */
export function emptyDocument(formCode: string, formName: string, sectionTitle: string): FormDocument {
  return { formCode, formName, version: 1, sections: [{ id: 's1', title: sectionTitle, columns: 2 }], fields: [] };
}

/** The server's "same form" (form-canonical.ts): everything but the version number and `$schema`. */
export function sameContent(a: FormDocument, b: FormDocument): boolean {
  const strip = ({ version: _v, $schema: _s, ...rest }: FormDocument) => rest;
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
}

export type { WorkingStatus };

/** 未发布 (never published) / 已发布 (the working copy is the latest version) / 有未发布修改. */
export function workingStatus(
  publishedVersion: number,
  working: FormDocument | undefined,
  latest: FormDocument | undefined,
): WorkingStatus {
  if (publishedVersion <= 0 || !latest) return 'unpublished';
  if (!working) return 'published';
  return sameContent(working, latest) ? 'published' : 'changed';
}

/** The form row's `ext` (JSON text: source, sections, placement, options…) → the placement kind. */
export function kindOfExt(ext: string | null | undefined): FormKind | undefined {
  if (!ext) return undefined;
  try {
    const parsed = JSON.parse(ext) as { placement?: { kind?: unknown } };
    const kind = parsed.placement?.kind;
    return typeof kind === 'string' && (FORM_KINDS as readonly string[]).includes(kind) ? (kind as FormKind) : undefined;
  } catch {
    return undefined;
  }
}

// ---- names --------------------------------------------------------------------------------------

/** `base`, else `base2`, `base3`… — the first not taken. */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}

export const allRuleIds = (doc: FormDocument): string[] => doc.fields.flatMap((f) => (f.reckons ?? []).map((r) => r.id));

// ---- edits --------------------------------------------------------------------------------------

export function addSection(doc: FormDocument, title: string): { doc: FormDocument; id: string } {
  const sections = doc.sections ?? [];
  const id = uniqueName(
    `s${sections.length + 1}`,
    sections.map((s) => s.id),
  );
  return { doc: { ...doc, sections: [...sections, { id, title, columns: 2 }] }, id };
}

/** A new text field at the end of a section (or of the form when it has no sections). */
export function addField(
  doc: FormDocument,
  sectionId: string | undefined,
  label: (n: number) => string,
): { doc: FormDocument; index: number } {
  const n = doc.fields.length + 1;
  const fieldProp = uniqueName(
    `field${n}`,
    doc.fields.map((f) => f.fieldProp),
  );
  const field: FieldDef = { fieldProp, fieldLabel: label(n), fieldType: 3, ...(sectionId !== undefined && { section: sectionId }) };
  // After the section's last field, so the document order follows the outline.
  let at = doc.fields.length;
  if (sectionId !== undefined) {
    const last = doc.fields.map((f) => f.section).lastIndexOf(sectionId);
    if (last >= 0) at = last + 1;
  }
  const fields = [...doc.fields.slice(0, at), field, ...doc.fields.slice(at)];
  return { doc: { ...doc, fields }, index: at };
}

export function removeField(doc: FormDocument, index: number): FormDocument {
  return { ...doc, fields: doc.fields.filter((_, i) => i !== index) };
}

/** Removes a section; its fields stay, without a section (the outline's 未分组). */
export function removeSection(doc: FormDocument, id: string): FormDocument {
  return {
    ...doc,
    sections: (doc.sections ?? []).filter((s) => s.id !== id),
    fields: doc.fields.map((f) => (f.section === id ? withoutKey(f, 'section') : f)),
  };
}

export function replaceField(doc: FormDocument, index: number, field: FieldDef): FormDocument {
  return { ...doc, fields: doc.fields.map((f, i) => (i === index ? field : f)) };
}

/** Replaces a section; a new id is carried to its fields. */
export function replaceSection(doc: FormDocument, id: string, next: SectionDef): FormDocument {
  return {
    ...doc,
    sections: (doc.sections ?? []).map((s) => (s.id === id ? next : s)),
    fields: next.id === id ? doc.fields : doc.fields.map((f) => (f.section === id ? { ...f, section: next.id } : f)),
  };
}

export function replaceReckons(doc: FormDocument, index: number, reckons: Reckon[]): FormDocument {
  const field = doc.fields[index];
  if (!field) return doc;
  const next: FieldDef = reckons.length ? { ...field, reckons } : withoutKey(field, 'reckons');
  return replaceField(doc, index, next);
}

export function withoutKey<T extends object, K extends keyof T>(obj: T, key: K): T {
  const copy = { ...obj };
  delete copy[key];
  return copy;
}

// ---- the outline: sections and fields as one sortable list ---------------------------------------

/** Fields without a section (or naming a missing one) sit under this pseudo-section, last. */
export const NO_SECTION = '__none';

export type OutlineRow =
  | { kind: 'section'; key: string; sectionId: string; title: string }
  | { kind: 'field'; key: string; index: number; field: FieldDef; sectionId: string };

export const sectionKey = (id: string) => `section:${id}`;
export const fieldKey = (prop: string, index: number) => `field:${index}:${prop}`;

export function outlineRows(doc: FormDocument, noSectionTitle: string): OutlineRow[] {
  const sections = doc.sections ?? [];
  const known = new Set(sections.map((s) => s.id));
  const rows: OutlineRow[] = [];
  const fieldsOf = (id: string) =>
    doc.fields.flatMap((field, index) =>
      (field.section !== undefined && known.has(field.section) ? field.section : NO_SECTION) === id ? [{ field, index }] : [],
    );
  for (const s of sections) {
    rows.push({ kind: 'section', key: sectionKey(s.id), sectionId: s.id, title: s.title });
    for (const { field, index } of fieldsOf(s.id))
      rows.push({ kind: 'field', key: fieldKey(field.fieldProp, index), index, field, sectionId: s.id });
  }
  const loose = fieldsOf(NO_SECTION);
  if (loose.length || sections.length === 0) {
    rows.push({ kind: 'section', key: sectionKey(NO_SECTION), sectionId: NO_SECTION, title: noSectionTitle });
    for (const { field, index } of loose)
      rows.push({ kind: 'field', key: fieldKey(field.fieldProp, index), index, field, sectionId: NO_SECTION });
  }
  return rows;
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/** The result of a drag: the document and where the moved field now is (for the selection). */
export interface MoveResult {
  doc: FormDocument;
  /** New index of each old field index (so a selection follows its field). */
  indexMap: Map<number, number>;
}

/**
 * Drops the row `activeKey` where `overKey` is. A field takes the section of the header above its
 * new place; a section moves before or after the section `overKey` belongs to, with its fields.
 * The document's field order is rebuilt from the outline, section by section.
 */
export function moveRow(doc: FormDocument, activeKey: string, overKey: string, noSectionTitle = ''): MoveResult | undefined {
  if (activeKey === overKey) return undefined;
  const rows = outlineRows(doc, noSectionTitle);
  const from = rows.findIndex((r) => r.key === activeKey);
  const to = rows.findIndex((r) => r.key === overKey);
  const active = rows[from];
  const over = rows[to];
  if (!active || !over) return undefined;

  if (active.kind === 'section') {
    if (active.sectionId === NO_SECTION || over.sectionId === NO_SECTION) return undefined;
    const sections = doc.sections ?? [];
    const a = sections.findIndex((s) => s.id === active.sectionId);
    const b = sections.findIndex((s) => s.id === over.sectionId);
    if (a < 0 || b < 0 || a === b) return undefined;
    const moved = { ...doc, sections: arrayMove(sections, a, b) };
    return rebuild(moved, outlineRows(moved, noSectionTitle));
  }

  // A field: move the row, then give it the section of the nearest header above.
  const next = arrayMove(rows, from, to);
  // A field dropped above the first header joins the first section.
  if (next[0]?.kind === 'field') {
    const firstHeader = next.findIndex((r) => r.kind === 'section');
    if (firstHeader > 0) next.splice(0, 0, ...next.splice(firstHeader, 1));
  }
  let section = NO_SECTION;
  const placed = next.map((r) => {
    if (r.kind === 'section') {
      section = r.sectionId;
      return r;
    }
    return r.key === activeKey ? { ...r, sectionId: section } : r;
  });
  return rebuild(doc, placed);
}

function rebuild(doc: FormDocument, rows: OutlineRow[]): MoveResult {
  const indexMap = new Map<number, number>();
  const fields: FieldDef[] = [];
  for (const r of rows) {
    if (r.kind !== 'field') continue;
    const original = doc.fields[r.index];
    if (!original) continue;
    indexMap.set(r.index, fields.length);
    fields.push(
      r.sectionId === NO_SECTION
        ? withoutKey(original, 'section')
        : original.section === r.sectionId
          ? original
          : { ...original, section: r.sectionId },
    );
  }
  return { doc: { ...doc, fields }, indexMap };
}

// ---- the analysts' files ------------------------------------------------------------------------

export interface FormFile {
  /** Where the file lives in the analysts' repository: schemas/<code>.json, rules/<code>.rules.json… */
  path: string;
  /** The download's name (a browser download cannot carry folders). */
  name: string;
  text: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The working copy as the analysts keep it: the layout in schemas/<code>.json (reckons moved out),
 * the rules in rules/<code>.rules.json (when there are any), the cases in rules/<code>.cases.json
 * (when given).
 */
export function exportFiles(doc: FormDocument, cases?: unknown, dictionaries?: DictsFile['dictionaries'] | null): FormFile[] {
  const { $schema: _schema, ...content } = doc;
  const fields = content.fields.map((f) => withoutKey(f, 'reckons'));
  const rules = content.fields.flatMap((f) =>
    (f.reckons ?? []).map((r) => ({
      id: r.id,
      kind: r.kind ?? 'calc',
      field: f.fieldProp,
      ...(r.scontent !== undefined && { scontent: r.scontent }),
      ...(r.tcontent !== undefined && { tcontent: r.tcontent }),
      ...(r.errMsg !== undefined && { errMsg: r.errMsg }),
      ...(r.note !== undefined && { note: r.note }),
    })),
  );
  const code = doc.formCode;
  const files: FormFile[] = [
    {
      path: `schemas/${code}.json`,
      name: `${code}.json`,
      text: json({ $schema: '../src/engine/document/form-document.schema.json', ...content, fields }),
    },
  ];
  if (rules.length)
    files.push({
      path: `rules/${code}.rules.json`,
      name: `${code}.rules.json`,
      text: json({ $schema: '../src/engine/document/rules-file.schema.json', formCode: code, rules }),
    });
  if (cases !== undefined) {
    const body =
      typeof cases === 'object' && cases !== null
        ? { $schema: '../src/engine/document/cases-file.schema.json', ...(cases as object) }
        : cases;
    files.push({ path: `rules/${code}.cases.json`, name: `${code}.cases.json`, text: json(body) });
  }
  // The dictionaries the working copy carries, as the engine writes rules/<code>.dicts.json.
  const dicts =
    dictionaries && Object.keys(dictionaries).length
      ? formFileTexts(doc, null, dictionaries).find((f) => f.name.endsWith('.dicts.json'))
      : undefined;
  if (dicts) files.push({ path: dicts.name, name: `${code}.dicts.json`, text: dicts.text });
  return files;
}

/** Which of the analysts' files a chosen file is, by its name. */
export function fileRole(name: string): 'schema' | 'rules' | 'cases' | 'dicts' | 'other' {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (base.endsWith('.rules.json')) return 'rules';
  if (base.endsWith('.cases.json')) return 'cases';
  if (base.endsWith('.dicts.json')) return 'dicts';
  if (base.endsWith('.json')) return 'schema';
  return 'other';
}
