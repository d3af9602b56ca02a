import { sql, type Kysely } from 'kysely';

/**
 * Row-level security by tenant (docs/architecture.md §6), installed at every start so that tables added by
 * later migrations — anyone's — are covered without a list to keep up to date: every table of the
 * schema with a tenant_id column gets ENABLE + FORCE ROW LEVEL SECURITY and the policy
 *
 *   tenant_id = (select current_setting('app.tenant_id', true)) OR (select current_setting('app.bypass_rls', true)) = 'on'
 *
 * Statements of the app run as APP_ROLE, a NOLOGIN role that is not a superuser, owns nothing and
 * has only SELECT/INSERT/UPDATE/DELETE: a superuser (which is what PGlite's user and the test URL
 * of scripts/ensure-postgres.sh are) ignores row-level security even when it is forced, so the
 * driver switches to this role inside every transaction (scoped-driver.ts, scope-sql.ts). Migrations and
 * this installation run as the connecting (owner) user.
 *
 * The repositories still filter by tenant in every query: this is the second lock, against a
 * query that forgot to. It is not a defence against SQL injection (injected SQL could change the
 * settings); bound parameters are.
 */
export const APP_ROLE = 'phw_app';

/**
 * Tables whose root-tenant (000000) rows are platform defaults every tenant reads (dictionaries and
 * system parameters fall back to them; administrative divisions are the root's only): SELECT of
 * those rows is allowed to all; writes are not.
 */
export const PLATFORM_DEFAULT_TABLES: readonly string[] = ['blade_dict', 'blade_dict_biz', 'blade_param', 'blade_region'];
export const PLATFORM_TENANT = '000000';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of the current schema that have a tenant_id column, from the catalogue. */
export async function tenantTables<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`.execute(db);
  return rows.map((r) => r.table_name);
}

/** Creates the app role when missing (roles are cluster-wide: several databases share it). */
async function ensureAppRole<DB>(db: Kysely<DB>): Promise<void> {
  // Concurrent starts (parallel test files) may both try to create it: the loser's error is harmless.
  await sql
    .raw(
      `
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        BEGIN
          CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
      -- A non-superuser owner must be a member to switch to the role; a superuser may switch anyway.
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') THEN
        EXECUTE format('GRANT %I TO %I', '${APP_ROLE}', current_user);
      END IF;
    END
    $$`,
    )
    .execute(db);
}

/** Grants, role and policies; idempotent, run after the migrations at every start. */
export async function installTenantRls<DB>(db: Kysely<DB>): Promise<string[]> {
  await ensureAppRole(db);
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
  await sql.raw(`GRANT USAGE ON SCHEMA ${ident(schema)} TO ${APP_ROLE}`).execute(db);
  await sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${ident(schema)} TO ${APP_ROLE}`).execute(db);
  await sql.raw(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${ident(schema)} TO ${APP_ROLE}`).execute(db);
  const tables = await tenantTables(db);
  // Each setting in a scalar subquery: the planner makes it an InitPlan, read once per statement
  // instead of two current_setting calls per row (an index scan over 100,000 archives: ~12 → ~8 ms,
  // docs/decisions/0016). Same meaning as the plain calls; the repositories' own tenant_id = $1 still
  // drives the index.
  const allowed = `tenant_id = (select current_setting('app.tenant_id', true)) OR (select current_setting('app.bypass_rls', true)) = 'on'`;
  for (const table of tables) {
    const t = ident(table);
    await sql.raw(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`).execute(db);
    await sql.raw(`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`).execute(db);
    // Dropped and made again so a changed policy text reaches databases created before the change.
    await sql.raw(`DROP POLICY IF EXISTS tenant_isolation ON ${t}`).execute(db);
    await sql.raw(`CREATE POLICY tenant_isolation ON ${t} USING (${allowed}) WITH CHECK (${allowed})`).execute(db);
    await sql.raw(`DROP POLICY IF EXISTS platform_defaults ON ${t}`).execute(db);
    if (PLATFORM_DEFAULT_TABLES.includes(table)) {
      await sql.raw(`CREATE POLICY platform_defaults ON ${t} FOR SELECT USING (tenant_id = '${PLATFORM_TENANT}')`).execute(db);
    }
  }
  return tables;
}
