import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * 质量管理 (issue 34, decision 0042): a tenant's own quality topics, edited on the 质量管理 screen.
 * `document` is the topic in the same JSON shape as quality/<code>.json (code, name, qualityType,
 * queryType, form, source, rules, cases); a row whose code is a file's replaces that file's topic for
 * this tenant, any other code adds a topic. `version` counts the saves (a save names the version it
 * read, so two editors do not overwrite each other); removal is soft, and a removed override lets
 * the file's topic show again. One live row per tenant and code. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_quality_topic (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      code text NOT NULL,
      document jsonb NOT NULL,
      version integer NOT NULL DEFAULT 1,
      is_deleted integer NOT NULL DEFAULT 0,
      create_user text NOT NULL,
      create_time timestamptz NOT NULL DEFAULT now(),
      update_user text NOT NULL,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX iph_quality_topic_code ON iph_quality_topic (tenant_id, code) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_quality_topic;`);
}
