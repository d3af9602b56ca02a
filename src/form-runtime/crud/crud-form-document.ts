// The CRUD schema's form part as a form document, so a <CrudPage> dialog runs the engine as a
// follow-up does: one field per column with a `form` entry, its required message as a required
// rule, its options as the form's own option list. Values go through `toForm` / `fromForm`:
// the engine keeps dictionary codes as strings, a CRUD option's value may be a number.
import type { FieldDef, FieldType, FieldValue, FormDocument, FormOptionList, FormValues, Reckon } from '../../engine';
import type { CrudColumn, CrudFormInput, FormRow } from './crud-types';

const TYPE_OF: Record<CrudFormInput, FieldType> = { input: 3, textarea: 6, number: 4, select: 1, radio: 2 };
const CHOICE = new Set<FieldType>([1, 2, 7, 8]);
/** Several choices: a list in the form, BladeX's comma-joined text on the row (roleId "1,2"). */
const MULTI = new Set<FieldType>([7, 8]);
const SECTION = 'crud';

export interface CrudFormDocument {
  document: FormDocument;
  /** A row's values as the form holds them. */
  toForm: (row: FormRow) => FormValues;
  /** The form's values as the row's (an option's own value back, numbers as numbers). */
  fromForm: (values: Record<string, FieldValue>) => FormRow;
}

/**
 * The dialog's document for this opening: `mode` and `row` decide which fields are read-only. With
 * `bundled` (CrudSchema.formCode) its fields and rules are the dialog's, the columns adding their
 * label (in the user's language), options, span and read-only state; without it every field comes
 * from the columns.
 */
export function crudFormDocument<T>(
  formCode: string,
  title: string,
  columns: CrudColumn<T>[],
  mode: 'add' | 'edit',
  row: FormRow | undefined,
  bundled?: FormDocument,
): CrudFormDocument {
  const editable = columns.filter((c) => c.form && (!bundled || bundled.fields.some((f) => f.fieldProp === c.prop)));
  const options: Record<string, FormOptionList> = { ...bundled?.options };
  const fields: FieldDef[] = editable.map((column) => {
    const f = column.form!;
    const own = bundled?.fields.find((d) => d.fieldProp === column.prop);
    const fieldType = own?.fieldType ?? TYPE_OF[f.input ?? 'input'];
    const field: FieldDef = {
      ...own,
      fieldProp: column.prop,
      fieldLabel: column.label,
      fieldType,
      section: SECTION,
      span: (f.span ?? 12) > 12 ? 2 : 1,
    };
    if (fieldType === 4) Object.assign(field, { min: 0, precision: 0 });
    if (CHOICE.has(fieldType)) {
      // The column's options are what the screen offers (in the user's language); a bundled list of
      // the same codes is what the server checks against.
      const code = own?.bizCode ?? column.prop;
      field.bizCode = code;
      if (column.options?.length)
        options[code] = { name: column.label, items: column.options.map((o) => ({ value: String(o.value), label: o.label })) };
    }
    if (f.placeholder !== undefined) field.placeholder = f.placeholder;
    if (f.disabled?.(mode, row)) field.disabled = true;
    const reckons: Reckon[] =
      !own && f.required ? [{ id: `${column.prop}.req`, kind: 'required', scontent: 'true', errMsg: f.required }] : [];
    if (reckons.length) field.reckons = reckons;
    return field;
  });
  const document: FormDocument = {
    formCode,
    formName: bundled?.formName ?? title,
    version: bundled?.version ?? 1,
    placement: { kind: 'dialog' },
    ...(Object.keys(options).length > 0 && { options }),
    sections: [{ id: SECTION, title: '', columns: 2 }],
    fields,
  };
  const typeOf = new Map(fields.map((f) => [f.fieldProp, f.fieldType]));
  const optionsOf = new Map(editable.map((c) => [c.prop as string, c.options ?? []]));

  const toForm = (values: FormRow): FormValues => {
    const out: FormValues = {};
    for (const [prop, type] of typeOf) {
      const v = values[prop];
      if (v === undefined || v === null || v === '') continue;
      if (type === 4) out[prop] = typeof v === 'number' ? v : Number(v);
      else if (MULTI.has(type)) out[prop] = (Array.isArray(v) ? v : String(v).split(',')).map(String).filter((x) => x !== '');
      else out[prop] = String(v);
    }
    return out;
  };
  const fromForm = (values: Record<string, FieldValue>): FormRow => {
    const out: FormRow = {};
    for (const [prop, type] of typeOf) {
      const v = values[prop];
      if (v === undefined) continue;
      if (MULTI.has(type)) {
        out[prop] = Array.isArray(v) ? v.join(',') : v;
        continue;
      }
      out[prop] = CHOICE.has(type) && v !== null ? (optionsOf.get(prop)?.find((o) => String(o.value) === v)?.value ?? v) : v;
    }
    return out;
  };
  return { document, toForm, fromForm };
}
