// The working copy of the form registry: form, formfield and formfieldreckon rows (spec 002 §7).
// Every query takes the caller's tenant; rows are soft-deleted (is_deleted = 1) like BladeX's.
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  documentToWireRows,
  wireRowsToDocument,
  type FieldType,
  type FormDocument,
  type RuleKind,
  type WireRows,
} from '../../../src/engine';
import { newId } from '../../db/ids';
import type { Actor } from '../../domain/actor';
import type { Database, FormFieldReckonTable, FormFieldTable, FormTable } from '../../db/schema';
import { jsonb } from '../../platform/repositories/form-json';
import { fieldColumns, reckonColumns } from './form-row-columns';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

export type FormRowDb = Selectable<FormTable>;
export type FormFieldDb = Selectable<FormFieldTable>;
export type FormReckonDb = Selectable<FormFieldReckonTable>;

export interface FormFilter {
  formCode?: string | undefined;
  formName?: string | undefined;
}

function formQuery(db: Kysely<Database>, tenantId: string, filter: FormFilter) {
  let q = db.selectFrom('form').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  if (filter.formCode) q = q.where('form_code', 'like', `%${escapeLike(filter.formCode)}%`);
  if (filter.formName) q = q.where('form_name', 'like', `%${escapeLike(filter.formName)}%`);
  return q;
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listForms(db: Kysely<Database>, tenantId: string, filter: FormFilter, current: number, size: number) {
  const base = formQuery(db, tenantId, filter);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('form_code')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function allForms(db: Kysely<Database>, tenantId: string): Promise<FormRowDb[]> {
  return formQuery(db, tenantId, {}).selectAll().orderBy('form_code').execute();
}

export async function findForm(db: Kysely<Database>, tenantId: string, id: string): Promise<FormRowDb | undefined> {
  return db
    .selectFrom('form')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findFormByCode(db: Kysely<Database>, tenantId: string, formCode: string): Promise<FormRowDb | undefined> {
  return db
    .selectFrom('form')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('form_code', '=', formCode)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function insertForm(
  db: Kysely<Database>,
  tenantId: string,
  row: {
    formCode: string;
    formName: string;
    remark: string | null;
    ext: string | null;
    version?: number;
    cases?: unknown;
    dictionaries?: unknown;
  },
  actor: Actor,
  now: Date,
): Promise<FormRowDb> {
  return db
    .insertInto('form')
    .values({
      id: newId(now.getTime()),
      tenant_id: tenantId,
      form_code: row.formCode,
      form_name: row.formName,
      version: row.version ?? 0,
      remark: row.remark,
      ext: row.ext,
      ...(row.cases !== undefined && { cases: jsonb(row.cases) }),
      ...(row.dictionaries !== undefined && row.dictionaries !== null && { dictionaries: jsonb(row.dictionaries) }),
      create_user: actor.userId,
      create_time: now,
      update_user: actor.userId,
      update_user_name: actor.userName,
      update_time: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const changedBy = (actor: Actor, now: Date) => ({ update_user: actor.userId, update_user_name: actor.userName, update_time: now });

/**
 * Holds the working copy for a change when it still has the row version the caller read: a no-op
 * UPDATE conditional on it, which on PostgreSQL also locks the row until the transaction ends, so of
 * two saves made from one version the second waits, then finds the version moved on. False: stale.
 */
export async function holdFormRowVersion(db: Kysely<Database>, tenantId: string, id: string, rowVersion: number): Promise<boolean> {
  const row = await db
    .updateTable('form')
    .set({ row_version: sql<number>`row_version` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('row_version', '=', rowVersion)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function updateForm(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  set: {
    formName?: string;
    remark?: string | null;
    ext?: string | null;
    version?: number;
    cases?: unknown;
    dictionaries?: unknown;
    bump?: boolean;
  },
  actor: Actor,
  now: Date,
): Promise<void> {
  await db
    .updateTable('form')
    .set({
      ...(set.formName !== undefined && { form_name: set.formName }),
      ...(set.remark !== undefined && { remark: set.remark }),
      ...(set.ext !== undefined && { ext: set.ext }),
      ...(set.version !== undefined && { version: set.version }),
      ...(set.cases !== undefined && { cases: set.cases === null ? null : jsonb(set.cases) }),
      ...(set.dictionaries !== undefined && { dictionaries: set.dictionaries === null ? null : jsonb(set.dictionaries) }),
      // A change of the working copy's content (not a publish recording its version number).
      ...(set.bump === true && { row_version: sql<number>`row_version + 1` }),
      ...changedBy(actor, now),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Soft-deletes forms with their fields and rules; published versions stay (old records still open). */
export async function removeForms(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await softDeleteFrom(db, 'form', tenantId).where('id', 'in', ids).returning('id').execute();
  const gone = removed.map((r) => r.id);
  if (gone.length) {
    await softDeleteFrom(db, 'form_field', tenantId).where('form_id', 'in', gone).execute();
    await softDeleteFrom(db, 'form_field_reckon', tenantId).where('form_id', 'in', gone).execute();
  }
  return gone.length;
}

export async function formFields(db: Kysely<Database>, tenantId: string, formId: string): Promise<FormFieldDb[]> {
  return db
    .selectFrom('form_field')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('form_id', '=', formId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function formReckons(db: Kysely<Database>, tenantId: string, formId: string): Promise<FormReckonDb[]> {
  return db
    .selectFrom('form_field_reckon')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('form_id', '=', formId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The working copy as the engine’s wire rows. */
export async function workingRows(db: Kysely<Database>, tenantId: string, form: FormRowDb): Promise<WireRows> {
  const [fields, reckons] = await Promise.all([formFields(db, tenantId, form.id), formReckons(db, tenantId, form.id)]);
  return {
    // The working copy is the draft of the next version.
    form: { formCode: form.form_code, formName: form.form_name, version: form.version + 1, remark: form.remark, ext: form.ext },
    fields: fields.map((f) => ({
      formCode: form.form_code,
      fieldProp: f.field_prop,
      fieldLabel: f.field_label,
      fieldType: f.field_type as FieldType,
      required: f.required === null ? null : f.required === 1 ? 1 : 0,
      bizCode: f.biz_code,
      fieldUrl: f.field_url,
      regExp: f.reg_exp,
      sort: f.sort,
      ext: f.ext,
    })),
    reckons: reckons.map((r) => ({
      formCode: form.form_code,
      fieldProp: r.field_prop,
      reckonId: r.reckon_id,
      kind: r.kind as RuleKind | null,
      scontent: r.scontent,
      tcontent: r.tcontent,
      errMsg: r.err_msg,
      note: r.note,
      sort: r.sort,
    })),
  };
}

export async function workingDocument(db: Kysely<Database>, tenantId: string, form: FormRowDb): Promise<FormDocument> {
  return wireRowsToDocument(await workingRows(db, tenantId, form));
}

/** Replaces the working copy's fields and rules with a document's (the designer's save, the bundled import). */
export async function replaceFormContent(
  db: Kysely<Database>,
  tenantId: string,
  form: FormRowDb,
  doc: FormDocument,
  actor: Actor,
  now: Date,
): Promise<void> {
  const rows = documentToWireRows(doc);
  await db.deleteFrom('form_field').where('tenant_id', '=', tenantId).where('form_id', '=', form.id).execute();
  await db.deleteFrom('form_field_reckon').where('tenant_id', '=', tenantId).where('form_id', '=', form.id).execute();
  if (rows.fields.length) {
    await db
      .insertInto('form_field')
      .values(
        rows.fields.map((f) => ({
          id: newId(now.getTime()),
          tenant_id: tenantId,
          ...fieldColumns({ ...f, formId: form.id, formCode: form.form_code }),
        })),
      )
      .execute();
  }
  if (rows.reckons.length) {
    await db
      .insertInto('form_field_reckon')
      .values(
        rows.reckons.map((r) => ({
          id: newId(now.getTime()),
          tenant_id: tenantId,
          ...reckonColumns({ ...r, formId: form.id, formCode: form.form_code }),
        })),
      )
      .execute();
  }
  await updateForm(db, tenantId, form.id, { formName: doc.formName, remark: rows.form.remark, ext: rows.form.ext, bump: true }, actor, now);
}

/** Marks the working copy changed (a field or rule was edited through its own endpoint). */
export async function touchForm(db: Kysely<Database>, tenantId: string, formId: string, actor: Actor, now: Date): Promise<void> {
  await updateForm(db, tenantId, formId, { bump: true }, actor, now);
}
