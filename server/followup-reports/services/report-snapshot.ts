// What a report keeps of its follow-up record: a JSON snapshot written when the report is generated,
// so the report says what the record said that day even if the record changes later. Values are
// shown as the follow-up page shows them — a dictionary field's labels, not its codes — through the
// engine's one lookup for labels outside the form (dictionaryText over the tenant's dictionaries,
// the form's own lists and the code maps: forms' dictionaryLookup, as the history panel and 上次记录
// use it in the browser). Pure: the caller reads the record, the form and the lookup.
import { dictionaryText, type DictionaryLookup, type FieldDef, type FieldValue, type FormDocument } from '../../../src/engine';

export interface ReportFinding {
  prop: string;
  label: string;
  text: string;
}

export interface ReportAnomaly {
  field: string;
  label: string;
  message: string;
}

export interface ReportSnapshot {
  formCode: string;
  formName: string;
  formVersion: number;
  personName: string;
  visitDate: string | null;
  nextVisitDate: string | null;
  doctorName: string;
  /** Every filled field in the form's order, as the page shows it. */
  findings: ReportFinding[];
  /** The anomalies the doctor acknowledged when saving (有异常是否保存?), with the field's label. */
  anomalies: ReportAnomaly[];
}

export interface SnapshotRecord {
  formCode: string;
  formVersion: number;
  values: Record<string, unknown>;
  acknowledgements: unknown[];
  visitDate: string | null;
  nextVisitDate: string | null;
  doctorName: string;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A field's value as text: a dictionary field's labels, a list joined, a number with its unit. */
export function valueText(field: FieldDef, value: unknown, lookup: DictionaryLookup): string {
  const labels = dictionaryText(field, value as FieldValue, lookup);
  if (labels !== undefined) return labels;
  const plain = Array.isArray(value) ? value.map(String).join('，') : String(value);
  return field.unit ? `${plain}${field.unit}` : plain;
}

function anomaliesOf(acknowledgements: unknown[], labelOf: (field: string) => string): ReportAnomaly[] {
  const out: ReportAnomaly[] = [];
  for (const ack of acknowledgements) {
    const list = (ack as { anomalies?: unknown } | null)?.anomalies;
    if (!Array.isArray(list)) continue;
    for (const a of list as { field?: unknown; message?: unknown }[]) {
      const field = typeof a.field === 'string' ? a.field : '';
      out.push({ field, label: field ? labelOf(field) : '', message: typeof a.message === 'string' ? a.message : '' });
    }
  }
  return out;
}

export function reportSnapshot(doc: FormDocument, record: SnapshotRecord, personName: string, lookup: DictionaryLookup): ReportSnapshot {
  const findings: ReportFinding[] = [];
  for (const field of doc.fields) {
    const value = record.values[field.fieldProp];
    if (field.hidden || isEmpty(value)) continue;
    findings.push({ prop: field.fieldProp, label: field.printLabel ?? field.fieldLabel, text: valueText(field, value, lookup) });
  }
  const labels = new Map(doc.fields.map((f) => [f.fieldProp, f.fieldLabel]));
  return {
    formCode: record.formCode,
    formName: doc.formName,
    formVersion: record.formVersion,
    personName,
    visitDate: record.visitDate,
    nextVisitDate: record.nextVisitDate,
    doctorName: record.doctorName,
    findings,
    anomalies: anomaliesOf(record.acknowledgements, (f) => labels.get(f) ?? f),
  };
}
