import { sql, type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * 上报 (issue 34, decision 0033): the durable outbox of pushes to external systems. One row per
 * (record, target system): `source_kind` 'followup' (form_record) or 'archive' (user_archive),
 * `system` GW (regional public-health system), JW, SFY or HIS. `state` 0 待上报, 1 上报中, 2 已上报,
 * 3 失败 (a retry is due at next_try_time), 4 终止 (out of attempts: the dead letter), 5 已清除 (a
 * user cleared the error). `idempotency_key` is `<system>:<source id>:v<row version>`: one content
 * version is counted once by the external system however often it is sent.
 *
 * The rows for GW are written by triggers on form_record and user_archive, so they are in the same
 * transaction as the record's save whatever path saved it; a later version resets its row to 待上报
 * with a new key. Only writes in a tenant's scope count (app.tenant_id set): seeds, benchmark
 * generators and other system work are not reported. The relay (server/push) queues rows 待上报 that have no job yet.
 * Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_push_outbox (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      source_kind text NOT NULL,
      source_id text NOT NULL,
      arch_id text NOT NULL,
      form_code text NOT NULL DEFAULT '',
      system text NOT NULL,
      state integer NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      last_error text NOT NULL DEFAULT '',
      idempotency_key text NOT NULL,
      content_version integer NOT NULL DEFAULT 1,
      external_id text NOT NULL DEFAULT '',
      job_id text,
      enqueued_time timestamptz,
      next_try_time timestamptz,
      last_try_time timestamptz,
      pushed_time timestamptz,
      create_time timestamptz NOT NULL DEFAULT now(),
      update_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX iph_push_outbox_source ON iph_push_outbox (tenant_id, source_kind, source_id, system);
    CREATE INDEX iph_push_outbox_state ON iph_push_outbox (tenant_id, state, update_time DESC);
    CREATE INDEX iph_push_outbox_relay ON iph_push_outbox (state, enqueued_time);
    CREATE INDEX iph_push_outbox_rate ON iph_push_outbox (tenant_id, last_try_time);
  `,
  );
  await sql
    .raw(
      `
    CREATE FUNCTION iph_push_outbox_write(p_tenant text, p_kind text, p_source text, p_arch text, p_form text, p_version integer)
      RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      -- Only what is saved in a tenant's scope (a user's request, a tenant's job) is reported: the
      -- first-start seed, benchmark generators and other system work write no rows.
      IF coalesce(current_setting('app.tenant_id', true), '') = '' THEN
        RETURN;
      END IF;
      INSERT INTO iph_push_outbox (id, tenant_id, source_kind, source_id, arch_id, form_code, system, idempotency_key, content_version)
        VALUES ('GW:' || p_kind || ':' || p_source, p_tenant, p_kind, p_source, p_arch, p_form, 'GW',
                'GW:' || p_source || ':v' || p_version, p_version)
      ON CONFLICT (id) DO UPDATE SET state = 0, attempts = 0, last_error = '', job_id = NULL, enqueued_time = NULL,
        next_try_time = NULL, idempotency_key = EXCLUDED.idempotency_key, content_version = EXCLUDED.content_version,
        update_time = now()
      WHERE iph_push_outbox.content_version <> EXCLUDED.content_version;
    END
    $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION iph_push_outbox_record() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.is_deleted = 0 THEN
        PERFORM iph_push_outbox_write(NEW.tenant_id, 'followup', NEW.id, NEW.arch_id, NEW.form_code, NEW.row_version);
      END IF;
      RETURN NULL;
    END
    $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION iph_push_outbox_archive() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.is_deleted = 0 THEN
        PERFORM iph_push_outbox_write(NEW.tenant_id, 'archive', NEW.id, NEW.id, 'archive', NEW.row_version);
      END IF;
      RETURN NULL;
    END
    $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER iph_push_outbox_record AFTER INSERT OR UPDATE OF "values" ON form_record FOR EACH ROW EXECUTE FUNCTION iph_push_outbox_record()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER iph_push_outbox_archive AFTER INSERT OR UPDATE OF row_version ON user_archive FOR EACH ROW EXECUTE FUNCTION iph_push_outbox_archive()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `DROP TRIGGER iph_push_outbox_archive ON user_archive; DROP TRIGGER iph_push_outbox_record ON form_record;
     DROP FUNCTION iph_push_outbox_archive(); DROP FUNCTION iph_push_outbox_record();
     DROP FUNCTION iph_push_outbox_write(text, text, text, text, text, integer); DROP TABLE iph_push_outbox;`,
  );
}
