// Rows as the API shows them: camelCase, ids as strings, times as 'yyyy-MM-dd HH:mm:ss'.
import type { FormFieldDb, FormReckonDb, FormRowDb } from '../repositories/forms';
import type { FieldView, FormView, ReckonView } from '../../../src/shared/contract/forms';

const pad = (n: number) => String(n).padStart(2, '0');

/** BladeX's date-time text, in the server's local time. */
export function dateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formView(f: FormRowDb): FormView {
  return {
    id: f.id,
    tenantId: f.tenant_id,
    formCode: f.form_code,
    formName: f.form_name,
    version: f.version,
    remark: f.remark,
    ext: f.ext,
    createUser: f.create_user,
    createTime: dateTime(f.create_time),
    updateUser: f.update_user,
    updateUserName: f.update_user_name,
    updateTime: dateTime(f.update_time),
    /** The working copy's version: send it back with form/submit to be told of another's edit (409). */
    rowVersion: f.row_version,
  };
}

export function fieldView(f: FormFieldDb): FieldView {
  return {
    id: f.id,
    formId: f.form_id,
    formCode: f.form_code,
    fieldProp: f.field_prop,
    fieldLabel: f.field_label,
    fieldType: f.field_type,
    required: f.required,
    bizCode: f.biz_code,
    fieldUrl: f.field_url,
    regExp: f.reg_exp,
    sort: f.sort,
    ext: f.ext,
  };
}

export function reckonView(r: FormReckonDb): ReckonView {
  return {
    id: r.id,
    formId: r.form_id,
    formCode: r.form_code,
    fieldProp: r.field_prop,
    reckonId: r.reckon_id,
    kind: r.kind,
    scontent: r.scontent,
    tcontent: r.tcontent,
    errMsg: r.err_msg,
    note: r.note,
    sort: r.sort,
  };
}
