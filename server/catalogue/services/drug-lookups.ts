// The drug catalogue's calls beyond CRUD (spec 002 §7 drugs/newList, blade-system/yaopin/listDict):
// the CRUD part is its resource document's (schemas/crud/drugs.crud.json); these are the lookups the
// medication records and pickers use.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { resourceView, type ResourceDocument, type ResourceView } from '../../resource-documents/index';
import { findDrugsByText } from '../repositories/drugs';

/** How many drugs a lookup answers at most (a picker shows the first ones; typing narrows them). */
export const DRUG_LOOKUP_LIMIT = 200;

/** drugs/newList: the drugs whose name or pinyin contains the text, of a status when given, as the CRUD list's rows. */
export async function drugNewList(
  db: Kysely<Database>,
  document: ResourceDocument,
  tenantId: string,
  text: string | undefined,
  status: number | undefined,
): Promise<ResourceView[]> {
  const rows = await findDrugsByText(db, tenantId, text?.trim() || undefined, status, DRUG_LOOKUP_LIMIT);
  return rows.map((r) => resourceView(document.block, r));
}

/** yaopin/listDict: the enabled drugs matching a name, for the medication records' picker. */
export async function drugDictionary(db: Kysely<Database>, document: ResourceDocument, tenantId: string, name: string | undefined) {
  return drugNewList(db, document, tenantId, name, 1);
}
