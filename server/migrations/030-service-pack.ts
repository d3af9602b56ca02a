import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 服务包 (blade-iph-business servicepack; spec 002 §7, issue 31): a tenant's family-doctor contract
 * service packages (code, name, type, price, target crowd, service period, status), served by its
 * resource document (schemas/crud/servicepack.crud.json); newList and syn-service-pack are named
 * handlers in server/catalogue. The code is unique among a tenant's live packs (syn-service-pack
 * matches packs across tenants by it). Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_service_pack (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      pack_code text NOT NULL,
      pack_name text NOT NULL,
      pack_type text NOT NULL DEFAULT '1',
      price numeric(12, 2) NOT NULL DEFAULT 0,
      target_crowd text NOT NULL DEFAULT '',
      service_months integer NOT NULL DEFAULT 12,
      status integer NOT NULL DEFAULT 1,
      description text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_service_pack_code ON iph_service_pack (tenant_id, pack_code) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_service_pack;`);
}
