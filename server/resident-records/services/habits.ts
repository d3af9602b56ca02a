// A resident's 生活习惯 by archive (spec 001 §7 userinfohabits/info/{id}).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import { archiveExists } from '../../archives/index';
import { resourceView, type ResourceDocument, type ResourceView } from '../../resource-documents/index';
import { findHabitsOfArchive } from '../repositories/habits';

/**
 * The archive's habits row as the CRUD detail answers it, or null while none was saved (the screen
 * then offers a new one). An archive that is not a live one of the tenant is 档案不存在.
 */
export async function habitsOfArchive(
  db: Kysely<Database>,
  habits: ResourceDocument,
  tenantId: string,
  archId: string,
): Promise<ResourceView | null> {
  if (!(await archiveExists(db, tenantId, archId))) throw new NotFound('档案不存在');
  const row = await findHabitsOfArchive(db, tenantId, archId);
  return row ? resourceView(habits.block, row) : null;
}
