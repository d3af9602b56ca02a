import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 家庭档案 (spec 001 §3 "Family archive with members", §7 userfamilyarchives / userfamilyarchivesdts;
 * issue 31): a family of a tenant (its householder is one of the tenant's archives, a family number,
 * an address, a remark) and its members (an archive and its relation to the householder, dictionary
 * family_relation after GB/T 4761). A resident is a member of at most one live family (the unique
 * index says so to a concurrent add too); the member's archive carries the family's id in
 * user_archive.family_id, set and cleared by server/families. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_family_archives (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      householder_arch_id text NOT NULL,
      family_no text NOT NULL,
      address text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_family_archives_no ON iph_user_family_archives (tenant_id, family_no) WHERE is_deleted = 0;
    CREATE UNIQUE INDEX iph_user_family_archives_householder ON iph_user_family_archives (tenant_id, householder_arch_id) WHERE is_deleted = 0;
    CREATE TABLE iph_user_family_archives_dts (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      family_id text NOT NULL,
      arch_id text NOT NULL,
      relation text NOT NULL,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_family_archives_dts_arch ON iph_user_family_archives_dts (tenant_id, arch_id) WHERE is_deleted = 0;
    CREATE INDEX iph_user_family_archives_dts_family ON iph_user_family_archives_dts (tenant_id, family_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_family_archives_dts; DROP TABLE iph_user_family_archives;`);
}
