import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 家庭医生签约 (blade-iph-business usercontracts; spec 001 §7 line 114, issue 33): a resident's
 * family-doctor contract — the team and doctor, the service packs chosen from the tenant's catalogue
 * (iph_service_pack; ids and names kept as signed, so a later change of the catalogue does not
 * rewrite a signed contract), the fee, the period, and its state (server/contracts/README.md,
 * decision 0031): 0 待签约, 1 已签约, 2 生效中, 4 已解约, 5 已作废 (已到期 is read from the period).
 * The resident's signature is an attachment of the tenant (blade_attach, `autograph_id`).
 * `batch_no` joins the contracts of one family or batch signing; `gw_id` is the regional platform's
 * id of that signing. At most one open contract (0, 1, 2) per resident and period: the service
 * checks overlapping periods inside a transaction holding the resident's lock.
 * Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_contract (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      contract_no text NOT NULL,
      arch_id text NOT NULL,
      person_name text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      team_id text NOT NULL DEFAULT '',
      team_name text NOT NULL DEFAULT '',
      doctor_id text NOT NULL DEFAULT '',
      doctor_name text NOT NULL DEFAULT '',
      pack_ids text NOT NULL DEFAULT '',
      pack_names text NOT NULL DEFAULT '',
      fee numeric(12, 2) NOT NULL DEFAULT 0,
      start_date date NOT NULL,
      end_date date NOT NULL,
      state integer NOT NULL DEFAULT 0,
      sign_type integer NOT NULL DEFAULT 1,
      batch_no text NOT NULL DEFAULT '',
      gw_id text NOT NULL DEFAULT '',
      autograph_id text,
      sign_user text,
      sign_user_name text NOT NULL DEFAULT '',
      sign_time timestamptz,
      effect_time timestamptz,
      end_reason text NOT NULL DEFAULT '',
      end_time timestamptz,
      end_user_name text NOT NULL DEFAULT '',
      renew_from text,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_contract_no ON iph_user_contract (tenant_id, contract_no);
    CREATE INDEX iph_user_contract_arch ON iph_user_contract (tenant_id, arch_id) WHERE is_deleted = 0;
    CREATE INDEX iph_user_contract_state ON iph_user_contract (tenant_id, state, start_date) WHERE is_deleted = 0;
    CREATE INDEX iph_user_contract_batch ON iph_user_contract (tenant_id, batch_no) WHERE is_deleted = 0 AND batch_no <> '';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_contract;`);
}
