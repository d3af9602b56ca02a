import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 消息模板 (spec 001 §7 msgtemp; issue 31): a tenant's message templates — title, category, content
 * with {placeholders}, send method, status — served by its resource document
 * (schemas/crud/msgtemp.crud.json); the lookups list-msg-temp and list-msg-temp-dis are
 * server/messages. The title is unique among a tenant's live rows. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_msg_temp (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      title text NOT NULL,
      category text NOT NULL DEFAULT '1',
      content text NOT NULL,
      send_method text NOT NULL DEFAULT '1',
      status integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_msg_temp_title ON iph_msg_temp (tenant_id, title) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_msg_temp;`);
}
