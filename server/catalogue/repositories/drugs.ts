import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DrugTable } from '../../db/schema';

export type DrugRow = Selectable<DrugTable>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The tenant's live drugs whose name or pinyin initials contain `text` (none: all), optionally of one
 * status, by code; at most `limit` rows — a lookup, not a page.
 */
export async function findDrugsByText(
  db: Kysely<Database>,
  tenantId: string,
  text: string | undefined,
  status: number | undefined,
  limit: number,
): Promise<DrugRow[]> {
  const like = text ? `%${escapeLike(text)}%` : undefined;
  return db
    .selectFrom('iph_drugs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .$if(like !== undefined, (q) => q.where((eb) => eb.or([eb('ypmc', 'ilike', like!), eb('pym', 'ilike', like!)])))
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .orderBy(sql`ypbm`)
    .limit(limit)
    .execute();
}

/** The tenant's live drug of that code (the import's cover-existing switch updates it). */
export async function findDrugByCode(db: Kysely<Database>, tenantId: string, code: string): Promise<DrugRow | undefined> {
  return db
    .selectFrom('iph_drugs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('ypbm', '=', code)
    .executeTakeFirst();
}
