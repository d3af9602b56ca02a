// A form record as its paper form (pure: the caller reads the record, its form version, the
// resident and the dictionary lookup). The national forms' layout: the form's title, the resident's
// header, then one ruled table — each of the form's sections a band with its title in the left
// column, its fields as label | value pairs (the section's columns), a dictionary field's labels
// instead of its codes (the form's own lists, the tenant's dictionaries, the code maps: forms'
// dictionaryLookup, as the follow-up page shows them), numbers with their units. Every field of the
// form is printed, filled or not, as the paper form has every row; statically hidden ones are not.
import { ageYears, dictionaryText, type DictionaryLookup, type FieldDef, type FieldValue, type FormDocument } from '../../../src/engine';
import type { PrintCell, PrintDocument, PrintSection } from './pdf-layout';

export interface PrintedResident {
  name: string;
  sexText: string;
  birthday: string;
  archivesNo: string;
  /** Masked unless the caller may see it (and then audited by the caller). */
  idCard: string;
}

export interface PrintedRecord {
  id: string;
  values: Record<string, unknown>;
  visitDate: string | null;
  nextVisitDate: string | null;
  doctorName: string;
  /** The record's last change: the PDF's date, so printing twice gives the same bytes. */
  changed: Date;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A field's value as the paper shows it: a dictionary field's labels, a list joined, a number with its unit. */
export function printedValue(field: FieldDef, value: unknown, lookup: DictionaryLookup): string {
  if (isEmpty(value)) return '';
  const labels = dictionaryText(field, value as FieldValue, lookup);
  if (labels !== undefined) return labels;
  const plain = Array.isArray(value) ? value.map(String).join('，') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return field.unit ? `${plain} ${field.unit}` : plain;
}

/** The form's sections in order, each with its shown fields; fields of no (known) section last, under 其他. */
function sectionsOf(doc: FormDocument): { title: string; columns: number; fields: FieldDef[] }[] {
  const shown = doc.fields.filter((f) => !f.hidden);
  const known = new Set((doc.sections ?? []).map((s) => s.id));
  const out = (doc.sections ?? []).map((s) => ({
    title: s.title,
    columns: Math.min(Math.max(s.columns ?? 2, 1), 3),
    fields: shown.filter((f) => f.section === s.id),
  }));
  const rest = shown.filter((f) => !f.section || !known.has(f.section));
  if (rest.length) out.push({ title: out.length ? '其他' : doc.formName, columns: 2, fields: rest });
  return out.filter((s) => s.fields.length > 0);
}

/** Fields into rows of `pairs` label | value pairs; a field spans its `span` (of the section's columns). */
function rowsOf(fields: FieldDef[], pairs: number, text: (f: FieldDef) => string): PrintCell[][] {
  const rows: PrintCell[][] = [];
  let row: PrintCell[] = [];
  let used = 0;
  for (const f of fields) {
    const span = Math.min(Math.max(f.span ?? 1, 1), pairs);
    if (used + span > pairs) {
      rows.push(row);
      row = [];
      used = 0;
    }
    row.push({ label: f.printLabel ?? f.fieldLabel, value: text(f), span });
    used += span;
  }
  if (row.length) rows.push(row);
  return rows;
}

export interface PrintOptions {
  /** Only the filled fields (the short print of a report: print-easy-report). */
  filledOnly?: boolean;
  /** Sections printed after the form's own (a report's conclusion and approval). */
  extra?: PrintSection[];
  /** A later date than the record's last change that the printout also shows (a report's). */
  changed?: Date;
}

export function recordPrintDocument(
  doc: FormDocument,
  record: PrintedRecord,
  resident: PrintedResident,
  lookup: DictionaryLookup,
  options: PrintOptions = {},
): PrintDocument {
  const age = ageYears(resident.birthday, record.visitDate ?? record.changed.toISOString().slice(0, 10));
  const header: PrintSection = {
    heading: '居民信息',
    rows: [
      [
        { label: '姓名', value: resident.name },
        { label: '性别', value: resident.sexText },
      ],
      [
        { label: '出生日期', value: resident.birthday },
        { label: '年龄', value: age === null ? '' : `${age} 岁` },
      ],
      [
        { label: '档案编号', value: resident.archivesNo },
        { label: '身份证号', value: resident.idCard },
      ],
    ],
  };
  const laid = sectionsOf(doc)
    .map((s) => ({ ...s, fields: options.filledOnly ? s.fields.filter((f) => !isEmpty(record.values[f.fieldProp])) : s.fields }))
    .filter((s) => s.fields.length > 0);
  const sections: PrintSection[] = laid.map((s) => ({
    heading: s.title,
    rows: rowsOf(s.fields, s.columns, (f) => printedValue(f, record.values[f.fieldProp], lookup)),
  }));
  const date = options.changed && options.changed > record.changed ? options.changed : record.changed;
  return {
    title: doc.formName,
    date,
    author: record.doctorName,
    subject: `${resident.name} ${doc.formName}`,
    blocks: [
      { kind: 'title', text: doc.formName },
      { kind: 'line', text: `姓名：${resident.name}`, right: `编号：${resident.archivesNo}` },
      { kind: 'table', pairs: 2, sections: [header] },
      { kind: 'space', height: 8 },
      // The form's own columns: a section of three columns prints three pairs a row.
      ...groupByPairs(
        sections,
        laid.map((s) => s.columns),
      ),
      ...(options.extra?.length
        ? [
            { kind: 'space' as const, height: 8 },
            { kind: 'table' as const, pairs: 2, sections: options.extra },
          ]
        : []),
      { kind: 'space', height: 10 },
      {
        kind: 'line',
        text: `随访医生：${record.doctorName}`,
        right: `随访日期：${record.visitDate ?? ''}${record.nextVisitDate ? `    下次随访日期：${record.nextVisitDate}` : ''}`,
      },
    ],
  };
}

/** Consecutive sections with the same number of columns make one table block. */
function groupByPairs(sections: PrintSection[], columns: number[]) {
  const blocks: { kind: 'table'; pairs: number; sections: PrintSection[] }[] = [];
  sections.forEach((s, i) => {
    const pairs = columns[i] ?? 2;
    const last = blocks[blocks.length - 1];
    if (last && last.pairs === pairs) last.sections.push(s);
    else blocks.push({ kind: 'table', pairs, sections: [s] });
  });
  return blocks;
}
