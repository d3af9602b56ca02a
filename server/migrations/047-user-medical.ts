import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 就医记录 (spec 001 §7 usermedical: list sorted descs visit_date, detail, submit, remove, detail-list):
 * a time a tenant's resident sought care — the archive, the date, the kind of care (门诊, 急诊, 住院,
 * 家庭病床: codemaps medical_visit_type, after the 住院治疗情况 of the 健康体检表 of 国家基本公共卫生服务规范
 * （第三版）, which records 住院史 and 家庭病床史 with 原因, 医疗机构名称 and 病案号), the institution and
 * department, the diagnosis (原因), the treatment, the case number and the doctor seen. Served by its
 * resource document; detail-list (a resident's records) is the block's alias of list with archId_equal.
 * Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_medical (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      visit_date date NOT NULL,
      visit_type text NOT NULL,
      institution text NOT NULL,
      department text NOT NULL DEFAULT '',
      diagnosis text NOT NULL,
      treatment text NOT NULL DEFAULT '',
      case_no text NOT NULL DEFAULT '',
      doctor_name text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_user_medical_arch ON iph_user_medical (tenant_id, arch_id, visit_date) WHERE is_deleted = 0;
    CREATE INDEX iph_user_medical_date ON iph_user_medical (tenant_id, visit_date) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_medical;`);
}
