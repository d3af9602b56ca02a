import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A habits row as the table holds it (iph_user_info_habits, migration 048). */
export interface HabitsRow {
  id: string;
  tenant_id: string;
  row_version: number;
  create_time: Date;
  update_user: string | null;
  update_time: Date | null;
  [column: string]: unknown;
}

/** The archive's live habits row of the tenant (one at most: a unique index over tenant and archive). */
export async function findHabitsOfArchive(db: Kysely<Database>, tenantId: string, archId: string): Promise<HabitsRow | undefined> {
  const { rows } = await sql<HabitsRow>`select * from iph_user_info_habits
    where tenant_id = ${tenantId} and arch_id = ${archId} and is_deleted = 0 limit 1`.execute(db);
  return rows[0];
}
