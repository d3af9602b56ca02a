// The maternal cases (iph_user_archives_other, kind 'maternal') and their form records (form_record with
// other_id), as the maternal calls read and change them.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type MaternalDb = Kysely<Database>;

/** A maternal case of the tenant (any status), or undefined. */
export async function findMaternalCase(db: MaternalDb, tenantId: string, id: string) {
  return db
    .selectFrom('iph_user_archives_other')
    .select([
      'id',
      'arch_id',
      'kind',
      'status',
      'lmp',
      'due_date',
      'gravidity',
      'parity',
      'risk_color',
      'delivery_date',
      'close_date',
      'close_reason',
    ])
    .select(sql<number>`risk_infectious`.as('risk_infectious'))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('kind', '=', 'maternal')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}
export type MaternalCase = NonNullable<Awaited<ReturnType<typeof findMaternalCase>>>;

/** The live records of a case, of these forms (all when empty), newest visit first (at most 500). */
export async function caseRecords(db: MaternalDb, tenantId: string, otherId: string, formCodes: readonly string[] = []) {
  let q = db
    .selectFrom('form_record')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('other_id', '=', otherId)
    .where('is_deleted', '=', 0);
  if (formCodes.length) q = q.where('form_code', 'in', [...formCodes]);
  // The forms without a visit field (产时信息, 死亡报告卡) are dated by their own date.
  const day = sql<string>`coalesce(visit_date::text, values->>'deliveryDate', values->>'deathDate', values->>'registerDate', to_char(create_time, 'YYYY-MM-DD'))`;
  return q.orderBy(day, 'desc').orderBy('create_time', 'desc').orderBy('id', 'desc').limit(500).execute();
}

/** The case's risk colour and purple mark (risk_infectious, migration 060: not in the shared row type, hence SQL). */
export async function setCaseRisk(db: MaternalDb, tenantId: string, id: string, color: string, infectious: boolean, now: Date) {
  await sql`UPDATE iph_user_archives_other SET risk_color = ${color}, risk_infectious = ${infectious ? 1 : 0}, update_time = ${now}
    WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(db);
}

export async function setDeliveryDate(db: MaternalDb, tenantId: string, id: string, date: string, now: Date) {
  await db
    .updateTable('iph_user_archives_other')
    .set({ delivery_date: date, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Closes an open case (status '1' → '2'); true when it was open. */
export async function closeCase(db: MaternalDb, tenantId: string, id: string, date: string, reason: string, userId: string, now: Date) {
  const r = await db
    .updateTable('iph_user_archives_other')
    .set({ status: '2', close_date: date, close_reason: reason, update_user: userId, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', '1')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The open pregnancies of the tenant with the resident's name (the due list). */
export async function openPregnancies(db: MaternalDb, tenantId: string) {
  return db
    .selectFrom('iph_user_archives_other as o')
    .innerJoin('user_archive as a', (j) => j.onRef('a.id', '=', 'o.arch_id').onRef('a.tenant_id', '=', 'o.tenant_id'))
    .select(['o.id', 'o.arch_id', 'o.lmp', 'o.due_date', 'o.risk_color', 'a.person_name'])
    .where('o.tenant_id', '=', tenantId)
    .where('o.kind', '=', 'maternal')
    .where('o.status', '=', '1')
    .where('o.is_deleted', '=', 0)
    .where('a.is_deleted', '=', 0)
    .orderBy('o.lmp', 'asc')
    .orderBy('o.id', 'asc')
    .limit(20_000)
    .execute();
}

/** The prenatal visits recorded for these cases: otherId → visit numbers (1 = first visit, 2–5). */
export async function prenatalVisitNumbers(
  db: MaternalDb,
  tenantId: string,
  otherIds: readonly string[],
  firstVisit: string,
  prenatal: string,
) {
  const done = new Map<string, Set<number>>();
  for (let i = 0; i < otherIds.length; i += 1000) {
    const rows = await db
      .selectFrom('form_record')
      .select(['other_id', 'form_code', sql<string | null>`values->>'visitNo'`.as('visit_no')])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('form_code', 'in', [firstVisit, prenatal])
      .where('other_id', 'in', otherIds.slice(i, i + 1000))
      .execute();
    for (const r of rows) {
      const n = r.form_code === firstVisit ? 1 : Number(r.visit_no);
      if (!r.other_id || !Number.isInteger(n)) continue;
      (done.get(r.other_id) ?? done.set(r.other_id, new Set()).get(r.other_id)!).add(n);
    }
  }
  return done;
}
