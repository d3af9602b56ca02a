import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 签到分组 and 签到预防记录 (spec 001 §7 usercheckingroup, usercheckinprevent; issue 31): a group of a
 * tenant's residents checked in together (a name, a date, a place) and one row per resident checked
 * into it (the group, the archive, the preventive measure taken, a remark). A resident is checked into
 * a group once (the unique index says so to a concurrent add too); checkin-group-archives-by-arch-id
 * reads the groups of a resident through the second table (server/checkins). Both are served by their
 * resource documents. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_checkin_group (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      group_name text NOT NULL,
      checkin_date date NOT NULL,
      place text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_checkin_group_name ON iph_user_checkin_group (tenant_id, group_name, checkin_date) WHERE is_deleted = 0;
    CREATE INDEX iph_user_checkin_group_date ON iph_user_checkin_group (tenant_id, checkin_date) WHERE is_deleted = 0;
    CREATE TABLE iph_user_checkin_prevent (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      group_id text NOT NULL,
      arch_id text NOT NULL,
      measure text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_checkin_prevent_arch ON iph_user_checkin_prevent (tenant_id, group_id, arch_id) WHERE is_deleted = 0;
    CREATE INDEX iph_user_checkin_prevent_by_arch ON iph_user_checkin_prevent (tenant_id, arch_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_checkin_prevent; DROP TABLE iph_user_checkin_group;`);
}
