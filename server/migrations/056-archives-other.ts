import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * A resident's "other" archive (spec 001 §7 userarchivesother; issue 32): the case a maternal or child
 * programme keeps beside the resident's health archive, its id the `otherId` every maternal and child
 * form record carries (iph_form_record.other_id).
 * - kind 'maternal': one pregnancy (孕产妇保健管理, 国家基本公共卫生服务规范 第三版): the last menstrual
 *   period, the due date made from it (stored, so a corrected LMP shows in the lists at once), gravidity
 *   and parity, the pregnancy archive number (母子健康手册/孕产妇保健手册 number) and a barcode, the
 *   current risk colour of 孕产妇妊娠风险评估与管理工作规范 (green … purple, written by the forms' rules).
 *   At most one open pregnancy per resident (the partial unique index).
 * - kind 'child': one child in 0–6 岁儿童健康管理: birth date, sex and birth weight as filed, the
 *   mother's archive when she is a resident, the high-risk flag.
 * status '1' 在管 (managed), '2' 结案 (closed off: the 42-day exam, a child past 6, …, with the date and
 * reason), '3' 已注销 (cancelled, with the reason; restorable). Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_archives_other (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('maternal', 'child')),
      archive_no text NOT NULL DEFAULT '',
      barcode text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT '1' CHECK (status IN ('1', '2', '3')),
      close_date date,
      close_reason text NOT NULL DEFAULT '',
      cancel_reason text NOT NULL DEFAULT '',
      cancel_time timestamptz,
      doctor_id text,
      doctor_name text NOT NULL DEFAULT '',
      unit_name text NOT NULL DEFAULT '',
      lmp date,
      due_date date,
      gravidity integer CHECK (gravidity IS NULL OR gravidity BETWEEN 1 AND 20),
      parity integer CHECK (parity IS NULL OR parity BETWEEN 0 AND 20),
      risk_color text NOT NULL DEFAULT '' CHECK (risk_color IN ('', 'green', 'yellow', 'orange', 'red', 'purple')),
      delivery_date date,
      birth_date date,
      birth_weight numeric(4, 2) CHECK (birth_weight IS NULL OR birth_weight BETWEEN 0.3 AND 7),
      child_sex text NOT NULL DEFAULT '',
      mother_arch_id text,
      high_risk smallint NOT NULL DEFAULT 0,
      ${RESOURCE_ROW_COLUMNS},
      CHECK (kind <> 'maternal' OR lmp IS NOT NULL),
      CHECK (kind <> 'child' OR birth_date IS NOT NULL)
    );
    CREATE INDEX iph_user_archives_other_arch ON iph_user_archives_other (tenant_id, arch_id, kind) WHERE is_deleted = 0;
    CREATE INDEX iph_user_archives_other_list ON iph_user_archives_other (tenant_id, kind, status, create_time) WHERE is_deleted = 0;
    CREATE UNIQUE INDEX iph_user_archives_other_one_pregnancy ON iph_user_archives_other (tenant_id, arch_id)
      WHERE is_deleted = 0 AND kind = 'maternal' AND status = '1';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_archives_other;`);
}
