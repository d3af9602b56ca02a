import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 用药记录 (spec 001 §7 usermedication: list, save, remove): a drug a tenant's resident takes. The
 * fields follow the 用药情况 table of the follow-up forms of 国家基本公共卫生服务规范（第三版）
 * (高血压、2型糖尿病患者随访服务记录表: 药物名称, 用法用量 每日×次 每次×mg, and 服药依从性 规律/间断/不服药)
 * and the 主要用药情况 of its 健康体检表 (药物名称, 用法, 用量, 用药时间): the archive, the drug's name,
 * its usage (用法, codemaps med_usage), the dose (用量, as written: 每次5mg), the frequency (codemaps
 * med_frequency), the start and stop dates (stop not before start, also a table check), the
 * compliance (codemaps drug_compliance) and a remark. Served by its resource document; push-to-jw
 * belongs to the push queue. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_medication (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      drug_name text NOT NULL,
      drug_usage text NOT NULL,
      dosage text NOT NULL,
      frequency text NOT NULL,
      start_date date NOT NULL,
      stop_date date,
      compliance text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS},
      CHECK (stop_date IS NULL OR stop_date >= start_date)
    );
    CREATE INDEX iph_user_medication_arch ON iph_user_medication (tenant_id, arch_id, start_date) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_medication;`);
}
