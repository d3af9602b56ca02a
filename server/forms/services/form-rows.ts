// The designer's single-row edits (formfield and formfieldreckon, spec 002 §7): a field or rule
// saved, or rows removed, together with marking the form changed — each in one transaction.
import type { Kysely } from 'kysely';
import type { FormDocument, RuleKind } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { findField, findReckon, renameReckonField, saveField, saveReckon, type removeFields } from '../repositories/form-fields';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { latestVersion } from '../repositories/form-versions';
import { findForm, findFormByCode, formFields, formReckons, touchForm, type FormFieldDb, type FormReckonDb } from '../repositories/forms';
import { actorOf, idList, requireFormAdministrator } from './form-access';
import { loadWorkingDocument } from './form-publish';

type RowDeps = Pick<AppDeps, 'db'>;

/** What both row kinds carry: the row (absent for a new one), its form and field, and its place. */
interface RowSubmit {
  id?: string | undefined;
  formId: string;
  fieldProp: string;
  sort?: number | undefined;
}

type Text = string | null | undefined;

export interface FieldSubmit extends RowSubmit {
  fieldLabel: string;
  fieldType: number;
  required?: number | null | undefined;
  bizCode?: Text;
  fieldUrl?: Text;
  regExp?: Text;
  /** A JSON object, or its text; the route's schema lets any JSON through and extText refuses the rest. */
  ext?: unknown;
}

export interface ReckonSubmit extends RowSubmit {
  reckonId: string;
  kind?: RuleKind | null | undefined;
  scontent?: Text;
  tcontent?: Text;
  errMsg?: Text;
  note?: Text;
}

const blankToNull = (v: Text) => (v === undefined || v === null || v.trim() === '' ? null : v);

/** The document the runtime sees for a form code: the latest published version, else the working copy. */
export async function documentFor(db: Kysely<Database>, tenantId: string, formCode: string): Promise<FormDocument> {
  const published = await latestVersion(db, tenantId, formCode);
  if (published) return published.document;
  const form = await findFormByCode(db, tenantId, formCode);
  if (!form) throw new NotFound('表单不存在');
  return loadWorkingDocument(db, tenantId, form);
}

/** A field's ext as stored: a JSON object's text, or null; anything else is refused. */
function extText(ext: FieldSubmit['ext']): string | null {
  if (typeof ext === 'string' && ext.trim() !== '') {
    try {
      if (typeof JSON.parse(ext) !== 'object') throw new Error('not an object');
    } catch {
      throw new Refusal('参数[ext]不是有效的JSON对象');
    }
    return ext;
  }
  if (ext && typeof ext === 'object' && !Array.isArray(ext)) return JSON.stringify(ext);
  if (ext !== undefined && ext !== null && ext !== '') throw new Refusal('参数[ext]不是有效的JSON对象');
  return null;
}

/** Creates (no id) or updates a field of a form's working copy. */
export async function submitField(deps: RowDeps, auth: AccessClaims, body: FieldSubmit, now: Date): Promise<FormFieldDb> {
  requireFormAdministrator(auth);
  const tenantId = auth.tenant_id;
  if (body.regExp) {
    try {
      new RegExp(body.regExp);
    } catch {
      throw new Refusal(`${body.fieldLabel}的正则表达式不正确`);
    }
  }
  const ext = extText(body.ext);
  return inTransaction(deps.db, async (trx) => {
    const form = await findForm(trx, tenantId, body.formId);
    if (!form) throw new NotFound('表单不存在');
    const existing = body.id ? await findField(trx, tenantId, body.id) : undefined;
    if (body.id && (!existing || existing.form_id !== form.id)) throw new NotFound('字段不存在');
    const siblings = await formFields(trx, tenantId, form.id);
    if (siblings.some((f) => f.field_prop === body.fieldProp && f.id !== body.id)) throw new Refusal(`字段名已存在: ${body.fieldProp}`);
    const row = await saveField(
      trx,
      tenantId,
      body.id,
      {
        formId: form.id,
        formCode: form.form_code,
        fieldProp: body.fieldProp,
        fieldLabel: body.fieldLabel,
        fieldType: body.fieldType,
        required: body.required ?? null,
        bizCode: blankToNull(body.bizCode),
        fieldUrl: blankToNull(body.fieldUrl),
        regExp: blankToNull(body.regExp),
        sort: body.sort ?? existing?.sort ?? siblings.length,
        ext,
      },
      now,
    );
    if (existing && existing.field_prop !== body.fieldProp)
      await renameReckonField(trx, tenantId, form.id, existing.field_prop, body.fieldProp);
    await touchForm(trx, tenantId, form.id, actorOf(auth), now);
    return row;
  });
}

/** Creates (no id) or updates a rule of a form's working copy; its field must exist. */
export async function submitReckon(deps: RowDeps, auth: AccessClaims, body: ReckonSubmit, now: Date): Promise<FormReckonDb> {
  requireFormAdministrator(auth);
  const tenantId = auth.tenant_id;
  return inTransaction(deps.db, async (trx) => {
    const form = await findForm(trx, tenantId, body.formId);
    if (!form) throw new NotFound('表单不存在');
    const existing = body.id ? await findReckon(trx, tenantId, body.id) : undefined;
    if (body.id && (!existing || existing.form_id !== form.id)) throw new NotFound('规则不存在');
    const fields = await formFields(trx, tenantId, form.id);
    if (!fields.some((f) => f.field_prop === body.fieldProp)) throw new Refusal(`表单没有字段 ${body.fieldProp}`);
    const reckons = await formReckons(trx, tenantId, form.id);
    if (reckons.some((r) => r.reckon_id === body.reckonId && r.id !== body.id)) throw new Refusal(`规则编号已存在: ${body.reckonId}`);
    const row = await saveReckon(
      trx,
      tenantId,
      body.id,
      {
        formId: form.id,
        formCode: form.form_code,
        fieldProp: body.fieldProp,
        reckonId: body.reckonId,
        kind: body.kind ?? null,
        scontent: blankToNull(body.scontent),
        tcontent: blankToNull(body.tcontent),
        errMsg: blankToNull(body.errMsg),
        note: blankToNull(body.note),
        sort: body.sort ?? existing?.sort ?? reckons.filter((r) => r.field_prop === body.fieldProp).length,
      },
      now,
    );
    await touchForm(trx, tenantId, form.id, actorOf(auth), now);
    return row;
  });
}

/**
 * remove?ids= for fields and rules alike: each form that lost a row is marked changed (its working
 * copy differs from the published version) in the same transaction. `ids` is the comma-separated
 * text sent; `missing` answers when no row named was there to remove.
 */
export async function removeFormRows(
  deps: RowDeps,
  auth: AccessClaims,
  remove: typeof removeFields,
  idsText: string,
  missing: string,
  now: Date,
): Promise<void> {
  requireFormAdministrator(auth);
  const ids = idList(idsText);
  if (ids.length === 0) throw new Refusal('请选择至少一条数据');
  const forms = await inTransaction(deps.db, async (trx) => {
    const touched = await remove(trx, auth.tenant_id, ids);
    for (const formId of touched) await touchForm(trx, auth.tenant_id, formId, actorOf(auth), now);
    return touched;
  });
  if (forms.length === 0) throw new NotFound(missing);
}
