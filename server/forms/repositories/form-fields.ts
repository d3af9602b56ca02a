// formfield and formfieldreckon rows edited one at a time (the admin screens' CRUD lists).
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { fieldColumns, reckonColumns, type FieldInput, type ReckonInput } from './form-row-columns';
import type { FormFieldDb, FormReckonDb } from './forms';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

export type { FieldInput, ReckonInput } from './form-row-columns';

export interface RowFilter {
  formId?: string | undefined;
  formCode?: string | undefined;
  fieldProp?: string | undefined;
}

export async function findField(db: Kysely<Database>, tenantId: string, id: string): Promise<FormFieldDb | undefined> {
  return db
    .selectFrom('form_field')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findReckon(db: Kysely<Database>, tenantId: string, id: string): Promise<FormReckonDb | undefined> {
  return db
    .selectFrom('form_field_reckon')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function listFields(db: Kysely<Database>, tenantId: string, filter: RowFilter, current: number, size: number) {
  let base = db.selectFrom('form_field').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  if (filter.formId) base = base.where('form_id', '=', filter.formId);
  if (filter.formCode) base = base.where('form_code', '=', filter.formCode);
  if (filter.fieldProp) base = base.where('field_prop', '=', filter.fieldProp);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('form_code')
      .orderBy('sort')
      .orderBy('id')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function listReckons(db: Kysely<Database>, tenantId: string, filter: RowFilter, current: number, size: number) {
  let base = db.selectFrom('form_field_reckon').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  if (filter.formId) base = base.where('form_id', '=', filter.formId);
  if (filter.formCode) base = base.where('form_code', '=', filter.formCode);
  if (filter.fieldProp) base = base.where('field_prop', '=', filter.fieldProp);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('form_code')
      .orderBy('field_prop')
      .orderBy('sort')
      .orderBy('id')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The designer's row tables saved by id: a field and a field's rule. */
type DesignerRowTable = 'form_field' | 'form_field_reckon';

/**
 * Updates the tenant's row `id` with `columns`, or inserts them as a new row when there is no id.
 * kysely types a statement over a union of tables by their common columns only, so the columns go in
 * unchecked here; each caller passes its own table's (fieldColumns, reckonColumns), typed there.
 */
async function updateOrInsert<T extends DesignerRowTable>(
  db: Kysely<Database>,
  table: T,
  tenantId: string,
  id: string | undefined,
  columns: object,
  now: Date,
): Promise<Selectable<Database[T]>> {
  const into = table as DesignerRowTable;
  const row = id
    ? await db
        .updateTable(into)
        .set(columns as never)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await db
        .insertInto(into)
        .values({ id: newId(now.getTime()), tenant_id: tenantId, ...columns } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
  return row as Selectable<Database[T]>;
}

export async function saveField(
  db: Kysely<Database>,
  tenantId: string,
  id: string | undefined,
  input: FieldInput,
  now: Date,
): Promise<FormFieldDb> {
  return updateOrInsert(db, 'form_field', tenantId, id, fieldColumns(input), now);
}

export async function saveReckon(
  db: Kysely<Database>,
  tenantId: string,
  id: string | undefined,
  input: ReckonInput,
  now: Date,
): Promise<FormReckonDb> {
  return updateOrInsert(db, 'form_field_reckon', tenantId, id, reckonColumns(input), now);
}

/** Soft-deletes fields and the rules that belong to them; returns the forms touched. */
export async function removeFields(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await softDeleteFrom(db, 'form_field', tenantId).where('id', 'in', ids).returning(['form_id', 'field_prop']).execute();
  for (const f of gone)
    await softDeleteFrom(db, 'form_field_reckon', tenantId)
      .where('form_id', '=', f.form_id)
      .where('field_prop', '=', f.field_prop)
      .execute();
  return [...new Set(gone.map((f) => f.form_id))];
}

export async function removeReckons(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await softDeleteFrom(db, 'form_field_reckon', tenantId).where('id', 'in', ids).returning('form_id').execute();
  return [...new Set(gone.map((f) => f.form_id))];
}

/** Rules name their field by fieldProp: a renamed field takes its rules along. */
export async function renameReckonField(db: Kysely<Database>, tenantId: string, formId: string, from: string, to: string): Promise<void> {
  await db
    .updateTable('form_field_reckon')
    .set({ field_prop: to })
    .where('tenant_id', '=', tenantId)
    .where('form_id', '=', formId)
    .where('field_prop', '=', from)
    .execute();
}
