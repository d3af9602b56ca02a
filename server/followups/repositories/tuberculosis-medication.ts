// The tuberculosis medication card (migration 010): one row per archive. Every query takes the
// caller's tenant.
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { Database, MedicationDose, TuberculosisMedicationTable } from '../../db/schema';
import { jsonb } from '../../platform/repositories/form-json';
import type { Actor } from '../../domain/actor';

export type MedicationCardDb = Selectable<TuberculosisMedicationTable>;

export interface MedicationCardInput {
  regimen: string;
  startDate: string | null;
  supervisor: string;
  doses: MedicationDose[];
}

export async function findMedicationCard(db: Kysely<Database>, tenantId: string, archId: string): Promise<MedicationCardDb | undefined> {
  return db
    .selectFrom('tuberculosis_medication')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('arch_id', '=', archId)
    .executeTakeFirst();
}

/**
 * Writes an archive's card: inserts the first one, else replaces it when rowVersion is the stored
 * one. Answers undefined when another save came first (the caller reports the conflict).
 */
export async function saveMedicationCard(
  db: Kysely<Database>,
  tenantId: string,
  archId: string,
  card: MedicationCardInput,
  rowVersion: number | undefined,
  actor: Actor,
  now: Date,
): Promise<MedicationCardDb | undefined> {
  const content = {
    regimen: card.regimen,
    start_date: card.startDate,
    supervisor: card.supervisor,
    doses: jsonb(card.doses),
    update_user: actor.userId,
    update_user_name: actor.userName,
    update_time: now,
  };
  if (rowVersion === undefined) {
    return db
      .insertInto('tuberculosis_medication')
      .values({
        id: newId(now.getTime()),
        tenant_id: tenantId,
        arch_id: archId,
        row_version: 1,
        create_user: actor.userId,
        create_time: now,
        ...content,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'arch_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }
  return db
    .updateTable('tuberculosis_medication')
    .set((eb) => ({ ...content, row_version: eb('row_version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('arch_id', '=', archId)
    .where('row_version', '=', rowVersion)
    .returningAll()
    .executeTakeFirst();
}
