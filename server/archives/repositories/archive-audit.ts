import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';

export interface SensitiveRead {
  tenantId: string;
  userId: string;
  userName: string;
  archiveId: string;
  field: string;
  route: string;
  time: Date;
}

/** One row per unmasked value shown; written in one statement per answer. */
export async function addSensitiveReads(db: Kysely<Database>, reads: SensitiveRead[]): Promise<void> {
  if (reads.length === 0) return;
  await db
    .insertInto('sensitive_read_audit')
    .values(
      reads.map((r) => ({
        id: newId(r.time.getTime()),
        tenant_id: r.tenantId,
        user_id: r.userId,
        user_name: r.userName,
        archive_id: r.archiveId,
        field: r.field,
        route: r.route,
        read_time: r.time,
      })),
    )
    .execute();
}

export async function listSensitiveReads(db: Kysely<Database>, tenantId: string, archiveId: string) {
  return db
    .selectFrom('sensitive_read_audit')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('archive_id', '=', archiveId)
    .orderBy('read_time')
    .orderBy('id')
    .execute();
}
