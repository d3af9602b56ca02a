import { sql, type Kysely } from 'kysely';

/**
 * 上报 of more records (issue 34, decision 0033): the family-doctor contracts to the regional system
 * (GW, a SIGN document) and the maternal and child cases to the provincial maternal and child system
 * (SFY), each row written by a trigger in the save's own transaction, as 068 does for records and
 * archives. Medication, habits, vouchers and the inquiry forms are pushed on request (server/push
 * `pushTo`), so they need no trigger.
 *
 * Neither table's row_version counts every change (the maternal risk colour, the delivery day, the
 * close-off and the child's high-risk flag are written without it), so the pushed version is the
 * outbox row's own counter: every change of the source is one more version, with its own
 * idempotency key `<system>:<source id>:v<n>`. A contract is pushed when it becomes 已签约, 生效中
 * or 已解约 (1, 2, 4), and when a signed one is voided (已签约 / 生效中 → 已作废 5: the regional
 * system holds the signing); a 待签约 is the clinic's draft and is not reported. A case is pushed
 * when it is filed and on every change (an update, a close-off, a cancel, a restore). Only writes in
 * a tenant's scope count (app.tenant_id set), as in 068.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE FUNCTION iph_push_outbox_next(p_system text, p_tenant text, p_kind text, p_source text, p_arch text, p_form text)
      RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(current_setting('app.tenant_id', true), '') = '' THEN
        RETURN;
      END IF;
      INSERT INTO iph_push_outbox (id, tenant_id, source_kind, source_id, arch_id, form_code, system, idempotency_key, content_version)
        VALUES (p_system || ':' || p_kind || ':' || p_source, p_tenant, p_kind, p_source, p_arch, p_form, p_system,
                p_system || ':' || p_source || ':v1', 1)
      ON CONFLICT (id) DO UPDATE SET state = 0, attempts = 0, last_error = '', job_id = NULL, enqueued_time = NULL,
        next_try_time = NULL, form_code = EXCLUDED.form_code,
        content_version = iph_push_outbox.content_version + 1,
        idempotency_key = p_system || ':' || p_source || ':v' || (iph_push_outbox.content_version + 1),
        update_time = now();
    END
    $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION iph_push_outbox_contract() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.is_deleted = 0 AND (NEW.state IN (1, 2, 4)
          OR (TG_OP = 'UPDATE' AND NEW.state = 5 AND OLD.state IN (1, 2))) THEN
        PERFORM iph_push_outbox_next('GW', NEW.tenant_id, 'contract', NEW.id, NEW.arch_id, 'contract');
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
    CREATE FUNCTION iph_push_outbox_case() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A write that changes nothing but who and when (the same risk colour again) is not a new version.
      IF NEW.is_deleted = 0 AND (TG_OP = 'INSERT'
          OR to_jsonb(NEW) - 'update_time' - 'update_user' IS DISTINCT FROM to_jsonb(OLD) - 'update_time' - 'update_user') THEN
        PERFORM iph_push_outbox_next('SFY', NEW.tenant_id, 'archive_other', NEW.id, NEW.arch_id, NEW.kind);
      END IF;
      RETURN NULL;
    END
    $$
  `,
    )
    .execute(db);
  // A new contract counts when it is created signed (one-key signing); a change only when its state changes.
  await sql
    .raw(
      `CREATE TRIGGER iph_push_outbox_contract AFTER INSERT ON iph_user_contract FOR EACH ROW
       WHEN (NEW.state IN (1, 2, 4)) EXECUTE FUNCTION iph_push_outbox_contract()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER iph_push_outbox_contract_state AFTER UPDATE OF state ON iph_user_contract FOR EACH ROW
       WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION iph_push_outbox_contract()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER iph_push_outbox_case AFTER INSERT OR UPDATE ON iph_user_archives_other FOR EACH ROW
       EXECUTE FUNCTION iph_push_outbox_case()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TRIGGER iph_push_outbox_case ON iph_user_archives_other`).execute(db);
  await sql.raw(`DROP TRIGGER iph_push_outbox_contract_state ON iph_user_contract`).execute(db);
  await sql.raw(`DROP TRIGGER iph_push_outbox_contract ON iph_user_contract`).execute(db);
  await sql.raw(`DROP FUNCTION iph_push_outbox_case()`).execute(db);
  await sql.raw(`DROP FUNCTION iph_push_outbox_contract()`).execute(db);
  await sql.raw(`DROP FUNCTION iph_push_outbox_next(text, text, text, text, text, text)`).execute(db);
}
