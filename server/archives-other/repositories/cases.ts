// The statements of the maternal and child cases (iph_user_archives_other, migration 056). Every
// statement names the tenant itself (row-level security is the second lock); values are bound.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ArchivesOtherTable } from '../../db/tables/archives-other';

export type CaseRow = Selectable<ArchivesOtherTable>;
/** A case with its resident's name, sex, birthday and ID number (user_archive). */
export type CaseWithResident = CaseRow & { person_name: string; sex: string; birthday: string; id_card: string };

export type CaseKind = 'maternal' | 'child';

const withResident = (db: Kysely<Database>, tenantId: string) =>
  db
    .selectFrom('iph_user_archives_other as o')
    .innerJoin('user_archive as a', (j) => j.onRef('a.id', '=', 'o.arch_id').onRef('a.tenant_id', '=', 'o.tenant_id'))
    .selectAll('o')
    .select(['a.person_name', 'a.sex', 'a.birthday', 'a.id_card'])
    .where('o.tenant_id', '=', tenantId)
    .where('o.is_deleted', '=', 0);

export async function findCase(db: Kysely<Database>, tenantId: string, id: string): Promise<CaseWithResident | undefined> {
  return withResident(db, tenantId).where('o.id', '=', id).executeTakeFirst();
}

export async function findCases(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<CaseRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('iph_user_archives_other')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('id', 'in', ids)
    .execute();
}

/** The resident's open (在管) pregnancy, if any. */
export async function openPregnancy(db: Kysely<Database>, tenantId: string, archId: string): Promise<CaseWithResident | undefined> {
  return withResident(db, tenantId)
    .where('o.arch_id', '=', archId)
    .where('o.kind', '=', 'maternal')
    .where('o.status', '=', '1')
    .executeTakeFirst();
}

/** The resident's latest closed pregnancy (by its LMP), if any. */
export async function lastClosedPregnancy(db: Kysely<Database>, tenantId: string, archId: string): Promise<CaseRow | undefined> {
  return db
    .selectFrom('iph_user_archives_other')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('arch_id', '=', archId)
    .where('kind', '=', 'maternal')
    .where('status', '=', '2')
    .orderBy('lmp', 'desc')
    .executeTakeFirst();
}

/** A child's live case: the child's own archive, or the same birth date + name + mother in the tenant. */
export async function findChildCase(
  db: Kysely<Database>,
  tenantId: string,
  by: { archId?: string; birthDate?: string; personName?: string; motherArchId?: string },
): Promise<CaseWithResident | undefined> {
  let q = withResident(db, tenantId).where('o.kind', '=', 'child').where('o.status', '<>', '3');
  if (by.archId) q = q.where('o.arch_id', '=', by.archId);
  else {
    if (!by.birthDate || !by.personName || !by.motherArchId) return undefined;
    q = q
      .where('o.birth_date', '=', by.birthDate)
      .where('a.person_name', '=', by.personName)
      .where('o.mother_arch_id', '=', by.motherArchId);
  }
  return q.orderBy('o.create_time', 'desc').executeTakeFirst();
}

export interface CaseFilter {
  kind: CaseKind;
  status?: string;
  archId?: string;
  doctorId?: string;
  riskColor?: string;
  lmpStart?: string;
  lmpEnd?: string;
  dueStart?: string;
  dueEnd?: string;
  /** Name (contains) or ID number (whole). */
  keyword?: string;
  motherArchId?: string;
}

export async function listCases(
  db: Kysely<Database>,
  tenantId: string,
  f: CaseFilter,
  page: { current: number; size: number },
): Promise<{ rows: CaseWithResident[]; total: number }> {
  let q = withResident(db, tenantId).where('o.kind', '=', f.kind);
  if (f.status) q = q.where('o.status', '=', f.status as '1' | '2' | '3');
  if (f.archId) q = q.where('o.arch_id', '=', f.archId);
  if (f.doctorId) q = q.where('o.doctor_id', '=', f.doctorId);
  if (f.riskColor) q = q.where('o.risk_color', '=', f.riskColor as 'green');
  if (f.lmpStart) q = q.where('o.lmp', '>=', f.lmpStart);
  if (f.lmpEnd) q = q.where('o.lmp', '<=', f.lmpEnd);
  if (f.dueStart) q = q.where('o.due_date', '>=', f.dueStart);
  if (f.dueEnd) q = q.where('o.due_date', '<=', f.dueEnd);
  if (f.motherArchId) q = q.where('o.mother_arch_id', '=', f.motherArchId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([eb('a.person_name', 'like', `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), eb('a.id_card', '=', k)]));
  }
  const counted = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  const rows = await q
    .orderBy('o.create_time', 'desc')
    .orderBy('o.id', 'desc')
    .limit(page.size)
    .offset((page.current - 1) * page.size)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

/** How many live form records each case holds. */
export async function recordCounts(db: Kysely<Database>, tenantId: string, ids: string[], formCode?: string): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  let q = db
    .selectFrom('form_record')
    .select(['other_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('other_id', 'in', ids);
  if (formCode) q = q.where('form_code', '=', formCode);
  const rows = await q.groupBy('other_id').execute();
  return new Map(rows.map((r) => [r.other_id as string, Number(r.n)]));
}

/** The keys of the cancel-reason dictionary the tenant sees (its own and the platform's). */
export async function cancelReasonKeys(db: Kysely<Database>, tenantId: string): Promise<Set<string>> {
  const { rows } = await sql<{ dict_key: string }>`select dict_key from blade_dict_biz
    where code = 'reason_cancellation' and dict_key <> '-1' and is_deleted = 0 and tenant_id in (${tenantId}, '000000')`.execute(db);
  return new Set(rows.map((r) => r.dict_key));
}

export type CasePatch = Updateable<ArchivesOtherTable>;

export async function insertCase(db: Kysely<Database>, row: Insertable<ArchivesOtherTable>): Promise<void> {
  await db.insertInto('iph_user_archives_other').values(row).execute();
}

/**
 * Applies `patch` to a live case of the tenant and bumps its version; with `rowVersion`, only over
 * that version. Answers whether it changed (RETURNING: kysely-pglite reports no counts).
 */
export async function updateCase(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  patch: CasePatch,
  rowVersion?: number,
): Promise<boolean> {
  let q = db
    .updateTable('iph_user_archives_other')
    .set({ ...patch, row_version: sql<number>`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (rowVersion !== undefined) q = q.where('row_version', '=', rowVersion);
  return Boolean(await q.returning('id').executeTakeFirst());
}

export async function removeCaseRows(db: Kysely<Database>, tenantId: string, ids: string[], actorId: string, now: Date): Promise<void> {
  await db
    .updateTable('iph_user_archives_other')
    .set({ is_deleted: 1, update_user: actorId, update_time: now, row_version: sql<number>`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** Ties a form record saved without a case to the case filed from it (create-by-follow). */
export async function linkRecordToCase(db: Kysely<Database>, tenantId: string, recordId: string, otherId: string): Promise<void> {
  await db
    .updateTable('form_record')
    .set({ other_id: otherId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', recordId)
    .where('other_id', 'is', null)
    .execute();
}

/** The name of the signed-in user's department (BladeX may send several ids, comma-separated: the first). */
export async function deptName(db: Kysely<Database>, tenantId: string, deptIds: string): Promise<string> {
  const id = deptIds.split(',')[0]?.trim();
  if (!id) return '';
  const row = await db
    .selectFrom('blade_dept')
    .select('dept_name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.dept_name ?? '';
}
