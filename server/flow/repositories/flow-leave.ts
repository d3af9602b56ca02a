import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ProcessLeaveTable } from '../../db/schema';

// The leave request (blade-desk process/leave, spec 000): the business row behind a leave process.

export type ProcessLeave = Selectable<ProcessLeaveTable>;

export async function insertLeave(db: Kysely<Database>, row: Insertable<ProcessLeaveTable>): Promise<void> {
  await db.insertInto('blade_process_leave').values(row).execute();
}

export function findLeave(db: Kysely<Database>, tenantId: string, id: string): Promise<ProcessLeave | undefined> {
  return db.selectFrom('blade_process_leave').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
