// The one mapping from a field or rule to its formfield / formfieldreckon columns, used by the
// admin screens' single-row edits and by replacing a whole working copy.

export interface FieldInput {
  formId: string;
  formCode: string;
  fieldProp: string;
  fieldLabel: string;
  fieldType: number;
  required: number | null;
  bizCode: string | null;
  fieldUrl: string | null;
  regExp: string | null;
  sort: number;
  ext: string | null;
}

export interface ReckonInput {
  formId: string;
  formCode: string;
  fieldProp: string;
  reckonId: string;
  kind: string | null;
  scontent: string | null;
  tcontent: string | null;
  errMsg: string | null;
  note: string | null;
  sort: number;
}

export const fieldColumns = (f: FieldInput) => ({
  form_id: f.formId,
  form_code: f.formCode,
  field_prop: f.fieldProp,
  field_label: f.fieldLabel,
  field_type: f.fieldType,
  required: f.required,
  biz_code: f.bizCode,
  field_url: f.fieldUrl,
  reg_exp: f.regExp,
  sort: f.sort,
  ext: f.ext,
});

export const reckonColumns = (r: ReckonInput) => ({
  form_id: r.formId,
  form_code: r.formCode,
  field_prop: r.fieldProp,
  reckon_id: r.reckonId,
  kind: r.kind,
  scontent: r.scontent,
  tcontent: r.tcontent,
  err_msg: r.errMsg,
  note: r.note,
  sort: r.sort,
});
