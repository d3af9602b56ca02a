import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface MsgTempRow {
  id: string;
  tenant_id: string;
  title: string;
  category: string;
  content: string;
  send_method: string;
  status: number;
  remark: string;
  row_version: number;
  create_time: Date;
  update_user: string | null;
  update_time: Date | null;
  [column: string]: unknown;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tenant's live enabled templates (iph_msg_temp, migration 042), by category and title; at most `limit`. */
export async function findEnabledTemplates(
  db: Kysely<Database>,
  tenantId: string,
  category: string | undefined,
  title: string | undefined,
  limit: number,
): Promise<MsgTempRow[]> {
  const like = title ? `%${escapeLike(title)}%` : null;
  const { rows } = await sql<MsgTempRow>`select * from iph_msg_temp
    where tenant_id = ${tenantId} and is_deleted = 0 and status = 1
      and (${category ?? null}::text is null or category = ${category ?? null})
      and (${like}::text is null or title like ${like})
    order by category, title, id limit ${limit}`.execute(db);
  return rows;
}
