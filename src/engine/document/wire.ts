// The server keeps a form as rows (002 §7: form, formfield, formfieldreckon). Wire names are the
// spec's; what the spec's rows lack (sections, layout, units, bounds, reckon kind and id) rides in
// an `ext` JSON text column, so a document survives the trip unchanged (see wire.test.ts).
import type { FieldDef, FieldType, FormDocument, Reckon, RuleKind } from '../types';

export interface FormRow {
  formCode: string;
  formName: string;
  version: number;
  remark: string | null;
  /** JSON: source, sections, $schema. */
  ext: string | null;
}

export interface FormFieldRow {
  formCode: string;
  fieldProp: string;
  fieldLabel: string;
  fieldType: FieldType;
  /** null: not stated (optional). */
  required: 0 | 1 | null;
  bizCode: string | null;
  fieldUrl: string | null;
  regExp: string | null;
  sort: number;
  /** JSON of the layout and extra properties (section, span, unit, min, max, default, …). */
  ext: string | null;
}

export interface FormFieldReckonRow {
  formCode: string;
  fieldProp: string;
  reckonId: string;
  /** null: a calc, as in rows that predate kinds. */
  kind: RuleKind | null;
  scontent: string | null;
  tcontent: string | null;
  errMsg: string | null;
  note: string | null;
  sort: number;
}

export interface WireRows {
  form: FormRow;
  fields: FormFieldRow[];
  reckons: FormFieldReckonRow[];
}

const FIELD_WIRE_KEYS = new Set(['fieldProp', 'fieldLabel', 'fieldType', 'required', 'bizCode', 'fieldUrl', 'regExp', 'reckons']);
const FORM_WIRE_KEYS = new Set(['formCode', 'formName', 'version', 'description', 'fields']);

const extOf = (obj: object, wire: Set<string>): string | null => {
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (!wire.has(k) && v !== undefined) extra[k] = v;
  return Object.keys(extra).length ? JSON.stringify(extra) : null;
};

/**
 * formfieldreckon rows name their field by fieldProp, so two fields with one fieldProp cannot be
 * told apart on the wire (their reckons would end up mixed). The meta-schema cannot say "unique by
 * fieldProp" and the compiler reports it (字段名重复); the conversion refuses it rather than lose rules.
 */
function assertUniqueProps(props: readonly string[]): void {
  const seen = new Set<string>();
  for (const p of props) {
    if (seen.has(p)) throw new Error(`字段名重复: ${p} (表单的字段名必须唯一, 规则行按字段名归属)`);
    seen.add(p);
  }
}

export function documentToWireRows(doc: FormDocument): WireRows {
  assertUniqueProps(doc.fields.map((f) => f.fieldProp));
  const form: FormRow = {
    formCode: doc.formCode,
    formName: doc.formName,
    version: doc.version,
    remark: doc.description ?? null,
    ext: extOf(doc, FORM_WIRE_KEYS),
  };
  const fields: FormFieldRow[] = [];
  const reckons: FormFieldReckonRow[] = [];
  doc.fields.forEach((f, i) => {
    const ext = extOf(f, FIELD_WIRE_KEYS);
    // An empty reckons list is kept apart from an absent one.
    const extWithEmpty = f.reckons && f.reckons.length === 0 ? JSON.stringify({ ...(ext ? JSON.parse(ext) : {}), reckons: [] }) : ext;
    fields.push({
      formCode: doc.formCode,
      fieldProp: f.fieldProp,
      fieldLabel: f.fieldLabel,
      fieldType: f.fieldType,
      required: f.required ?? null,
      bizCode: f.bizCode ?? null,
      fieldUrl: f.fieldUrl ?? null,
      regExp: f.regExp ?? null,
      sort: i,
      ext: extWithEmpty,
    });
    (f.reckons ?? []).forEach((r, j) => {
      reckons.push({
        formCode: doc.formCode,
        fieldProp: f.fieldProp,
        reckonId: r.id,
        kind: r.kind ?? null,
        scontent: r.scontent ?? null,
        tcontent: r.tcontent ?? null,
        errMsg: r.errMsg ?? null,
        note: r.note ?? null,
        sort: j,
      });
    });
  });
  return { form, fields, reckons };
}

export function wireRowsToDocument(rows: WireRows): FormDocument {
  const formExt = rows.form.ext ? (JSON.parse(rows.form.ext) as Partial<FormDocument>) : {};
  assertUniqueProps(rows.fields.map((f) => f.fieldProp));
  const props = new Set(rows.fields.map((f) => f.fieldProp));
  const byField = new Map<string, FormFieldReckonRow[]>();
  for (const r of rows.reckons) {
    // A rule whose field is gone would otherwise vanish without a word (and the server would stop enforcing it).
    if (!props.has(r.fieldProp)) throw new Error(`规则 ${r.reckonId} 指向表单没有的字段 ${r.fieldProp}`);
    const list = byField.get(r.fieldProp);
    if (list) list.push(r);
    else byField.set(r.fieldProp, [r]);
  }
  const fields: FieldDef[] = [...rows.fields]
    .sort((a, b) => a.sort - b.sort)
    .map((row) => {
      const ext = row.ext ? (JSON.parse(row.ext) as Partial<FieldDef>) : {};
      const f: FieldDef = { fieldProp: row.fieldProp, fieldLabel: row.fieldLabel, fieldType: row.fieldType, ...ext };
      if (row.required !== null) f.required = row.required;
      if (row.bizCode !== null) f.bizCode = row.bizCode;
      if (row.fieldUrl !== null) f.fieldUrl = row.fieldUrl;
      if (row.regExp !== null) f.regExp = row.regExp;
      const rs = (byField.get(row.fieldProp) ?? []).sort((a, b) => a.sort - b.sort);
      if (rs.length) f.reckons = rs.map(rowToReckon);
      return f;
    });
  const doc: FormDocument = { ...formExt, formCode: rows.form.formCode, formName: rows.form.formName, version: rows.form.version, fields };
  if (rows.form.remark !== null) doc.description = rows.form.remark;
  return doc;
}

function rowToReckon(r: FormFieldReckonRow): Reckon {
  const out: Reckon = { id: r.reckonId };
  if (r.kind !== null) out.kind = r.kind;
  if (r.scontent !== null) out.scontent = r.scontent;
  if (r.tcontent !== null) out.tcontent = r.tcontent;
  if (r.errMsg !== null) out.errMsg = r.errMsg;
  if (r.note !== null) out.note = r.note;
  return out;
}
