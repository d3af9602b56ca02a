import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 生活习惯 (spec 001 §7 userinfohabits: save, info/{id}; issue 31): a tenant's resident's way of life,
 * one live row per archive (a unique index, and the block's uniqueness so a second row is a clear
 * message; save with the row's id and version updates it). The fields are the 生活方式 part of the
 * 健康体检表 of 国家基本公共卫生服务规范（第三版）, with its codes (codemaps/physical-exam.json): 体育锻炼
 * (锻炼频率, 每次锻炼时间 分钟, 坚持锻炼时间 年, 锻炼方式), 饮食习惯, 吸烟情况 (吸烟状况, 日吸烟量 支, 开始吸烟年龄,
 * 戒烟年龄), 饮酒情况 (饮酒频率, 日饮酒量 两, 是否戒酒, 戒酒年龄, 开始饮酒年龄, 近一年内是否曾醉酒) and
 * 职业病危害因素接触史 (有: 工种及危害因素), with the day they were asked. 饮食习惯 keeps the main habit only
 * (the form allows several; a resource column holds one value). Served by its resource document;
 * info/{id} (server/resident-records) reads the row of an archive. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_info_habits (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      survey_date date NOT NULL,
      exercise_frequency text NOT NULL,
      exercise_minutes integer,
      exercise_years integer,
      exercise_mode text NOT NULL DEFAULT '',
      diet_habit text NOT NULL,
      smoking_status text NOT NULL,
      daily_smoking integer,
      smoking_start_age integer,
      quit_smoking_age integer,
      drinking_frequency text NOT NULL,
      daily_drinking numeric,
      drinking_status text NOT NULL DEFAULT '',
      drinking_start_age integer,
      quit_drinking_age integer,
      drunk_last_year text NOT NULL DEFAULT '',
      occupational_exposure text NOT NULL,
      occupation_detail text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_info_habits_arch ON iph_user_info_habits (tenant_id, arch_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_info_habits;`);
}
