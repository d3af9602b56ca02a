import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 转移 (spec 001 §7 usertransferdoctor, usertransferarchives; issue 31): a proposal to move a resident's
 * archive to another team and/or doctor of the same institution. Status 0 待确认, 1 已确认, 2 已退回,
 * 3 已撤回. The archive's doctor and team at the time of the proposal are kept beside the target, so
 * the list reads "from → to" after the archive has changed. One pending proposal per archive (the
 * unique index says so to concurrent proposals too). Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_transfer (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      person_name text NOT NULL DEFAULT '',
      from_doctor_id text NOT NULL DEFAULT '',
      from_doctor_name text NOT NULL DEFAULT '',
      from_team_id text NOT NULL DEFAULT '',
      from_team_name text NOT NULL DEFAULT '',
      to_doctor_id text NOT NULL DEFAULT '',
      to_doctor_name text NOT NULL DEFAULT '',
      to_team_id text NOT NULL DEFAULT '',
      to_team_name text NOT NULL DEFAULT '',
      reason text NOT NULL,
      status integer NOT NULL DEFAULT 0,
      proposer_name text NOT NULL DEFAULT '',
      back_reason text NOT NULL DEFAULT '',
      remove_family_dts integer NOT NULL DEFAULT 0,
      confirm_user text,
      confirm_user_name text NOT NULL DEFAULT '',
      confirm_time timestamptz,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_transfer_pending ON iph_user_transfer (tenant_id, arch_id) WHERE is_deleted = 0 AND status = 0;
    CREATE INDEX iph_user_transfer_to_doctor ON iph_user_transfer (tenant_id, to_doctor_id) WHERE is_deleted = 0;
    CREATE INDEX iph_user_transfer_proposer ON iph_user_transfer (tenant_id, create_user) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_transfer;`);
}
