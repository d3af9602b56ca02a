import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * Departments (full fields, soft delete), posts, regions (issue 21 §2, spec 002 §7).
 *
 * - blade_dept gets BladeX's remaining columns: full_name, remark, is_deleted, row_version (an
 *   update must carry it: 428 / 409 as archives) and who changed it when (the 409 names them).
 *   Ancestors are not stored: they follow from parent_id, read whole per tenant, so a moved
 *   department can never leave stale ancestors behind in its subtree.
 * - blade_post: a tenant's posts (岗位); the code is unique among the tenant's live posts.
 * - blade_region: administrative divisions (行政区划), platform rows of the root tenant 000000,
 *   keyed by their national code; a child's code starts with its parent's. Seeded with the part of
 *   广东省 the seeded tenants' region codes name (4416 河源市, 441602 源城区, 441621 紫金县).
 * Every table has tenant_id, so row-level security reaches them at start-up (db/tenant-rls.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE blade_dept ADD COLUMN full_name text NOT NULL DEFAULT '';
    ALTER TABLE blade_dept ADD COLUMN remark text NOT NULL DEFAULT '';
    ALTER TABLE blade_dept ADD COLUMN is_deleted integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_dept ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_dept ADD COLUMN create_user text;
    ALTER TABLE blade_dept ADD COLUMN create_time timestamptz NOT NULL DEFAULT now();
    ALTER TABLE blade_dept ADD COLUMN update_user text;
    ALTER TABLE blade_dept ADD COLUMN update_time timestamptz;
    CREATE INDEX blade_dept_parent ON blade_dept (tenant_id, parent_id) WHERE is_deleted = 0;
    CREATE TABLE blade_post (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      category integer NOT NULL DEFAULT 4,
      post_code text NOT NULL,
      post_name text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      remark text NOT NULL DEFAULT '',
      is_deleted integer NOT NULL DEFAULT 0,
      row_version integer NOT NULL DEFAULT 1,
      create_user text,
      create_time timestamptz NOT NULL DEFAULT now(),
      update_user text,
      update_time timestamptz
    );
    CREATE UNIQUE INDEX blade_post_code ON blade_post (tenant_id, post_code) WHERE is_deleted = 0;
    CREATE TABLE blade_region (
      code text PRIMARY KEY,
      tenant_id text NOT NULL DEFAULT '000000',
      parent_code text NOT NULL,
      ancestors text NOT NULL,
      name text NOT NULL,
      region_level integer NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      remark text NOT NULL DEFAULT '',
      is_deleted integer NOT NULL DEFAULT 0,
      row_version integer NOT NULL DEFAULT 1,
      update_user text,
      update_time timestamptz
    );
    CREATE INDEX blade_region_parent ON blade_region (tenant_id, parent_code) WHERE is_deleted = 0;
    INSERT INTO blade_region (code, parent_code, ancestors, name, region_level, sort) VALUES
      ('44', '00', '00', '广东省', 1, 44),
      ('4416', '44', '00,44', '河源市', 2, 16),
      ('441602', '4416', '00,44,4416', '源城区', 3, 1),
      ('441621', '4416', '00,44,4416', '紫金县', 3, 2),
      ('441622', '4416', '00,44,4416', '龙川县', 3, 3),
      ('441623', '4416', '00,44,4416', '连平县', 3, 4),
      ('441624', '4416', '00,44,4416', '和平县', 3, 5),
      ('441625', '4416', '00,44,4416', '东源县', 3, 6),
      ('441602001', '441602', '00,44,4416,441602', '上城街道', 4, 1),
      ('441602002', '441602', '00,44,4416,441602', '新江街道', 4, 2),
      ('441602003', '441602', '00,44,4416,441602', '东埔街道', 4, 3),
      ('441602100', '441602', '00,44,4416,441602', '源南镇', 4, 4),
      ('441602101', '441602', '00,44,4416,441602', '埔前镇', 4, 5);
    INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort) VALUES
      ('1610', '000000', 3, 'general_practitioner', '全科医生', 1),
      ('1611', '000000', 3, 'public_health_doctor', '公卫医生', 2),
      ('1612', '000000', 3, 'nurse', '护士', 3),
      ('1613', '000000', 2, 'team_leader', '家庭医生团队长', 4)
    `,
  );
}
