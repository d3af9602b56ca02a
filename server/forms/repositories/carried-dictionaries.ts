// The business dictionary rows a publish creates from the dictionaries its form carries (issue 30):
// a dictionary the tenant lacks (a parent row, parent_id '0') and the items it lacks. Run inside the
// publish's transaction, in the tenant's scope; the decisions are forms/services/carried-dictionaries.ts'.
import type { Kysely } from 'kysely';
import type { DictOption } from '../../../src/engine';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';

/** A new dictionary of the tenant (its parent row); answers its id. */
export async function insertDictionaryParent(
  db: Kysely<Database>,
  tenantId: string,
  dictionary: { code: string; name: string },
  userId: string,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_dict_biz')
    .values({
      id,
      tenant_id: tenantId,
      parent_id: '0',
      code: dictionary.code,
      dict_key: '-1',
      dict_value: dictionary.name,
      sort: 0,
      remark: '',
      is_sealed: 0,
      // The tenant's own dictionary: its administrator may add, change and delete items (005-crud).
      is_admin: 1,
      create_time: now,
      update_user: userId,
    })
    .execute();
  return id;
}

/** Items of the tenant under `parentId` (its own dictionary, or its copy under the platform's), sorted from `firstSort`. */
export async function insertDictionaryItems(
  db: Kysely<Database>,
  tenantId: string,
  target: { parentId: string; code: string; firstSort: number },
  items: readonly DictOption[],
  userId: string,
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('blade_dict_biz')
    .values(
      items.map((item, i) => ({
        id: newId(now.getTime()),
        tenant_id: tenantId,
        parent_id: target.parentId,
        code: target.code,
        dict_key: item.value,
        dict_value: item.label,
        pdf_key: item.label,
        sort: target.firstSort + i,
        remark: '',
        is_sealed: 0,
        create_time: now,
        update_user: userId,
      })),
    )
    .execute();
}
