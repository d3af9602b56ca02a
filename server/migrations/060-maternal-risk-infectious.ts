import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * The purple mark of a pregnancy (孕产妇妊娠风险评估与管理工作规范, 国卫办妇幼发〔2017〕35号: 紫色 — 孕妇患有
 * 传染性疾病 — "可同时伴有其他颜色的风险标识"): `risk_color` keeps the grade (green … red, the highest colour
 * among the factors ticked) and `risk_infectious` 1 says purple is shown beside it. Both are written
 * after each graded maternal record is saved (server/maternal-care/, the newest graded record wins).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE iph_user_archives_other ADD COLUMN risk_infectious smallint NOT NULL DEFAULT 0 CHECK (risk_infectious IN (0, 1));`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE iph_user_archives_other DROP COLUMN risk_infectious;`);
}
