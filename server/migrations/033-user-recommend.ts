import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 服务推荐 (blade-iph-business userrecommend; spec 002 §7, issue 31): which service pack a tenant
 * recommends to a crowd (a crowd-label code of user_archive.crowd_labels), why, in which order.
 * One live recommendation per crowd and pack. Served by schemas/crud/userrecommend.crud.json;
 * apply-modal (the packs recommended for one resident's labels) is a named handler.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_recommend (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      crowd_code text NOT NULL,
      pack_id text NOT NULL,
      reason text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      status integer NOT NULL DEFAULT 1,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_recommend_pair ON iph_user_recommend (tenant_id, crowd_code, pack_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_recommend;`);
}
